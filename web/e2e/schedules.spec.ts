// Programações (/schedule) and the schedule detail (/schedule/{id}): the list,
// the TV linking section, unlinking entries, the preview with its clock,
// duplicating and deleting (spec 2 §2, §4, §8).
import type { Page } from '@playwright/test'
import { test, expect, refuseEventStream, shot, toast, useSession, uniqueEmail, strongPassword } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup, storeDisplays, uniqueDevice } from './harness/overview-api.ts'
import { getSchedule, saveEntries, scheduleNamed } from './harness/schedule-api.ts'

const listRow = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Programações' }).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
const entryRows = (page: Page) => page.getByRole('table', { name: 'Mídias da programação' }).getByRole('row').filter({ has: page.getByRole('cell') })

async function pick(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** An operator with a store, a TV and three images in the library. */
async function setup(api: Parameters<typeof operatorWithGroup>[0], adminToken: string) {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('programacoes'),
    password: strongPassword(),
    group: `Rede Programa ${Date.now().toString(36)}`,
  })
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Centro' })
  const display = await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV Vitrine' })
  const image = (name: string, seed: number) =>
    addMedia(api, token, franchise.slug, { name, type: 'image', bytes: png(320, 180, { noise: true, seed }), contentType: 'image/png' })
  const night = await image('Promo Noite', 1)
  const always = await image('Oferta Sempre', 2)
  const extra = await image('Cartaz Extra', 3)
  return { token, franchise, store, display, night, always, extra }
}

