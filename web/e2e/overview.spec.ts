// Visão Geral (/dashboard): stores, their contacts and TVs, messages, remote
// commands and the schedule dialog as it is today (spec 1 sections 2, 4, 5, 6 and 8).
import type { Page } from '@playwright/test'
import { test, expect, shot, storageKeys, type ApiError, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { announceDevice, createDisplay, createSchedule, createStore, operatorWithGroup, storeDisplays, stores, uniqueDevice } from './harness/overview-api.ts'
import { connectPlayer, playerFrames } from './harness/player.ts'

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const counter = (page: Page, label: string) => page.getByRole('main').getByRole('group', { name: new RegExp(`^${label}: \\d+$`) }).first()
const tvRows = (page: Page, store: string) => card(page, store).getByRole('table').getByRole('row').filter({ has: page.getByRole('cell') })

async function openRowMenu(page: Page, store: string, tv: string) {
  await card(page, store).getByRole('button', { name: `Ações para ${tv}`, exact: true }).click()
}

test('an operator adds a store with contacts and two TVs, turns and renames one, then deletes a TV and the store', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('visao')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Visão ${Date.now().toString(36)}` })

  await useSession(page, { token })
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(page.getByText('Nenhuma loja cadastrada.')).toBeVisible()
  await expect(counter(page, 'Lojas')).toHaveAccessibleName('Lojas: 0')
  const guided = page.getByRole('navigation', { name: 'Ações Guiadas' })
  await expect(guided.getByRole('link', { name: /Criar programação/ })).toHaveAttribute('href', '/action/create-schedule')
  await expect(guided.getByRole('link', { name: /Adicionar mídia à programação/ })).toHaveAttribute('href', '/action/add-media-to-schedule')
  await expect(guided.getByRole('link', { name: /Minhas mídias/ })).toHaveAttribute('href', '/medias')
  await shot(page, 'overview-empty')

  // --- Store with two contacts
  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  const storeDialog = page.getByRole('dialog', { name: 'Adicionar Loja' })
  await storeDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(storeDialog.getByText('Campo obrigatório')).toHaveCount(4)
  await shot(page, 'store-dialog-validation')

  await storeDialog.getByLabel('Nome', { exact: true }).fill('Loja Centro')
  await storeDialog.getByLabel('Região').fill('Sudeste')
  await storeDialog.getByLabel('Estado').fill('SP')
  await storeDialog.getByLabel('Cidade').fill('Campinas')

  await storeDialog.getByLabel('Nome do contato').fill('Ana Gerente')
  await storeDialog.getByLabel('Cargo').fill('Gerente')
  // The contact form's phone; the store has a 'Telefone' of its own above.
  const phone = storeDialog.getByRole('group', { name: 'Novo contato' }).getByLabel('Telefone')
  await phone.pressSequentially('11987654321')
  await expect(phone).toHaveValue('(11) 98765-4321')
  await storeDialog.getByRole('button', { name: 'Adicionar contato' }).click()
  await expect(storeDialog.getByRole('list', { name: 'Contatos da loja' }).getByRole('listitem')).toHaveCount(1)

  await storeDialog.getByLabel('Nome do contato').fill('Bruno Caixa')
  await storeDialog.getByLabel('Cargo').fill('Caixa')
  await phone.fill('1134')
  await storeDialog.getByRole('button', { name: 'Adicionar contato' }).click()
  await expect(storeDialog.getByText('Telefone inválido')).toBeVisible()
  await phone.fill('1134567890')
  await expect(phone).toHaveValue('(11) 3456-7890')
  await storeDialog.getByRole('checkbox', { name: 'Recebe notificações' }).uncheck()
  await storeDialog.getByRole('button', { name: 'Adicionar contato' }).click()
  await expect(storeDialog.getByRole('list', { name: 'Contatos da loja' }).getByRole('listitem')).toHaveCount(2)
  await expect(storeDialog.getByText('Telefone inválido')).toBeHidden()
  await shot(page, 'store-dialog-contacts')
  await storeDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja criada')).toBeVisible()
  await expect(storeDialog).toBeHidden()

  const [saved] = await stores(api, token, franchise.slug)
  expect(saved).toMatchObject({ name: 'Loja Centro', region: 'Sudeste', state: 'SP', city: 'Campinas' })
  expect(saved.contacts).toEqual([
    { name: 'Ana Gerente', role: 'Gerente', phone: '11987654321', receiveNotify: true },
    { name: 'Bruno Caixa', role: 'Caixa', phone: '1134567890', receiveNotify: false },
  ])
  await expect(card(page, 'Loja Centro').getByText('Nenhum televisor cadastrado.')).toBeVisible()

  // --- Two TVs
  const tvDialog = page.getByRole('dialog', { name: 'Adicionar Televisor' })
  await card(page, 'Loja Centro').getByRole('button', { name: 'Adicionar Televisor' }).click()
  await tvDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(tvDialog.getByText('Campo obrigatório')).toHaveCount(2)
  const entrada = await uniqueDevice(api)
  await tvDialog.getByLabel('Código do dispositivo').fill(entrada)
  await tvDialog.getByLabel('Nome do televisor').fill('TV Entrada')
  await expect(tvDialog.getByTestId('orientation-value')).toHaveText('Horizontal (0°)')
  await shot(page, 'display-dialog-create')
  await tvDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Televisor criado')).toBeVisible()
  await expect(tvDialog).toBeHidden()

  await card(page, 'Loja Centro').getByRole('button', { name: 'Adicionar Televisor' }).click()
  await tvDialog.getByLabel('Código do dispositivo').fill(await uniqueDevice(api))
  await tvDialog.getByLabel('Nome do televisor').fill('TV Caixa')
  await tvDialog.getByRole('button', { name: 'Girar para a direita' }).click()
  await expect(tvDialog.getByTestId('orientation-value')).toHaveText('Vertical (90°)')
  await tvDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Televisor criado')).toBeVisible()

  const table = card(page, 'Loja Centro').getByRole('table')
  for (const column of ['Televisor', 'Orientação', 'Status', 'Programação', 'Ações']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible()
  }
  await expect(table.getByRole('columnheader', { name: 'Ações Admin' })).toHaveCount(0)
  await expect(tvRows(page, 'Loja Centro')).toHaveCount(2)
  await expect(tvRows(page, 'Loja Centro').filter({ hasText: 'TV Caixa' })).toContainText('Vertical (90°)')
  // No player is connected: every TV is Offline.
  await expect(tvRows(page, 'Loja Centro').filter({ hasText: 'Offline' })).toHaveCount(2)
  await expect(card(page, 'Loja Centro').getByRole('group', { name: 'Televisores: 2' })).toBeVisible()
  await expect(card(page, 'Loja Centro').getByRole('group', { name: 'Offline: 2' })).toBeVisible()
  await expect(counter(page, 'Televisores')).toHaveAccessibleName('Televisores: 2')
  await expect(counter(page, 'Offline')).toHaveAccessibleName('Offline: 2')
  await shot(page, 'overview-store-with-tvs')

  // --- Edit: code locked, name behind a toggle, turn counter-clockwise from 0 to 270°
  await openRowMenu(page, 'Loja Centro', 'TV Entrada')
  await shot(page, 'display-row-actions')
  await page.getByRole('menuitem', { name: 'Editar' }).click()
  const editDialog = page.getByRole('dialog', { name: 'Editar Televisor' })
  await expect(editDialog.getByLabel('Código do dispositivo')).toHaveValue(entrada)
  await expect(editDialog.getByLabel('Código do dispositivo')).not.toBeEditable()
  await expect(editDialog.getByLabel('Nome do televisor')).not.toBeEditable()
  await shot(page, 'display-dialog-edit')
  await editDialog.getByLabel('Editar nome').click()
  await editDialog.getByLabel('Nome do televisor').fill('TV Entrada Principal')
  await editDialog.getByRole('button', { name: 'Girar para a esquerda' }).click()
  await expect(editDialog.getByTestId('orientation-value')).toHaveText('Vertical (270°)')
  await editDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Televisor atualizado')).toBeVisible()
  await expect(tvRows(page, 'Loja Centro').filter({ hasText: 'TV Entrada Principal' })).toContainText('Vertical (270°)')
  const afterEdit = await storeDisplays(api, token, franchise.slug, saved.slug)
  expect(afterEdit.find((d) => d.device === entrada)).toMatchObject({ name: 'TV Entrada Principal', contentOrientation: 3 })

  // --- Filter the TV table
  await card(page, 'Loja Centro').getByRole('textbox', { name: 'Filtrar televisores...' }).fill('caixa')
  await expect(tvRows(page, 'Loja Centro')).toHaveCount(1)
  await expect(tvRows(page, 'Loja Centro')).toContainText('TV Caixa')
  await card(page, 'Loja Centro').getByRole('textbox', { name: 'Filtrar televisores...' }).fill('')
  await expect(tvRows(page, 'Loja Centro')).toHaveCount(2)

  // --- Edit the store: a contact with a phone already listed is refused, with the reason
  await card(page, 'Loja Centro').getByRole('button', { name: 'Editar loja Loja Centro' }).click()
  const editStore = page.getByRole('dialog', { name: 'Editar Loja' })
  await expect(editStore.getByLabel('Nome', { exact: true })).toHaveValue('Loja Centro')
  await expect(editStore.getByRole('list', { name: 'Contatos da loja' })).toContainText('(11) 98765-4321')
  await editStore.getByLabel('Nome do contato').fill('Ana de novo')
  await editStore.getByLabel('Cargo').fill('Supervisora')
  await editStore.getByRole('group', { name: 'Novo contato' }).getByLabel('Telefone').fill('11987654321')
  await editStore.getByRole('button', { name: 'Adicionar contato' }).click()
  await expect(editStore.getByText('Já existe um contato com este telefone.')).toBeVisible()
  await expect(editStore.getByRole('list', { name: 'Contatos da loja' }).getByRole('listitem')).toHaveCount(2)
  await editStore.getByRole('group', { name: 'Novo contato' }).getByRole('button', { name: 'Limpar' }).click()
  await editStore.getByLabel('Cidade').fill('Campinas Centro')
  await shot(page, 'store-dialog-edit')
  await editStore.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja atualizada')).toBeVisible()
  const [edited] = await stores(api, token, franchise.slug)
  expect(edited.city).toBe('Campinas Centro')
  expect(edited.contacts.map((c) => c.name)).toEqual(['Ana Gerente', 'Bruno Caixa'])

  // --- Delete a TV, then the store
  await openRowMenu(page, 'Loja Centro', 'TV Caixa')
  await page.getByRole('menuitem', { name: 'Excluir' }).click()
  const confirmTv = page.getByRole('alertdialog', { name: 'Excluir televisor' })
  await expect(confirmTv).toContainText('TV Caixa')
  await shot(page, 'display-delete-confirm')
  await confirmTv.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Televisor excluído')).toBeVisible()
  await expect(tvRows(page, 'Loja Centro')).toHaveCount(1)
  await expect(counter(page, 'Televisores')).toHaveAccessibleName('Televisores: 1')

  await card(page, 'Loja Centro').getByRole('button', { name: 'Excluir loja Loja Centro' }).click()
  const confirmStore = page.getByRole('alertdialog', { name: 'Excluir loja' })
  await expect(confirmStore).toContainText('Loja Centro')
  await shot(page, 'store-delete-confirm')
  await confirmStore.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Loja excluída')).toBeVisible()
  await expect(page.getByText('Nenhuma loja cadastrada.')).toBeVisible()
  expect(await stores(api, token, franchise.slug)).toEqual([])
})

test('an operator links a schedule to a TV, changes it and unlinks it', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('programacao'),
    password: strongPassword(),
    group: `Rede Agenda ${Date.now().toString(36)}`,
  })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Agenda' })
  await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV Agenda' })
  await createSchedule(api, token, franchise.slug, 'Promoções de Natal')
  await createSchedule(api, token, franchise.slug, 'Abertura')

  await useSession(page, { token })
  await page.goto('/dashboard')
  const row = tvRows(page, 'Loja Agenda').filter({ hasText: 'TV Agenda' })
  await expect(row).toContainText('Sem programação')

  // The row menu offers to add a schedule, nothing to open or change.
  await openRowMenu(page, 'Loja Agenda', 'TV Agenda')
  await expect(page.getByRole('menuitem', { name: 'Acessar programação' })).toHaveCount(0)
  await expect(page.getByRole('menuitem', { name: 'Alterar programação' })).toHaveCount(0)
  await page.getByRole('menuitem', { name: 'Adicionar programação' }).click()

  const linkDialog = page.getByRole('dialog', { name: 'Vincular programação' })
  await expect(linkDialog).toContainText('Escolha a programação que o televisor TV Agenda vai exibir.')
  await expect(linkDialog.getByRole('button', { name: 'Vincular', exact: true })).toBeDisabled()
  await linkDialog.getByRole('combobox').click()
  // The schedules are listed by name.
  await expect(page.getByRole('option')).toHaveText(['Abertura', 'Promoções de Natal'])
  await page.getByRole('option', { name: 'Promoções de Natal' }).click()
  await shot(page, 'schedule-dialog-link')
  await linkDialog.getByRole('button', { name: 'Vincular', exact: true }).click()
  await expect(toast(page, 'Programação vinculada')).toBeVisible()
  await expect(linkDialog).toBeHidden()
  await expect(row).toContainText('Promoções de Natal')
  expect((await storeDisplays(api, token, franchise.slug, store.slug))[0].scheduleName).toBe('Promoções de Natal')

  // Change it.
  await openRowMenu(page, 'Loja Agenda', 'TV Agenda')
  await page.getByRole('menuitem', { name: 'Alterar programação' }).click()
  const changeDialog = page.getByRole('dialog', { name: 'Alterar programação' })
  await expect(changeDialog).toContainText('O televisor TV Agenda exibe a programação Promoções de Natal.')
  await changeDialog.getByRole('combobox').click()
  await page.getByRole('option', { name: 'Abertura' }).click()
  await changeDialog.getByRole('button', { name: 'Vincular', exact: true }).click()
  await expect(toast(page, 'Programação vinculada')).toBeVisible()
  await expect(row).toContainText('Abertura')

  // Unlink it.
  await openRowMenu(page, 'Loja Agenda', 'TV Agenda')
  await page.getByRole('menuitem', { name: 'Alterar programação' }).click()
  await changeDialog.getByRole('button', { name: 'Desvincular' }).click()
  await expect(toast(page, 'Programação desvinculada')).toBeVisible()
  await expect(row).toContainText('Sem programação')
  expect((await storeDisplays(api, token, franchise.slug, store.slug))[0].schedule).toBe('')

  // A new TV can get a schedule when it is added.
  await card(page, 'Loja Agenda').getByRole('button', { name: 'Adicionar Televisor' }).click()
  const tvDialog = page.getByRole('dialog', { name: 'Adicionar Televisor' })
  await expect(tvDialog.getByText('Programação (opcional)')).toBeVisible()
})

test('a group without schedules offers to create one from the schedule dialog', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('semagenda'),
    password: strongPassword(),
    group: `Rede Sem Agenda ${Date.now().toString(36)}`,
  })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Vazia' })
  await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV Vazia' })
  await useSession(page, { token })
  await page.goto('/dashboard')
  await openRowMenu(page, 'Loja Vazia', 'TV Vazia')
  await page.getByRole('menuitem', { name: 'Adicionar programação' }).click()
  const scheduleDialog = page.getByRole('dialog', { name: 'Vincular programação' })
  await expect(scheduleDialog.getByText('Nenhuma programação cadastrada neste grupo.')).toBeVisible()
  await expect(scheduleDialog.getByRole('link', { name: 'Criar programação' })).toHaveAttribute('href', '/action/create-schedule')
  await expect(scheduleDialog.getByRole('combobox')).toHaveCount(0)
  await expect(scheduleDialog.getByRole('button', { name: 'Vincular', exact: true })).toBeDisabled()
  await shot(page, 'schedule-dialog-empty')
})

test('the overview loads every TV in one call, filters stores and pages a store with 12 TVs', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('paginas')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Páginas ${Date.now().toString(36)}` })
  const big = await createStore(api, token, franchise.slug, { name: 'Loja 2' })
  await createStore(api, token, franchise.slug, { name: 'Loja 1' })
  const other = await createStore(api, token, franchise.slug, { name: 'Loja 10' })
  for (let i = 1; i <= 12; i++) await createDisplay(api, token, franchise.slug, big.slug, { name: `TV ${String(i).padStart(2, '0')}` })
  await createDisplay(api, token, franchise.slug, other.slug, { name: 'TV Vitrine' })

  const displayCalls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/display/')) displayCalls.push(pathname)
  })

  await useSession(page, { token })
  await page.goto('/dashboard')
  await expect(card(page, 'Loja 2')).toBeVisible()
  await expect(counter(page, 'Lojas')).toHaveAccessibleName('Lojas: 3')
  await expect(counter(page, 'Televisores')).toHaveAccessibleName('Televisores: 13')
  await expect(counter(page, 'Offline')).toHaveAccessibleName('Offline: 13')
  // Cards in numeric name order.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: /^Loja/ })).toHaveText(['Loja 1', 'Loja 2', 'Loja 10'])
  expect(displayCalls).toEqual([`/api/display/${franchise.slug}`])

  // 12 TVs: 10 on the first page, 2 on the second; the small stores have no pager.
  await expect(tvRows(page, 'Loja 2')).toHaveCount(10)
  await expect(card(page, 'Loja 2').getByText('Página 1 de 2')).toBeVisible()
  await expect(card(page, 'Loja 10').getByText(/Página/)).toHaveCount(0)
  await expect(card(page, 'Loja 1').getByText('Nenhum televisor cadastrado.')).toBeVisible()
  await shot(page, 'overview-paginated')
  await card(page, 'Loja 2').getByRole('button', { name: 'Próxima página' }).click()
  await expect(tvRows(page, 'Loja 2')).toHaveCount(2)
  await expect(tvRows(page, 'Loja 2').first()).toContainText('TV 11')
  await card(page, 'Loja 2').getByRole('combobox', { name: 'Linhas por página' }).click()
  await expect(page.getByRole('option')).toHaveText(['10', '20', '30', '40', '50', '100'])
  await page.getByRole('option', { name: '20' }).click()
  await expect(tvRows(page, 'Loja 2')).toHaveCount(12)

  // 'Visualizar' hides a column.
  await card(page, 'Loja 2').getByRole('button', { name: 'Visualizar' }).click()
  await page.getByRole('menuitemcheckbox', { name: 'Orientação' }).click()
  await page.keyboard.press('Escape')
  await expect(card(page, 'Loja 2').getByRole('columnheader', { name: /Orientação$/ })).toHaveCount(0)
  await expect(card(page, 'Loja 10').getByRole('columnheader', { name: /Orientação$/ })).toBeVisible()

  // Store dropdown, numeric-aware, then the free text, then 'Limpar'.
  await page.getByRole('combobox', { name: 'Selecionar loja' }).click()
  await expect(page.getByRole('option')).toHaveText(['Todas as lojas', 'Loja 1', 'Loja 2', 'Loja 10'])
  await page.getByRole('option', { name: 'Loja 10' }).click()
  await expect(card(page, 'Loja 10')).toBeVisible()
  await expect(card(page, 'Loja 2')).toHaveCount(0)
  await expect(card(page, 'Loja 1')).toHaveCount(0)
  await page.getByRole('button', { name: 'Limpar', exact: true }).first().click()
  await expect(card(page, 'Loja 2')).toBeVisible()

  await page.getByRole('textbox', { name: 'Filtrar loja pelo nome' }).fill('loja 1')
  await expect(card(page, 'Loja 2')).toHaveCount(0)
  await expect(card(page, 'Loja 1')).toBeVisible()
  await expect(card(page, 'Loja 10')).toBeVisible()
  await shot(page, 'overview-filtered')
  await page.getByRole('textbox', { name: 'Filtrar loja pelo nome' }).fill('nenhuma assim')
  await expect(page.getByText('Nenhuma loja encontrada.')).toBeVisible()
  await page.getByRole('button', { name: 'Limpar', exact: true }).first().click()
  await expect(page.getByRole('textbox', { name: 'Filtrar loja pelo nome' })).toHaveValue('')
  await expect(card(page, 'Loja 2')).toBeVisible()
  expect(displayCalls.every((path) => path === `/api/display/${franchise.slug}`)).toBe(true)
})

