// Sign-in and password recovery (spec 1 sections 2, 5 and 8).
import { test, expect, admin, loginAs, shot, strongPassword, toast, uniqueEmail } from './fixtures.ts'

test('the administrator logs in and lands on the overview', async ({ page }) => {
  await page.goto('/')
  await shot(page, 'login')
  await loginAs(page, admin.email, admin.password)
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(toast(page, 'Logado com sucesso')).toBeVisible()
  await shot(page, 'overview-admin')

  // A stored session sends / straight back to the overview.
  await page.goto('/')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a wrong password shows the error toast and keeps the user on the login screen', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('E-mail', { exact: true }).fill(admin.email)
  await page.getByLabel('Senha', { exact: true }).fill('Errada#123abc')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()

  const error = toast(page, 'Oops! Algo deu errado.')
  await expect(error).toBeVisible()
  await expect(error).toContainText('E-mail/senha inválidos.')
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(() => localStorage.getItem('vitrine:token'))).toBeNull()
  await shot(page, 'login-failed')

  // The toast is about the login form: it does not follow the user to 'Recuperar senha'.
  await page.getByRole('link', { name: 'Esqueci a senha' }).click()
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible()
  await expect(error).toBeHidden()
  await shot(page, 'recover-after-failed-login')
})

test('the login form validates before calling the server', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Digite um e-mail', { exact: true })).toBeVisible()
  await expect(page.getByText('Digite sua senha', { exact: true })).toBeVisible()
  await page.getByLabel('E-mail', { exact: true }).fill('não-é-email')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Digite um e-mail válido', { exact: true })).toBeVisible()
  await shot(page, 'login-validation')
})

test('a user recovers the password through the mailed link and logs in with the new one', async ({ page, api, adminToken, mailbox }) => {
  const email = uniqueEmail('recupera')
  const oldPassword = strongPassword('old')
  const newPassword = strongPassword('new')
  await api.createUser(adminToken, { name: 'Rita Recupera', email, password: oldPassword })

  await page.goto('/')
  await page.getByRole('link', { name: 'Esqueci a senha' }).click()
  await expect(page).toHaveURL(/\/reset\/password$/)
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible()
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click()
  await expect(toast(page, 'E-mail enviado')).toBeVisible()
  // Resending is blocked for 60 seconds.
  await expect(page.getByRole('button', { name: 'Confirmar', exact: true })).toBeDisabled()
  await expect(page.getByText(/Você poderá reenviar o e-mail em \d+ s\./)).toBeVisible()
  await shot(page, 'reset-requested')

  const mail = await mailbox.waitFor(email, { link: /\/reset\/password\/new\?code=/ })
  expect(mail.code, `reset link in the mail: ${mail.link}`).toBeTruthy()
  expect(new URL(mail.link).origin).toBe(new URL(page.url()).origin)

  await page.goto(mail.link)
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(newPassword + 'x')
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click()
  await expect(page.getByText('As senhas não conferem.')).toBeVisible()

  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click()
  await expect(toast(page, /Senha alterada/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirmar', exact: true })).toBeDisabled()
  await shot(page, 'reset-new-password-done')

  await page.getByRole('link', { name: 'Voltar para o login' }).click()
  await expect(page).toHaveURL(/\/$/)
  await loginAs(page, email, newPassword)
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()

  // The old password no longer works, and the code cannot be used twice.
  await expect(api.login(email, oldPassword)).rejects.toMatchObject({ apiCode: expect.any(Number) })
  await expect(api.post('/user/reset-pwd-link', { code: mail.code, auth: strongPassword('again') })).rejects.toThrow()
})

test('setting a new password without a code asks for the recovery code first', async ({ page }) => {
  await page.goto('/reset/password/new')
  const password = strongPassword()
  await page.getByLabel('Nova senha', { exact: true }).fill(password)
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click()
  await expect(page.getByText('Você precisa verificar o código de recuperação de senha antes de continuar.').first()).toBeVisible()
  await shot(page, 'reset-without-code')
  // Without a code there is nothing to do here: the way back to the login is offered.
  await page.getByRole('link', { name: 'Voltar para o login' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
})

test('a self-registered user verifies the e-mail from the mailed link and can then log in', async ({ page, api, mailbox }) => {
  const email = uniqueEmail('cadastro')
  const password = strongPassword('sign')
  await api.post('/user/register', { email, auth: password, name: 'Vera Verifica' })

  // Before the verification the server refuses the login with 1021.
  await page.goto('/')
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(toast(page, 'Oops! Algo deu errado.')).toContainText('Email não verificado.')

  const mail = await mailbox.waitFor(email, { link: /[?&]code=/ })
  expect(mail.code).toBeTruthy()
  await page.goto(new URL(mail.link).pathname + new URL(mail.link).search)
  await expect(toast(page, 'E-mail verificado')).toBeVisible()
  await shot(page, 'email-verified')

  // The code is single-use: opening the link again fails with the server's
  // reason alone (the fallback 'O e-mail não pôde ser verificado.' is for
  // failures without one, never shown beside it).
  await page.goto(new URL(mail.link).pathname + new URL(mail.link).search)
  const failed = toast(page, 'Oops! Algo deu errado.')
  await expect(failed).toContainText('Código inválido.')
  await expect(failed).not.toContainText('O e-mail não pôde ser verificado.')
  await shot(page, 'email-verify-reused-code')

  await loginAs(page, email, password)
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
})