test('an operator creates a schedule, links it to a TV, previews it at night, duplicates and deletes it', async ({ page, api, adminToken }) => {
  const { token, franchise, night, always, extra } = await setup(api, adminToken)

  await useSession(page, { token })
  await page.goto('/schedule')
  await expect(page.getByRole('heading', { name: 'Programações', exact: true })).toBeVisible()
  await expect(page.getByText('Nenhuma programação cadastrada.')).toBeVisible()

  // --- Create from the list
  await page.getByRole('button', { name: 'Nova Programação' }).click()
  const create = page.getByRole('dialog', { name: 'Criar Programação' })
  await create.getByRole('button', { name: 'Criar' }).click()
  await expect(create.getByText('Campo obrigatório')).toBeVisible()
  await create.getByLabel('Nome da programação').fill('Vitrine Noturna')
  await create.getByRole('button', { name: 'Criar' }).click()
  await expect(toast(page, 'Programação criada')).toBeVisible()
  await expect(create).toBeHidden()
  await expect(listRow(page, 'Vitrine Noturna')).toContainText('0s')

  // Entries go in through the API: a night-only image first, then two for all day.
  const { id } = await scheduleNamed(api, token, franchise.slug, 'Vitrine Noturna')
  await saveEntries(api, token, franchise.slug, id, [
    { id: night.id, displayTime: 8, timeGap: ['22:00@05:00'] },
    { id: always.id, displayTime: 10 },
    { id: extra.id, displayTime: 5 },
  ])
  await page.reload()
  const row = listRow(page, 'Vitrine Noturna')
  await expect(row.getByRole('cell').nth(1)).toHaveText('23s')
  await expect(row.getByRole('cell').nth(2)).toHaveText('0')
  await shot(page, 'schedules-list')

  // --- Detail
  await page.getByRole('link', { name: 'Editar Vitrine Noturna' }).click()
  await expect(page).toHaveURL(new RegExp(`/schedule/${id}$`))
  await expect(page.getByRole('heading', { name: 'Programações > Vitrine Noturna' })).toBeVisible()
  await expect(entryRows(page)).toHaveCount(3)
  await expect(entryRows(page).nth(0)).toContainText('Promo Noite')
  await expect(entryRows(page).nth(0)).toContainText('22:00 às 05:00')
  await expect(entryRows(page).nth(1)).toContainText('SEMPRE')
  await expect(page.getByRole('button', { name: 'Adicionar vaga para anúncios' })).toHaveCount(0)

  // --- Link it to a TV from the linking section
  await expect(page.getByText('Deseja adicionar essa programação em televisores?')).toBeVisible()
  const linked = page.getByRole('table', { name: 'Televisores com essa programação:' })
  await expect(linked).toContainText('Nenhum televisor com esta programação.')
  await pick(page, 'Loja', 'Loja Centro')
  await pick(page, 'Televisor', 'TV Vitrine')
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await expect(toast(page, 'Programação vinculada')).toBeVisible()
  await expect(linked.getByRole('row').filter({ hasText: 'TV Vitrine' })).toContainText('Loja Centro')

  // --- Unlink a media entry (it asks first)
  await page.getByRole('button', { name: 'Desvincular Cartaz Extra' }).click()
  await page.getByRole('alertdialog', { name: 'Desvincular mídia?' }).getByRole('button', { name: 'Desvincular' }).click()
  await expect(toast(page, 'Mídia desvinculada')).toBeVisible()
  await expect(entryRows(page)).toHaveCount(2)
  await expect(page.getByRole('table', { name: 'Mídias da programação' })).not.toContainText('Cartaz Extra')
  await shot(page, 'schedule-detail')

  // --- Preview: the day plays the all-day image, the night the night-only one
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const preview = page.getByRole('dialog', { name: 'Prévia da programação' })
  const screen = preview.getByRole('region', { name: 'Tela da prévia' })
  await preview.getByLabel('Data e hora da prévia').fill('2030-01-15T10:00')
  await expect(screen.getByRole('img', { name: 'Oferta Sempre' })).toBeVisible()
  await expect(preview.getByRole('list', { name: 'A seguir' })).not.toContainText('Promo Noite')
  await shot(page, 'schedule-preview-day')
  await preview.getByLabel('Data e hora da prévia').fill('2030-01-15T23:00')
  await expect(screen.getByRole('img', { name: 'Promo Noite' })).toBeVisible()
  await expect(preview.getByRole('list', { name: 'A seguir' })).toContainText('Oferta Sempre')
  await shot(page, 'schedule-preview-night')
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()

  // --- Back to the list: one TV now
  await page.getByRole('link', { name: 'Voltar' }).click()
  await expect(listRow(page, 'Vitrine Noturna').getByRole('cell').nth(1)).toHaveText('18s')
  await expect(listRow(page, 'Vitrine Noturna').getByRole('cell').nth(2)).toHaveText('1')

  // The list's preview opens on the first media (set to a day hour: the clock of the test machine is not the point).
  await page.getByRole('button', { name: 'Ver prévia de Vitrine Noturna' }).click()
  await preview.getByLabel('Data e hora da prévia').fill('2030-01-15T09:00')
  await expect(screen.getByRole('img', { name: 'Oferta Sempre' })).toBeVisible()
  await page.keyboard.press('Escape')

  // --- Duplicate
  await page.getByRole('button', { name: 'Duplicar Vitrine Noturna' }).click()
  const duplicate = page.getByRole('dialog', { name: 'Duplicar Programação' })
  await duplicate.getByLabel('Nome da programação').fill('')
  await duplicate.getByRole('button', { name: 'Duplicar' }).click()
  await expect(duplicate.getByText('Campo obrigatório')).toBeVisible()
  await duplicate.getByLabel('Nome da programação').fill('Vitrine Cópia')
  await duplicate.getByRole('button', { name: 'Duplicar' }).click()
  await expect(toast(page, 'Programação duplicada com sucesso!')).toBeVisible()
  await expect(listRow(page, 'Vitrine Cópia').getByRole('cell').nth(1)).toHaveText('18s')

  // --- Delete, with the warning about its TV
  await page.getByRole('button', { name: 'Excluir Vitrine Noturna' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Esta programação está vinculada em 1 TVs. Após confirmar, a ação não poderá ser desfeita.')
  await shot(page, 'schedule-delete-confirm')
  await confirm.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Programação excluída')).toBeVisible()
  await expect(listRow(page, 'Vitrine Noturna')).toHaveCount(0)
  await expect(listRow(page, 'Vitrine Cópia')).toBeVisible()

  // The name filter and 'Limpar'.
  await page.getByRole('textbox', { name: 'Filtrar programações...' }).fill('nada assim')
  await expect(page.getByText('Nenhuma programação cadastrada.')).toBeVisible()
  await page.getByRole('button', { name: 'Limpar' }).click()
  await expect(listRow(page, 'Vitrine Cópia')).toBeVisible()
})

test('a save on a schedule changed meanwhile shows the server message and reloads it; rows move by keyboard', async ({ page, api, adminToken }) => {
  const { token, franchise, night, always, extra } = await setup(api, adminToken)
  await useSession(page, { token })
  // Without the live stream: the page must keep the version it loaded while
  // another operator saves, as a tab whose stream is down (or not yet told) does.
  await refuseEventStream(page)
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Ordem' }, token)
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: night.id }, { id: always.id }, { id: extra.id }])

  await page.goto(`/schedule/${schedule.id}?action=displays`)
  await expect(page.getByRole('combobox', { name: 'Loja' })).toBeFocused()
  await expect(entryRows(page)).toHaveCount(3)

  // Move the first row down one place with the keyboard.
  const handle = page.getByRole('button', { name: 'Mover Promo Noite' })
  await handle.focus()
  await page.keyboard.press('Space')
  await expect(handle).toHaveAttribute('aria-pressed', 'true')
  // The keyboard sensor listens for the arrows from a timer queued when the
  // row was picked up: one turn of the page's timers after it, it does.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
  await page.keyboard.press('ArrowDown')
  await expect(page.getByText('Sobre a posição 2.')).toBeAttached()
  await page.keyboard.press('Space')
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(entryRows(page).nth(0)).toContainText('Oferta Sempre')
  await expect(entryRows(page).nth(1)).toContainText('Promo Noite')
  expect((await getSchedule(api, token, franchise.slug, schedule.id)).media.map((m) => m.name)).toEqual(['Oferta Sempre', 'Promo Noite', 'Cartaz Extra'])

  // Someone else removes an entry: the page's hash is stale, the server refuses and the page reloads.
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: always.id }, { id: night.id }])
  await page.getByRole('button', { name: 'Desvincular Promo Noite' }).click()
  await page.getByRole('alertdialog', { name: 'Desvincular mídia?' }).getByRole('button', { name: 'Desvincular' }).click()
  await expect(toast(page, 'Oops! Algo deu errado.')).toContainText('A programação foi alterada por outra pessoa enquanto você editava.')
  await expect(entryRows(page)).toHaveCount(2)
  await expect(entryRows(page).nth(1)).toContainText('Promo Noite')
})

