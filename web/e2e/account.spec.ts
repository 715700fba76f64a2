// The user's own account: switching groups from the user menu (spec 1 section 4
// "Franchise selection"), 'Editar Usuário' (name and password) and 'Sair'.
import { test, expect, loginAs, logOut, shot, storageKeys, strongPassword, toast, uniqueEmail } from './fixtures.ts'
import { createStore } from './harness/overview-api.ts'

test('a user of two groups starts in the oldest, switches to the other and stays there after a reload', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('grupos')
  const password = strongPassword()
  await api.createUser(adminToken, { name: 'Gabi Grupos', email, password })
  const token = await api.login(email, password)
  const tag = Date.now().toString(36)
  const north = await api.createFranchise(token, { name: `Rede Norte ${tag}` })
  const south = await api.createFranchise(token, { name: `Rede Sul ${tag}` })
  await createStore(api, token, north.slug, { name: 'Loja Manaus' })
  await createStore(api, token, south.slug, { name: 'Loja Porto Alegre' })

  await loginAs(page, email, password)
  // The first group by creation date is chosen and stored.
  await expect(page.getByRole('region', { name: 'Loja Manaus', exact: true })).toBeVisible()
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.franchise)).toBe(north.slug)

  await page.getByRole('button', { name: 'Menu do usuário Gabi Grupos' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem', { name: north.name })).toHaveAttribute('aria-disabled', 'true')
  await shot(page, 'user-menu-franchises')
  await menu.getByRole('menuitem', { name: south.name }).click()
  // The overlay covers the reload of the group's data (spec 1 section 4).
  const overlay = page.getByRole('status', { name: 'Carregando o sistema' })
  await expect(overlay).toBeVisible()

  await expect(page.getByRole('region', { name: 'Loja Porto Alegre', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Loja Manaus', exact: true })).toBeHidden()
  await expect(page.getByText(`Grupo ${south.name}`)).toBeVisible()
  await expect(overlay).toBeHidden()
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.franchise)).toBe(south.slug)

  await page.reload()
  await expect(page.getByRole('region', { name: 'Loja Porto Alegre', exact: true })).toBeVisible()
})

test('a user renames themself, changes the password, logs out and logs in with the new one', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('conta')
  const oldPassword = strongPassword('old')
  const newPassword = strongPassword('new')
  await api.createUser(adminToken, { name: 'Caio Conta', email, password: oldPassword })
  await loginAs(page, email, oldPassword)
  const firstToken = await page.evaluate((key) => localStorage.getItem(key), storageKeys.token)

  await page.getByRole('button', { name: 'Menu do usuário Caio Conta' }).click()
  await page.getByRole('menuitem', { name: 'Editar usuário' }).click()
  await expect(page).toHaveURL(/\/profile\/edit$/)
  await expect(page.getByRole('heading', { name: 'Editar Usuário' })).toBeVisible()

  // Name: required, then saved and shown in the header.
  const name = page.getByLabel('Nome', { exact: true })
  await name.fill('')
  await page.getByRole('button', { name: 'Atualizar nome' }).click()
  await expect(page.getByText('Campo obrigatório')).toBeVisible()
  await name.fill('Caio Renomeado')
  await page.getByRole('button', { name: 'Atualizar nome' }).click()
  await expect(toast(page, 'Nome atualizado com sucesso.')).toContainText('Nome atualizado para Caio Renomeado.')
  await expect(page.getByRole('button', { name: 'Menu do usuário Caio Renomeado' })).toBeVisible()

  // Password: the rule and the confirmation are checked before calling the server.
  await page.getByLabel('Senha atual', { exact: true }).fill('Errada#123abc')
  await page.getByLabel('Nova senha', { exact: true }).fill('fraca')
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill('outra')
  await page.getByRole('button', { name: 'Atualizar senha' }).click()
  await expect(
    page.getByText('A senha deve conter pelo menos 8 caracteres, uma letra maiúscula, uma letra minúscula, um número e um caractere especial.'),
  ).toBeVisible()
  await expect(page.getByText('As senhas não conferem.')).toBeVisible()
  await shot(page, 'profile-validation')

  // A wrong current password is refused by the server.
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirmar nova senha', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Atualizar senha' }).click()
  await expect(toast(page, 'Falha ao mudar senha')).toContainText('Senha atual incorreta.')

  await page.getByLabel('Senha atual', { exact: true }).fill(oldPassword)
  await page.getByRole('button', { name: 'Atualizar senha' }).click()
  await expect(toast(page, 'Senha alterada')).toBeVisible()
  await shot(page, 'profile-password-changed')

  // The session goes on with the renewed token; the old one no longer works.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Editar Usuário' })).toBeVisible()
  await expect(api.me(firstToken!)).rejects.toMatchObject({ status: 401, apiCode: 1022 })

  await page.getByRole('button', { name: 'Menu do usuário Caio Renomeado' }).click()
  await logOut(page)
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.token)).toBeNull()
  await expect(api.login(email, oldPassword)).rejects.toMatchObject({ apiCode: 1002 })
  await loginAs(page, email, newPassword)
})