test('a group of many stores draws twenty cards at first and more as the operator scrolls', async ({ page, api, adminToken }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('muitas'),
    password: strongPassword(),
    group: `Rede Muitas ${Date.now().toString(36)}`,
  })
  for (let i = 1; i <= 45; i++) await createStore(api, token, franchise.slug, { name: `Loja ${i}` })
  const cards = page.getByRole('main').getByRole('region')

  await useSession(page, { token })
  await page.goto('/dashboard')
  await expect(counter(page, 'Lojas')).toHaveAccessibleName('Lojas: 45')
  await expect(cards).toHaveCount(20)
  await expect(card(page, 'Loja 20')).toBeVisible()
  await expect(page.getByText('Mostrando 20 de 45 lojas')).toBeVisible()

  // Scrolling to the end of the list draws the next ones.
  await page.getByText('Mostrando 20 de 45 lojas').scrollIntoViewIfNeeded()
  await expect(cards).toHaveCount(40)
  await page.getByText('Mostrando 40 de 45 lojas').scrollIntoViewIfNeeded()
  await expect(cards).toHaveCount(45)
  await expect(page.getByRole('button', { name: 'Mostrar mais lojas' })).toBeHidden()

  // A filter starts again from the first twenty of what it finds.
  await page.getByRole('textbox', { name: 'Filtrar loja pelo nome' }).fill('Loja 4')
  await expect(cards).toHaveCount(7) // Loja 4 and Loja 40 to 45
  await expect(card(page, 'Loja 45')).toBeVisible()
})