test('on the schedule page: unlinking asks, a TV on another schedule is moved only once confirmed, the copy opens, deleting lands on the list', async ({ page, api, adminToken }) => {
  const { token, franchise, store, display, night, always, extra } = await setup(api, adminToken)
  const morning = await createSchedule(api, token, franchise.slug, 'Manhã')
  const afternoon = await createSchedule(api, token, franchise.slug, 'Tarde')
  await saveEntries(api, token, franchise.slug, afternoon.id, [{ id: night.id }, { id: always.id }, { id: extra.id }])
  await api.post(`/display/${franchise.slug}/${store.slug}/${display.id}`, { scheduleId: morning.id }, token)
  // Two stores each with a 'Caixa 1', both on 'Tarde': the linked list tells them apart by store.
  const praca = await createStore(api, token, franchise.slug, { name: 'Loja Praça' })
  for (const where of [store, praca]) {
    const caixa = await createDisplay(api, token, franchise.slug, where.slug, { name: 'Caixa 1' })
    await api.post(`/display/${franchise.slug}/${where.slug}/${caixa.id}`, { scheduleId: afternoon.id }, token)
  }

  await refuseEventStream(page) // the list waits for network idleness below
  await useSession(page, { token })
  await page.goto(`/schedule/${afternoon.id}`)
  await expect(entryRows(page)).toHaveCount(3)
  const linked = page.getByRole('table', { name: 'Televisores com essa programação:' })
  const caixas = linked.getByRole('row').filter({ hasText: 'Caixa 1' })
  await expect(caixas).toHaveCount(2)
  await expect(caixas.nth(0)).toContainText('Loja Centro')
  await expect(caixas.nth(1)).toContainText('Loja Praça')

  // --- Unlinking one entry asks first; 'Cancelar' keeps it.
  await page.getByRole('button', { name: 'Desvincular Cartaz Extra' }).click()
  const unlink = page.getByRole('alertdialog', { name: 'Desvincular mídia?' })
  await expect(unlink).toContainText('"Cartaz Extra" sai desta programação. A mídia continua na biblioteca.')
  await shot(page, 'schedule-unlink-confirm')
  await unlink.getByRole('button', { name: 'Cancelar' }).click()
  await expect(unlink).toBeHidden()
  await expect(entryRows(page)).toHaveCount(3)
  expect((await getSchedule(api, token, franchise.slug, afternoon.id)).media).toHaveLength(3)
  await page.getByRole('button', { name: 'Desvincular Cartaz Extra' }).click()
  await unlink.getByRole('button', { name: 'Desvincular' }).click()
  await expect(toast(page, 'Mídia desvinculada')).toBeVisible()
  await expect(entryRows(page)).toHaveCount(2)

  // --- A TV on 'Manhã': the choice says so, and linking asks before moving it.
  await page.getByRole('combobox', { name: 'Loja' }).click()
  await page.getByRole('option', { name: 'Loja Centro', exact: true }).click()
  await page.getByRole('combobox', { name: 'Televisor' }).click()
  await expect(page.getByRole('option', { name: 'TV Vitrine · em Manhã' })).toBeVisible()
  await page.getByRole('option', { name: 'TV Vitrine · em Manhã' }).click()
  await expect(page.getByRole('note')).toHaveText('Este televisor exibe hoje a programação Manhã; ao adicionar, ele deixa essa programação.')
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click()
  const move = page.getByRole('alertdialog', { name: 'Trocar a programação do televisor?' })
  await expect(move).toContainText('O televisor TV Vitrine (Loja Centro) sai da programação Manhã e passa a exibir Tarde.')
  await shot(page, 'schedule-link-move-confirm')
  await move.getByRole('button', { name: 'Cancelar' }).click()
  await expect(move).toBeHidden()
  expect((await storeDisplays(api, token, franchise.slug, store.slug)).find((tv) => tv.id === display.id)?.schedule).toBe(morning.id)
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click()
  await move.getByRole('button', { name: 'Trocar programação' }).click()
  await expect(toast(page, 'Programação vinculada')).toBeVisible()
  await expect(linked.getByRole('row').filter({ hasText: 'TV Vitrine' })).toContainText('Loja Centro')
  expect((await storeDisplays(api, token, franchise.slug, store.slug)).find((tv) => tv.id === display.id)?.schedule).toBe(afternoon.id)
  await shot(page, 'schedule-detail-linked')

  // --- 'Duplicar programação' opens the copy.
  await page.getByRole('button', { name: 'Duplicar programação' }).click()
  const duplicate = page.getByRole('dialog', { name: 'Duplicar Programação' })
  await expect(duplicate.getByLabel('Nome da programação')).toHaveValue('Tarde (cópia)')
  await duplicate.getByRole('button', { name: 'Duplicar' }).click()
  await expect(toast(page, 'Programação duplicada com sucesso!')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Programações > Tarde (cópia)' })).toBeVisible()
  const copy = await scheduleNamed(api, token, franchise.slug, 'Tarde (cópia)')
  await expect(page).toHaveURL(new RegExp(`/schedule/${copy.id}$`))
  await expect(entryRows(page)).toHaveCount(2)

  // --- Deleting the schedule on screen: only the success, then the list.
  await page.getByRole('button', { name: 'Excluir programação' }).click()
  await page.getByRole('alertdialog', { name: 'Excluir programação?' }).getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Programação excluída')).toBeVisible()
  await expect(page).toHaveURL(/\/schedule$/)
  await expect(listRow(page, 'Tarde')).toBeVisible()
  await expect(listRow(page, 'Tarde (cópia)')).toHaveCount(0)
  // Every call the list makes has answered: a stray read of the deleted schedule would have shown its error by now.
  await page.waitForLoadState('networkidle')
  await expect(page.getByRole('region', { name: /^Notificações/ }).getByRole('listitem')).toHaveCount(1)
  await expect(toast(page, 'Agenda não encontrada.')).toHaveCount(0)
  await expect(toast(page, 'Oops! Algo deu errado.')).toHaveCount(0)
  await shot(page, 'schedule-deleted-list')
})

test("the TV row menu of Visão Geral shows what the TV plays now and next", async ({ page, api, adminToken }) => {
  const { token, franchise, store, display, always, extra } = await setup(api, adminToken)
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Agora e Depois' }, token)
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: always.id, displayTime: 3600 }, { id: extra.id, displayTime: 3600 }])
  await api.post(`/display/${franchise.slug}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)

  await useSession(page, { token })
  await page.goto('/dashboard')
  await page.getByRole('region', { name: 'Loja Centro', exact: true }).getByRole('button', { name: 'Ações para TV Vitrine', exact: true }).click()
  await page.getByRole('menuitem', { name: 'O que está passando' }).click()
  const dialog = page.getByRole('dialog', { name: 'O que está passando' })
  await expect(dialog).toContainText('TV Vitrine · Agora e Depois')
  // Each entry lasts an hour from the start of the day: what plays now depends on the hour, both are listed.
  await expect(dialog.getByLabel('Agora')).toContainText(/Oferta Sempre|Cartaz Extra/)
  await expect(dialog.getByRole('list', { name: 'A seguir' })).toContainText(/Oferta Sempre|Cartaz Extra/)
  await shot(page, 'overview-now-playing')
})

test('the preview draws the schedule footer at its preview size', async ({ page, api, adminToken }) => {
  const franchise = await api.createFranchise(adminToken, { name: `Rede Rodapé ${Date.now().toString(36)}` })
  const image = await addMedia(api, adminToken, franchise.slug, { name: 'Vitrine Rodapé', type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Com Rodapé' }, adminToken)
  await saveEntries(api, adminToken, franchise.slug, schedule.id, [{ id: image.id, displayTime: 10 }])
  const bottomBar = { height: 90, bgColor: '#123456', color: '#ffffff', fSize: 30, fWeight: 700, clock: { color: '#ffcc00', fSize: 40 } }
  await api.post(`/schedule/${franchise.slug}/${schedule.id}/config`, { bottomBar }, adminToken)

  await useSession(page, { token: adminToken, adminToken, franchise: franchise.slug })
  await page.goto(`/schedule/${schedule.id}`)
  await page.getByRole('button', { name: 'Ver prévia' }).click()
  const preview = page.getByRole('dialog', { name: 'Prévia da programação' })
  await preview.getByLabel('Data e hora da prévia').fill('2030-01-15T14:25')
  const footer = preview.getByTestId('preview-footer')
  await expect(footer).toHaveCSS('height', '64px')
  await expect(footer).toHaveCSS('font-size', '16px')
  await expect(footer).toHaveCSS('background-color', 'rgb(18, 52, 86)')
  await expect(footer).toContainText('14:25')
  await expect(preview.getByRole('img', { name: 'Vitrine Rodapé' })).toBeVisible()
  await shot(page, 'schedule-preview-footer')
})

test('an operator with the ads-center permission adds an ad slot at the start of a schedule, then edits it from its row', async ({ page, api, adminToken }) => {
  const email = uniqueEmail('vagas')
  const password = strongPassword()
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password, group: `Rede Vagas ${Date.now().toString(36)}` })
  // An administrator grants the ads center (POST /api/user/detail/adm).
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const banner = await addMedia(api, token, franchise.slug, { name: 'Banner Vaga', type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const { schedule } = await api.post<{ schedule: { id: string } }>(`/schedule/${franchise.slug}`, { name: 'Com vaga' }, token)
  await saveEntries(api, token, franchise.slug, schedule.id, [{ id: banner.id, displayTime: 12 }])

  await useSession(page, { token })
  await page.goto(`/schedule/${schedule.id}`)
  await expect(entryRows(page)).toHaveCount(1)
  await page.getByRole('button', { name: 'Adicionar vaga para anúncios' }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar vaga para anúncios' })
  await expect(dialog.getByLabel('Duração (em seg.)')).toHaveValue('10')
  // Each field says what is wrong with it, with its bounds, before anything is sent.
  await dialog.getByLabel('Duração (em seg.)').fill('0')
  await dialog.getByLabel('Quantidade').fill('1.5')
  await dialog.getByRole('button', { name: 'Adicionar' }).click()
  await expect(dialog.getByText('A quantidade de anúncios da vaga deve ser um número inteiro de 1 a 100.')).toBeVisible()
  await expect(dialog.getByText('A duração de cada anúncio da vaga deve ser um número inteiro de 1 a 3600 segundos.')).toBeVisible()
  await shot(page, 'schedule-ad-slot-errors')
  await dialog.getByLabel('Quantidade').fill('3')
  await dialog.getByLabel('Duração (em seg.)').fill('15')
  // The fallback media plays when no advertisement is sold.
  await dialog.getByRole('button', { name: 'Escolher mídia reserva' }).click()
  const picker = page.getByRole('dialog', { name: 'Selecionar Mídia' })
  await picker.getByRole('button', { name: 'Banner Vaga' }).click()
  await picker.getByRole('button', { name: 'Selecionar', exact: true }).click()
  await expect(dialog.getByRole('button', { name: 'Remover Banner Vaga' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Adicionar' }).click()
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(entryRows(page)).toHaveCount(2)
  await expect(entryRows(page).first()).toContainText('Slot')
  await shot(page, 'schedule-ad-slot')
  let saved = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(saved.media[0]).toMatchObject({ isAd: true, adSlots: 3, adTime: 15, displayTime: 45, adFallbackMediaId: banner.id })
  expect(saved.duration).toBe(45 + 12)
  const slotId = saved.media[0].id

  // Two advertisements sold in the slot on a TV that plays the schedule.
  const store = await createStore(api, token, franchise.slug, { name: 'Loja Vagas' })
  const { display } = await api.post<{ display: { id: string } }>(
    `/display/${franchise.slug}/${store.slug}`,
    { name: 'TV Balcão', device: await uniqueDevice(api), scheduleId: schedule.id, detail: '', orientation: 0, contentOrientation: 0 },
    token,
  )
  const now = Date.now()
  for (const name of ['Padaria Sol', 'Ótica Lima']) {
    await api.post(`/advertise/${franchise.slug}`, { name, displayTime: 10, startAt: now, endsAt: now + 2 * 86_400_000, displays: [{ displayId: display.id, slotId }] }, token)
  }

  // --- 'Editar' on the slot's row: the slot's values come back.
  await page.reload()
  await entryRows(page).first().getByRole('button', { name: 'Editar Slot' }).click()
  const edit = page.getByRole('dialog', { name: 'Editar vaga para anúncios' })
  await expect(edit.getByLabel('Quantidade')).toHaveValue('3')
  await expect(edit.getByLabel('Duração (em seg.)')).toHaveValue('15')
  await expect(edit.getByRole('button', { name: 'Remover Banner Vaga' })).toBeVisible()
  await shot(page, 'schedule-ad-slot-edit')
  // Fewer positions than sold: refused, naming the advertisements; nothing changes.
  await edit.getByLabel('Quantidade').fill('1')
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, /vagas já vendidas aos anúncios 'Ótica Lima' e 'Padaria Sol'|vagas já vendidas aos anúncios 'Padaria Sol' e 'Ótica Lima'/)).toBeVisible()
  await shot(page, 'schedule-ad-slot-edit-refused')
  saved = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(saved.media[0]).toMatchObject({ adSlots: 3, adTime: 15 })
  // Two positions still hold both; a longer duration and no fallback.
  await edit.getByLabel('Quantidade').fill('2')
  await edit.getByLabel('Duração (em seg.)').fill('20')
  await edit.getByRole('button', { name: 'Remover Banner Vaga' }).click()
  await expect(edit.getByText('Nenhuma: a vaga é pulada.')).toBeVisible()
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Programação atualizada.')).toBeVisible()
  await expect(edit).toBeHidden()
  await expect(entryRows(page).first()).toContainText('40s')
  saved = await getSchedule(api, token, franchise.slug, schedule.id)
  expect(saved.media[0]).toMatchObject({ id: slotId, isAd: true, adSlots: 2, adTime: 20, displayTime: 40 })
  expect(saved.media[0].adFallbackMediaId).toBeUndefined()
  expect(saved.media[1]).toMatchObject({ id: banner.id, displayTime: 12 })
})
