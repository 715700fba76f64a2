// Administração: new user and impersonation from the user list (spec 1 sections 2 and 4).
import { test, expect, admin, type ApiError, loginAs, logOut, secondAdmin, shot, storageKeys, strongPassword, toast, uniqueEmail, useSession } from './fixtures.ts'

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

  await expect(page).toHaveURL(/\/dashboard$/)
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

test("an administrator impersonating another administrator keeps their own session", async ({ page, api, adminToken }) => {
  // The second administrator gets a name of their own, to tell the two apart.
  const name = `Adriana Admin ${Date.now().toString(36)}`
  await api.post('/user/detail/adm', { email: secondAdmin.email, name }, adminToken)
  const operatorEmail = uniqueEmail('operador')
  const operatorName = `Otávio Operador ${Date.now().toString(36)}`
  await api.createUser(adminToken, { name: operatorName, email: operatorEmail, password: strongPassword() })
  const stored = () => page.evaluate((k) => ({ token: localStorage.getItem(k.token), adminToken: localStorage.getItem(k.adminToken) }), storageKeys)

  await loginAs(page, admin.email, admin.password)
  const own = await stored()
  expect(own.adminToken).toBe(own.token)

  const impersonate = async (email: string) => {
    await page.getByRole('link', { name: 'LISTA DE USUÁRIOS' }).click()
    await page.getByRole('textbox', { name: 'Filtrar por e-mail...' }).fill(email)
    await page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: `Ações para ${email}` }).click()
    await page.getByRole('menuitem', { name: 'Impersonate' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  }
  const userMenu = (label: string) => page.getByRole('banner').getByRole('button', { name: `Menu do usuário ${label}` })

  await impersonate(secondAdmin.email)
  await expect(userMenu(name)).toBeVisible()
  // The administrator's own token stays stored, next to the impersonation token.
  const acting = await stored()
  expect(acting.adminToken).toBe(own.token)
  expect(acting.token).not.toBe(own.token)
  const { user } = await api.me(acting.token!)
  expect(user).toMatchObject({ email: secondAdmin.email, impersonator: { email: admin.email } })
  await userMenu(name).click()
  await expect(page.getByRole('menu').getByText('Acessando como administrador')).toBeVisible()
  await shot(page, 'impersonating-admin')
  await page.keyboard.press('Escape')

  // A reload restores the session the same way: the admin token still is the administrator's.
  await page.reload()
  await expect(userMenu(name)).toBeVisible()
  expect(await stored()).toEqual(acting)

  // The Administração menu still works with the administrator's token: another impersonation from the list…
  await impersonate(operatorEmail)
  await expect(userMenu(operatorName)).toBeVisible()
  expect((await stored()).adminToken).toBe(own.token)
  await userMenu(operatorName).click()
  await expect(page.getByRole('menu').getByText('Acessando como administrador')).toBeVisible()
  // …and Sair ends it all: back on the login, where the administrator signs in as themselves.
  await logOut(page)
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  expect(await stored()).toEqual({ token: null, adminToken: null })
  await loginAs(page, admin.email, admin.password)
  const { user: self } = await api.me(adminToken)
  await userMenu(self.name).click()
  await expect(page.getByRole('menu').getByText('Acessando como administrador')).toHaveCount(0)
})

test("'Voltar para minha conta' ends the impersonation and returns the administrator to their own console", async ({ page, api, adminToken }) => {
  const email = uniqueEmail('volta')
  const name = `Vitor Visitado ${Date.now().toString(36)}`
  await api.createUser(adminToken, { name, email, password: strongPassword() })
  const { user: self } = await api.me(adminToken)
  const { token: acting } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)
  const stored = () => page.evaluate((k) => ({ token: localStorage.getItem(k.token), adminToken: localStorage.getItem(k.adminToken) }), storageKeys)
  const userMenu = (label: string) => page.getByRole('banner').getByRole('button', { name: `Menu do usuário ${label}` })

  await useSession(page, { token: acting, adminToken })
  await page.goto('/dashboard')
  await expect(userMenu(name)).toBeVisible()
  // While impersonating, the header says so and offers the way back, outside the user menu too.
  const banner = page.getByRole('banner').getByRole('status')
  await expect(banner).toContainText(`Acessando como ${name}`)
  await shot(page, 'impersonation-banner')
  await userMenu(name).click()
  await expect(page.getByRole('menuitem', { name: 'Voltar para minha conta' })).toBeVisible()
  await shot(page, 'impersonation-user-menu')
  await page.keyboard.press('Escape')

  await banner.getByRole('button', { name: 'Voltar para minha conta' }).click()
  await expect(userMenu(self.name)).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('banner').getByRole('status')).toHaveCount(0)
  expect(await stored()).toEqual({ token: adminToken, adminToken })
  await expect(page.getByRole('link', { name: 'LISTA DE USUÁRIOS' })).toBeVisible()
  await shot(page, 'impersonation-left')
  // The impersonation session is over on the server; the administrator's goes on.
  const ended = await api.me(acting).catch((error: ApiError) => error)
  expect(ended).toMatchObject({ status: 401, apiCode: 1022 })
  expect((await api.me(adminToken)).user.email).toBe(admin.email)
  await userMenu(self.name).click()
  await expect(page.getByRole('menuitem', { name: 'Voltar para minha conta' })).toHaveCount(0)
})