test('while the event stream is down, the TV list refreshes by itself every 30 seconds and keeps the page the operator is on', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('refresh')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Viva ${Date.now().toString(36)}` })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Viva' })
  for (let i = 1; i <= 11; i++) await createDisplay(api, token, franchise.slug, store.slug, { name: `TV ${String(i).padStart(2, '0')}` })

  // The stream cannot open (a proxy refusing it): the polling takes over.
  await page.route('**/api/events/**', (route) => route.abort())
  await page.clock.install()
  await useSession(page, { token })
  await page.goto('/dashboard')
  await expect(tvRows(page, 'Loja Viva')).toHaveCount(10)
  await card(page, 'Loja Viva').getByRole('button', { name: 'Próxima página' }).click()
  await expect(tvRows(page, 'Loja Viva')).toHaveText([/TV 11/])

  await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV 12' })
  await page.clock.fastForward(10_000)
  await expect(tvRows(page, 'Loja Viva')).toHaveCount(1)
  await page.clock.fastForward(21_000)
  await expect(tvRows(page, 'Loja Viva')).toHaveText([/TV 11/, /TV 12/])
  await expect(card(page, 'Loja Viva').getByText('Página 2 de 2')).toBeVisible()
  await expect(tvRows(page, 'Loja Viva').filter({ hasText: 'TV 12' })).toContainText('Offline')
  await expect(counter(page, 'Televisores')).toHaveAccessibleName('Televisores: 12')

  // A filter still goes back to the first page.
  await card(page, 'Loja Viva').getByRole('textbox', { name: 'Filtrar televisores...' }).fill('TV 0')
  await expect(tvRows(page, 'Loja Viva')).toHaveCount(9)
})

test('an operator sends a message to the chosen stores', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('mensagem')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Recado ${Date.now().toString(36)}` })
  const contact = { name: 'Clara', role: 'Gerente', phone: '11912345678', receiveNotify: true }
  await createStore(api, token, franchise.slug, { name: 'Loja Norte', contacts: [contact] })
  await createStore(api, token, franchise.slug, { name: 'Loja Sul', contacts: [{ ...contact, phone: '11912345679' }] })
  await createStore(api, token, franchise.slug, { name: 'Loja Leste', contacts: [{ ...contact, phone: '11912345670' }] })

  await useSession(page, { token })
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Enviar mensagem para lojas' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar mensagem para lojas' })
  await dialog.getByRole('button', { name: 'Enviar' }).click()
  await expect(dialog.getByText('Mensagem é obrigatória')).toBeVisible()
  await expect(dialog.getByText('Seleciona pelo menos um estabelecimento')).toBeVisible()
  await shot(page, 'message-dialog-validation')

  await dialog.getByLabel('Mensagem').fill('Bom dia! A nova campanha começa amanhã.')
  await dialog.getByLabel('Loja Norte').check()
  await dialog.getByLabel('Loja Sul').check()
  await expect(dialog.getByLabel('Selecionar todas')).toHaveAttribute('data-state', 'indeterminate')
  await shot(page, 'message-dialog-filled')
  await dialog.getByRole('button', { name: 'Enviar' }).click()
  await expect(toast(page, 'Mensagem enviada')).toBeVisible()
  await expect(toast(page, 'Mensagem enviada')).toContainText('2 lojas')
  await expect(dialog).toBeHidden()

  // Opened again, the dialog lists the recent messages: one per phone, newest
  // first, with the contact, the masked phone, the start of the text and the
  // delivery status (no WhatsApp provider here, so Pendente or Enviada).
  await page.getByRole('button', { name: 'Enviar mensagem para lojas' }).click()
  const recent = dialog.getByRole('list', { name: 'Mensagens recentes' })
  await expect(recent.getByRole('listitem')).toHaveCount(2)
  const north = recent.getByRole('listitem').filter({ hasText: 'Clara (Loja Norte)' })
  await expect(north).toContainText('(11) 91234-5678')
  await expect(north).toContainText('Bom dia! A nova campanha começa amanhã.')
  await expect(north.getByText(/^(Pendente|Enviada)$/)).toBeVisible()
  await expect(north.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)
  await expect(recent.getByRole('listitem').filter({ hasText: 'Clara (Loja Sul)' })).toContainText('(11) 91234-5679')
  await expect(recent).not.toContainText('Loja Leste')
  await shot(page, 'message-dialog-recent')
})

