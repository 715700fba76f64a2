// Administração: new user and impersonation from the user list (spec 1 sections 2 and 4).
import { test, expect, admin, loginAs, shot, storageKeys, strongPassword, toast, uniqueEmail } from './fixtures.ts'

test('the administrator registers a user who can then log in', async ({ page, api }) => {
  const email = uniqueEmail('novo')
  const password = strongPassword()
  await loginAs(page, admin.email, admin.password)

  await page.getByRole('link', { name: 'NOVO USUÁRIO' }).click()
  await expect(page).toHaveURL(/\/user\/new$/)
  // Every field is required.
  await page.getByRole('button', { name: 'Cadastrar usuário' }).click()
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible()
  await shot(page, 'user-new-validation')

  await page.getByLabel('Nome do usuário').fill('Nina Nova')
  await page.getByLabel('Email do usuário').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await shot(page, 'user-new-filled')
  await page.getByRole('button', { name: 'Cadastrar usuário' }).click()
  await expect(toast(page, 'Usuário cadastrado')).toBeVisible()
  await shot(page, 'user-new-done')

  const token = await api.login(email, password)
  const { user } = await api.me(token)
  expect(user).toMatchObject({ email, name: 'Nina Nova' })
})

test('the administrator impersonates a user from the user list and sees the console as them', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('persona')
  const name = `Paula Persona ${Date.now().toString(36)}`
  await api.createUser(adminToken, { name, email, password: strongPassword() })

  await loginAs(page, admin.email, admin.password)
  await page.getByRole('link', { name: 'LISTA DE USUÁRIOS' }).click()
  await expect(page).toHaveURL(/\/user\/list$/)
  await expect(page.getByRole('columnheader', { name: /Nome do Usuário/ })).toBeVisible()

  await expect(page.getByRole('row').filter({ hasText: admin.email })).toBeVisible()
  await shot(page, 'user-list')
  // The list pages by 10; the e-mail filter finds the user wherever they are.
  await page.getByRole('textbox', { name: 'Filtrar por e-mail...' }).fill(email)
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toBeHidden()
  await row.getByRole('button', { name: `Ações para ${email}` }).click()
  await page.getByRole('menuitem', { name: 'Impersonate' }).click()

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: `Menu do usuário ${name}` })).toBeVisible()
  const stored = await page.evaluate((k) => [localStorage.getItem(k.token), localStorage.getItem(k.adminToken)], storageKeys)
  expect(stored[0]).toBeTruthy()
  expect(stored[1]).toBeTruthy()
  expect(stored[0]).not.toBe(stored[1])
  const { user } = await api.me(stored[0]!)
  expect(user.email).toBe(email)
  await shot(page, 'impersonating')
})
