// Grupos (/groups): create and edit groups (spec 1 sections 2, 5 and 8).
import { test, expect, shot, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { formatCnpj, randomCnpj, uniqueDevice } from './harness/overview-api.ts'

test('an operator creates a group with a CNPJ, sees the server refuse bad ones, and edits it', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('grupos')
  const password = strongPassword()
  await api.createUser(adminToken, { name: 'Gina Grupos', email, password })
  const token = await api.login(email, password)
  const tag = Date.now().toString(36)
  const groupName = `Rede Norte ${tag}`

  await useSession(page, { token })
  await page.goto('/groups')
  await expect(page.getByRole('heading', { name: 'Grupos' })).toBeVisible()
  await expect(page.getByText('Nenhum grupo encontrado.')).toBeVisible()
  for (const column of ['Nome', 'Nome Social', 'Estado', 'Cidade', 'Franquias', 'Telas', 'Ações']) {
    // Sortable headers are named by their sort button.
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
  }
  await shot(page, 'groups-empty')

  await page.getByRole('button', { name: 'Novo Grupo' }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Grupo' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByText('Campo obrigatório')).toBeVisible()

  // The CNPJ takes its mask while typed.
  await dialog.getByLabel('Nome do grupo').fill(groupName)
  const cnpjInput = dialog.getByLabel('CNPJ')
  await cnpjInput.pressSequentially('11222333000180')
  await expect(cnpjInput).toHaveValue('11.222.333/0001-80')
  await shot(page, 'group-dialog-filled')

  // Wrong check digits: the server's 1043.
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Documento inválido.')).toBeVisible()
  await expect(dialog.getByText('Documento inválido.')).toBeVisible()
  await shot(page, 'group-invalid-cnpj')

  const cnpj = randomCnpj()
  await cnpjInput.fill(cnpj)
  await expect(cnpjInput).toHaveValue(formatCnpj(cnpj))
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Grupo criado')).toBeVisible()
  await expect(dialog).toBeHidden()

  const row = page.getByRole('row').filter({ hasText: groupName })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell')).toHaveText([groupName, '—', '—', '—', '0', '0', 'Editar'])
  const [created] = await api.franchises(token)
  expect(created).toMatchObject({ name: groupName, document: cnpj })
  // The session's franchise list was refetched: the user menu shows the new group.
  await expect(page.getByRole('banner').getByRole('button', { name: /Menu do usuário/ })).toContainText(groupName)
  await shot(page, 'groups-list')

  // The same CNPJ on a second group: 1042.
  await page.getByRole('button', { name: 'Novo Grupo' }).click()
  await dialog.getByLabel('Nome do grupo').fill(`Rede Sul ${tag}`)
  await dialog.getByLabel('CNPJ').fill(cnpj)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Documento já registrado na plataforma.')).toBeVisible()
  await dialog.getByLabel('CNPJ').fill('')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Grupo criado')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `Rede Sul ${tag}` })).toBeVisible()

  // With two groups the user menu lists both.
  await page.getByRole('banner').getByRole('button', { name: /Menu do usuário/ }).click()
  await expect(page.getByRole('menuitem', { name: groupName })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: `Rede Sul ${tag}` })).toBeVisible()
  await page.keyboard.press('Escape')
  // Closed, with the focus back on its button, before another menu opens.
  await expect(page.getByRole('menuitem', { name: groupName })).toBeHidden()

  // Sorting by name, both ways.
  const names = page.getByRole('table', { name: 'Grupos' }).getByRole('row').locator('td:first-child')
  await expect(names).toHaveText([groupName, `Rede Sul ${tag}`])
  await page.getByRole('button', { name: 'Nome', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Decrescente' }).click()
  await expect(names).toHaveText([`Rede Sul ${tag}`, groupName])

  // Filter on the name.
  await page.getByRole('textbox', { name: 'Filtrar grupos...' }).fill('sul')
  await expect(names).toHaveText([`Rede Sul ${tag}`])
  await page.getByRole('textbox', { name: 'Filtrar grupos...' }).fill('')

  // Edit: the dialog opens filled in, CNPJ masked.
  await row.getByRole('button', { name: `Editar ${groupName}` }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Grupo' })
  await expect(edit.getByLabel('Nome do grupo')).toHaveValue(groupName)
  await expect(edit.getByLabel('CNPJ')).toHaveValue(formatCnpj(cnpj))
  await shot(page, 'group-edit')
  await edit.getByLabel('Nome do grupo').fill(`${groupName} Editada`)
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Grupo atualizado')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: `${groupName} Editada` })).toBeVisible()
  const after = await api.franchises(token)
  expect(after.map((f) => f.name)).toContain(`${groupName} Editada`)
})

test('the groups table shows the store and TV counts of each group', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('contagem')
  const password = strongPassword()
  await api.createUser(adminToken, { name: 'Caio Contagem', email, password })
  const token = await api.login(email, password)
  const franchise = await api.createFranchise(token, { name: `Rede Contada ${Date.now().toString(36)}` })
  for (const name of ['Loja A', 'Loja B']) {
    const { store } = await api.post<{ store: { slug: string } }>(`/store/${franchise.slug}`, { name, region: 'Sul', state: 'PR', city: 'Curitiba' }, token)
    await api.post(`/display/${franchise.slug}/${store.slug}`, { name: `TV ${name}`, device: await uniqueDevice(api) }, token)
  }

  await useSession(page, { token })
  await page.goto('/groups')
  const row = page.getByRole('row').filter({ hasText: franchise.name })
  await expect(row.getByRole('cell').nth(4)).toHaveText('2')
  await expect(row.getByRole('cell').nth(5)).toHaveText('2')
})

test('a group name already used anywhere is refused with the reason, ignoring case and accents', async ({ page, api, adminToken }) => {
  const tag = Date.now().toString(36)
  // Another operator's group: group names are unique across the system.
  await api.createFranchise(adminToken, { name: `Rede Ação ${tag}` })
  const email = uniqueEmail('grupo-repetido')
  const password = strongPassword()
  await api.createUser(adminToken, { name: 'Rui Repete', email, password })
  const token = await api.login(email, password)

  await useSession(page, { token })
  await page.goto('/groups')
  await page.getByRole('button', { name: 'Novo Grupo' }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Grupo' })
  await dialog.getByLabel('Nome do grupo').fill(`REDE ACAO ${tag.toUpperCase()}`)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Oops! Algo deu errado.')).toContainText('Já existe um grupo com este nome.')
  await expect(dialog).toBeVisible()
  await shot(page, 'group-name-taken')
  expect(await api.franchises(token)).toEqual([])

  await dialog.getByLabel('Nome do grupo').fill(`Rede Ação Nova ${tag}`)
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Grupo criado')).toBeVisible()
})