test('an administrator acting as an operator sees Ações Admin and runs a remote command', async ({ page, context, api, adminToken }) => {
  const email = uniqueEmail('comando')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Comando ${Date.now().toString(36)}` })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Remota' })
  const box = await announceDevice(api)
  const display = await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV Remota', device: box.device })
  // Commands go only to a TV whose player is connected.
  const player = await connectPlayer(context, box.token)
  await expect
    .poll(async () => (await storeDisplays(api, token, franchise.slug, store.slug))[0]?.connected, { timeout: 10_000 })
    .toBe(true)
  // What the console stores after 'Impersonate': the operator's session and the admin token.
  const { token: actingToken } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)

  await useSession(page, { token: actingToken, adminToken })
  await page.goto('/dashboard')
  const table = card(page, 'Loja Remota').getByRole('table')
  await expect(table.getByRole('columnheader', { name: 'Ações Admin' })).toBeVisible()
  await card(page, 'Loja Remota').getByRole('button', { name: 'Comandos para TV Remota' }).click()
  await expect(page.getByRole('menuitem')).toHaveText([
    'Reiniciar dispositivo',
    'Capturar tela',
    'Gravar vídeo',
    'Identificar dispositivo',
    'Identificar versão',
    'Limpar programação',
    'Limpar banco de dados',
    'Limpar mídias',
    'Ver resultados',
  ])
  await shot(page, 'admin-commands-menu')
  await page.getByRole('menuitem', { name: 'Identificar dispositivo' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Identificar dispositivo?' })
  await expect(confirm).toContainText('TV Remota')
  await shot(page, 'admin-command-confirm')
  await confirm.getByRole('button', { name: 'Executar' }).click()
  await expect(toast(page, 'Comando executado')).toBeVisible()
  await expect(confirm).toBeHidden()
  await expect.poll(async () => (await playerFrames(player)).some((f) => f.type === 'command' && f.operation === 'identifyDevice')).toBe(true)
  // The result shows beside the TV once its player answered.
  const results = page.getByRole('dialog', { name: 'Resultados dos comandos' })
  const row = results.getByRole('row').filter({ hasText: 'Identificar dispositivo' })
  await expect(row).toContainText('Concluído')
  await shot(page, 'admin-command-results')
  await results.getByRole('button', { name: 'Fechar' }).first().click()
  await expect(results).toBeHidden()
  // Why the console sends commands with the session token, not the admin's
  // own one: the administrator is not a member of the operator's group.
  const refused = await api
    .post(`/display/${franchise.slug}/${store.slug}/${display.id}/admin-command`, { operation: 'identifyDevice' }, adminToken)
    .catch((error: ApiError) => error)
  expect(refused).toMatchObject({ status: 403, apiCode: 1403 })

  // Without the admin token the console refuses before calling the server.
  await page.evaluate((key) => localStorage.removeItem(key), storageKeys.adminToken)
  await card(page, 'Loja Remota').getByRole('button', { name: 'Comandos para TV Remota' }).click()
  await page.getByRole('menuitem', { name: 'Reiniciar dispositivo' }).click()
  await page.getByRole('alertdialog', { name: 'Reiniciar dispositivo?' }).getByRole('button', { name: 'Executar' }).click()
  await expect(toast(page, 'Acesso negado')).toBeVisible()
  await expect(toast(page, 'Acesso negado')).toContainText('Você não possui permissão para executar este comando.')
})

test("an administrator in their own session is refused a remote command without calling the server", async ({ page, context, api, adminToken }) => {
  const franchise = await api.createFranchise(adminToken, { name: `Rede Própria ${Date.now().toString(36)}` })
  const store = await createStore(api, adminToken, franchise.slug, { name: 'Loja Própria' })
  const box = await announceDevice(api)
  const display = await createDisplay(api, adminToken, franchise.slug, store.slug, { name: 'TV Própria', device: box.device })
  // A connected player: the commands of a TV without one are disabled.
  await connectPlayer(context, box.token)
  await expect
    .poll(async () => (await storeDisplays(api, adminToken, franchise.slug, store.slug))[0]?.connected, { timeout: 10_000 })
    .toBe(true)
  const commandCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/admin-command')) commandCalls.push(request.url())
  })

  // The administrator's own session: the token is also the admin token.
  await useSession(page, { token: adminToken, adminToken, franchise: franchise.slug })
  await page.goto('/dashboard')
  await expect(card(page, 'Loja Própria').getByRole('table').getByRole('columnheader', { name: 'Ações Admin' })).toBeVisible()
  await card(page, 'Loja Própria').getByRole('button', { name: 'Comandos para TV Própria' }).click()
  await page.getByRole('menuitem', { name: 'Identificar dispositivo' }).click()
  await page.getByRole('alertdialog', { name: 'Identificar dispositivo?' }).getByRole('button', { name: 'Executar' }).click()
  await expect(toast(page, 'Acesso negado')).toBeVisible()
  await expect(toast(page, 'Acesso negado')).toContainText('Você não possui permissão para executar este comando.')
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await shot(page, 'admin-command-denied')
  expect(commandCalls).toEqual([])
  // The server refuses it too: commands run only with an impersonation token.
  const refused = await api
    .post(`/display/${franchise.slug}/${store.slug}/${display.id}/admin-command`, { operation: 'identifyDevice' }, adminToken)
    .catch((error: ApiError) => error)
  expect(refused).toMatchObject({ status: 403, apiCode: 1403 })
})

test('a store has a phone of its own, with the mask of the contacts', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('telefone')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Fone ${Date.now().toString(36)}` })
  await useSession(page, { token })
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Loja' })
  await dialog.getByLabel('Nome', { exact: true }).fill('Loja Fone')
  await dialog.getByLabel('Região').fill('Sul')
  await dialog.getByLabel('Estado').fill('PR')
  await dialog.getByLabel('Cidade').fill('Curitiba')
  // The store's 'Telefone' comes first; the contact form below has one too.
  const storePhone = dialog.getByLabel('Telefone', { exact: true }).first()
  await expect(dialog.getByRole('group', { name: 'Novo contato' }).getByLabel('Telefone')).toBeEmpty()
  await storePhone.pressSequentially('4133')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByText('Telefone inválido')).toBeVisible()
  await expect(storePhone).toHaveAttribute('aria-invalid', 'true')
  await storePhone.fill('')
  await storePhone.pressSequentially('41333344445')
  await expect(storePhone).toHaveValue('(41) 33334-4445')
  await storePhone.fill('4133334444')
  await expect(storePhone).toHaveValue('(41) 3333-4444')
  await expect(dialog.getByText('Telefone inválido')).toBeHidden()
  await shot(page, 'store-dialog-phone')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja criada')).toBeVisible()
  const [saved] = await stores(api, token, franchise.slug)
  expect(saved.phone).toBe('4133334444')

  // Editing shows it masked; emptied, the store has no phone.
  await card(page, 'Loja Fone').getByRole('button', { name: 'Editar loja Loja Fone' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Loja' })
  const editPhone = edit.getByLabel('Telefone', { exact: true }).first()
  await expect(editPhone).toHaveValue('(41) 3333-4444')
  await editPhone.fill('')
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja atualizada')).toBeVisible()
  expect((await stores(api, token, franchise.slug))[0].phone).toBe('')
})

test('the overview is readable in dark mode', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('escuro')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Noturna ${Date.now().toString(36)}` })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Noturna' })
  await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV Noturna', contentOrientation: 1 })
  await page.addInitScript((key) => localStorage.setItem(key, 'dark'), storageKeys.theme)
  await useSession(page, { token })
  await page.goto('/dashboard')
  await expect(tvRows(page, 'Loja Noturna')).toHaveCount(1)
  await expect(page.locator('html')).toHaveClass(/dark/)
  await shot(page, 'overview-dark')
  await card(page, 'Loja Noturna').getByRole('button', { name: 'Editar loja Loja Noturna' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar Loja' })
  await expect(dialog).toBeVisible()
  // A new contact receives notifications unless unchecked.
  await expect(dialog.getByRole('checkbox', { name: 'Recebe notificações' })).toBeChecked()
  await shot(page, 'store-dialog-dark')
})

test('store contacts are never dropped without a word, and a pasted phone keeps its digits', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('contatos')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Contatos ${Date.now().toString(36)}` })
  await useSession(page, { token })
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Loja' })
  await dialog.getByLabel('Nome', { exact: true }).fill('Loja Boa Viagem')
  await dialog.getByLabel('Região').fill('Nordeste')
  await dialog.getByLabel('Estado').fill('PE')
  await dialog.getByLabel('Cidade').fill('Recife')
  const draft = dialog.getByRole('group', { name: 'Novo contato' })
  const list = dialog.getByRole('list', { name: 'Contatos da loja' }).getByRole('listitem')

  // A phone pasted with the country code keeps every digit of the number.
  await draft.getByLabel('Nome do contato').fill('Ana Gerente')
  await draft.getByLabel('Cargo').fill('Gerente')
  const phone = draft.getByLabel('Telefone')
  // insertText goes through the browser's editing, as a paste does (a maxLength would cut it).
  await phone.focus()
  await page.keyboard.insertText('+55 (81) 98765-4321')
  await expect(phone).toHaveValue('(81) 98765-4321')
  await draft.getByRole('button', { name: 'Adicionar contato' }).click()
  await expect(list).toHaveCount(1)

  // A second contact with the same phone is refused at once, with the reason.
  await draft.getByLabel('Nome do contato').fill('Bruno Caixa')
  await draft.getByLabel('Cargo').fill('Caixa')
  await phone.fill('81987654321')
  await draft.getByRole('button', { name: 'Adicionar contato' }).click()
  await expect(draft.getByText('Já existe um contato com este telefone.')).toBeVisible()
  await expect(list).toHaveCount(1)
  await shot(page, 'store-contact-repeated-phone')

  // A half-typed contact stops the save and says so, instead of vanishing.
  await phone.fill('81 3333')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'O contato em edição está incompleto' })).toBeVisible()
  await expect(draft.getByText('Telefone inválido')).toBeVisible()
  await shot(page, 'store-contact-incomplete')
  expect(await stores(api, token, franchise.slug)).toEqual([])

  // Completed, it is saved with the store; 'Limpar' would have emptied the form instead.
  await phone.fill('8133334444')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Loja criada')).toBeVisible()
  const [saved] = await stores(api, token, franchise.slug)
  expect(saved.contacts.map((c) => [c.name, c.phone])).toEqual([
    ['Ana Gerente', '81987654321'],
    ['Bruno Caixa', '8133334444'],
  ])

  await card(page, 'Loja Boa Viagem').getByRole('button', { name: 'Editar loja Loja Boa Viagem' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Loja' })
  const editDraft = edit.getByRole('group', { name: 'Novo contato' })
  await editDraft.getByLabel('Nome do contato').fill('Carla')
  await editDraft.getByRole('button', { name: 'Limpar' }).click()
  await expect(editDraft.getByLabel('Nome do contato')).toBeEmpty()
})

test('a store or TV name already used in its scope is refused with the reason', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('nomes')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Nomes ${Date.now().toString(36)}` })
  const centro = await createStore(api, token, franchise.slug, { name: 'Loja Centro' })
  await createDisplay(api, token, franchise.slug, centro.slug, { name: 'Balcão' })
  await useSession(page, { token })
  await page.goto('/dashboard')

  await page.getByRole('button', { name: 'Adicionar Loja' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar Loja' })
  await dialog.getByLabel('Nome', { exact: true }).fill('  loja  centro ')
  await dialog.getByLabel('Região').fill('Sudeste')
  await dialog.getByLabel('Estado').fill('SP')
  await dialog.getByLabel('Cidade').fill('Campinas')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Oops! Algo deu errado.')).toContainText('Já existe uma loja com este nome neste grupo.')
  await expect(dialog).toBeVisible()
  await shot(page, 'store-name-taken')
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  expect((await stores(api, token, franchise.slug)).map((s) => s.name)).toEqual(['Loja Centro'])

  const tvDialog = page.getByRole('dialog', { name: 'Adicionar Televisor' })
  await card(page, 'Loja Centro').getByRole('button', { name: 'Adicionar Televisor' }).click()
  await tvDialog.getByLabel('Código do dispositivo').fill(await uniqueDevice(api))
  await tvDialog.getByLabel('Nome do televisor').fill('BALCAO')
  await tvDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Oops! Algo deu errado.')).toContainText('Já existe um televisor com este nome nesta loja.')
  await expect(tvDialog).toBeVisible()
  await shot(page, 'display-name-taken')
  expect((await storeDisplays(api, token, franchise.slug, centro.slug)).map((d) => d.name)).toEqual(['Balcão'])
})

test('the commands of a TV whose player is not connected are shown disabled, with the reason', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('desligada')
  // A group whose name already says 'Grupo' is not called 'Grupo Grupo …'.
  const group = `Grupo Auditoria ${Date.now().toString(36)}`
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Desligada' })
  await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV Desligada' })
  const { token: actingToken } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)
  const commandCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/admin-command')) commandCalls.push(request.url())
  })

  await useSession(page, { token: actingToken, adminToken })
  await page.goto('/dashboard')
  await expect(page.getByRole('main').getByText(group, { exact: true })).toBeVisible()
  await expect(page.getByText(`Grupo ${group}`)).toHaveCount(0)
  await card(page, 'Loja Desligada').getByRole('button', { name: 'Comandos para TV Desligada' }).click()
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('note')).toHaveText('O player deste televisor não está conectado: os comandos ficam disponíveis quando ele se conectar.')
  for (const label of ['Reiniciar dispositivo', 'Capturar tela', 'Limpar mídias']) {
    await expect(menu.getByRole('menuitem', { name: label })).toBeDisabled()
  }
  await expect(menu.getByRole('menuitem', { name: 'Ver resultados' })).toBeEnabled()
  await shot(page, 'admin-commands-offline')
  await menu.getByRole('menuitem', { name: 'Reiniciar dispositivo' }).click({ force: true })
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  expect(commandCalls).toEqual([])
})
