// The keyboard focus when a dialog closes (WCAG 2.4.3): back on the control
// that opened it — the button, or the menu button of the item it was chosen
// from — whichever way it closed (Escape, 'Cancelar', 'Fechar', the X, after
// saving); on the row's table when the row itself was deleted; never on
// <body>, where the next Tab would start over at the sidebar. Keyboard only:
// the focus is put on a control (as Tab would), Enter opens, arrows choose a
// menu item, Enter or Escape close. One page per group of dialogs.
import type { Locator, Page } from '@playwright/test'
import { test, expect, refuseEventStream, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { closeWithEscape } from './harness/escape.ts'
import { openInApp } from './harness/navigate.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { saveEntries } from './harness/schedule-api.ts'

/** How a dialog is closed: a key, a button of its own by name, or the X in its corner. */
type Close = 'Escape' | 'X' | { button: string }

const ways = (...closes: Close[]) => closes

/** Puts the focus on a control as Tab would, without a pointer. */
async function focusOn(control: Locator) {
  await expect(control).toBeVisible()
  await control.focus()
  await expect(control).toBeFocused()
}

/** In an open menu, moves with the arrow keys to the item named `name` and presses Enter. */
async function chooseItem(page: Page, name: string) {
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  const item = menu.getByRole('menuitem', { name, exact: true })
  await expect(item).toBeVisible()
  // Until the item has the focus: on a loaded machine the menu may take the focus after the first
  // presses, which a fixed count of them would spend on nothing.
  await expect(async () => {
    if (!(await item.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown')
    await expect(item).toBeFocused({ timeout: 250 })
  }).toPass({ timeout: 30_000 })
  await page.keyboard.press('Enter')
}

/** Waits until the focus is inside `dialog` (it has taken it, as a modal does). */
async function focusInside(dialog: Locator) {
  await expect(dialog).toBeVisible()
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
}

async function close(page: Page, dialog: Locator, how: Close) {
  if (how === 'Escape') {
    await closeWithEscape(page, dialog)
  } else {
    const button = how === 'X' ? dialog.locator(':scope > button[data-slot="dialog-close"], :scope > button:has(> .sr-only)').last() : dialog.getByRole('button', { name: how.button, exact: true }).last()
    await focusOn(button)
    await page.keyboard.press('Enter')
  }
  await expect(dialog).toBeHidden()
}

/** What holds the focus, for a failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement
    return e ? `${e.tagName.toLowerCase()} ${e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 40) ?? ''}` : 'nothing'
  })

type Round = {
  /** The control focused and pressed (Enter). */
  opener: Locator
  /** The item chosen in the menu the opener opens, if it is a menu button. */
  item?: string
  dialog: Locator
  /** What to do inside before closing (fill a field to save). */
  inside?: (dialog: Locator) => Promise<void>
  /** Where the focus must land; the opener by default. */
  returnsTo?: Locator
}

/** Opens the dialog from its control with the keyboard, closes it each way given, and checks where the focus went each time. */
async function roundTrips(page: Page, round: Round, closes: Close[]) {
  for (const how of closes) {
    await focusOn(round.opener)
    await page.keyboard.press('Enter')
    if (round.item) await chooseItem(page, round.item)
    await focusInside(round.dialog)
    await round.inside?.(round.dialog)
    await close(page, round.dialog, how)
    const target = round.returnsTo ?? round.opener
    await expect(target, `after closing with ${JSON.stringify(how)}, the focus is on ${await focused(page)}`).toBeFocused()
  }
}

/** Opens path (the page's first screen loaded, the next ones opened in the console unless `load`) and waits for `ready`. */
async function visit(page: Page, path: string, ready: Locator, { load = false } = {}) {
  await refuseEventStream(page)
  if (load || page.url() === 'about:blank') await page.goto(path)
  else await openInApp(page, path)
  await expect(ready).toBeVisible()
}

/** A group with a store, three TVs (one on a schedule), two images, a schedule with an ad slot, an advertisement. */
async function seed({ api, adminToken }: { api: Parameters<typeof operatorWithGroup>[0]; adminToken: string }) {
  const email = uniqueEmail('foco')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), name: 'Fábio Foco', group: `Rede Foco ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1, emergencyOverride: 1 }, adminToken)
  const f = franchise.slug
  const store = await createStore(api, token, f, { name: 'Loja Centro' })
  const image = await addMedia(api, token, f, { name: 'Vitrine Verão', type: 'image', bytes: png(64, 36, { seed: 3 }), contentType: 'image/png' })
  await addMedia(api, token, f, { name: 'Cartaz Inverno', type: 'image', bytes: png(64, 36, { seed: 4 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Vitrine Principal')
  await saveEntries(api, token, f, schedule.id, [
    { id: image.id, displayTime: 5 },
    { id: 'vaga-1', isAd: true, adSlots: 2, adTime: 5 },
  ])
  await createDisplay(api, token, f, store.slug, { name: 'TV Caixa' })
  await createDisplay(api, token, f, store.slug, { name: 'TV Fundo' })
  const linked = await createDisplay(api, token, f, store.slug, { name: 'TV Entrada' })
  await api.post(`/display/${f}/${store.slug}/${linked.id}`, { scheduleId: schedule.id }, token)
  const { advertise } = await api.post<{ advertise: { id: string } }>(
    `/advertise/${f}`,
    { name: 'Anúncio Praça', displayTime: 5, startAt: Date.now(), endsAt: Date.now() + 2 * 86_400_000, displays: [{ displayId: linked.id }], media: [{ id: image.id, displayTime: 5 }] },
    token,
  )
  return { email, token, franchise, f, store, image, schedule, advertise }
}

test('Visão Geral: the store, message and TV dialogs give the focus back to their button or menu', async ({ page, api, adminToken }) => {
  test.setTimeout(180_000)
  const seeded = await seed({ api, adminToken })
  // Impersonated by the administrator: the TVs' 'Comandos' menus are there too.
  await useSession(page, { token: seeded.token, adminToken, franchise: seeded.f })
  const card = page.getByRole('region', { name: 'Loja Centro', exact: true })
  await visit(page, '/dashboard', card)
  const actions = (tv: string) => card.getByRole('button', { name: `Ações para ${tv}`, exact: true })

  await roundTrips(page, { opener: page.getByRole('button', { name: 'Adicionar Loja' }).first(), dialog: page.getByRole('dialog', { name: 'Adicionar Loja' }) }, ways('Escape', { button: 'Cancelar' }))
  const editStore = page.getByRole('dialog', { name: 'Editar Loja' })
  await roundTrips(page, { opener: card.getByRole('button', { name: 'Editar loja Loja Centro' }), dialog: editStore }, ways('Escape', { button: 'Cancelar' }, 'X'))
  await roundTrips(
    page,
    { opener: card.getByRole('button', { name: 'Editar loja Loja Centro' }), dialog: editStore, inside: async (d) => d.getByLabel('Cidade', { exact: true }).fill('Campinas') },
    ways({ button: 'Salvar' }),
  )
  await expect.poll(async () => (await api.get<{ storeList: { city: string }[] }>(`/store/${seeded.f}`, seeded.token)).storeList[0].city).toBe('Campinas')
  await roundTrips(page, { opener: card.getByRole('button', { name: 'Excluir loja Loja Centro' }), dialog: page.getByRole('alertdialog') }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: card.getByRole('button', { name: 'Adicionar Televisor' }), dialog: page.getByRole('dialog', { name: 'Adicionar Televisor' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Enviar mensagem para lojas' }), dialog: page.getByRole('dialog', { name: 'Enviar mensagem para lojas' }) }, ways('Escape', 'X'))

  // The TV row's 'Ações' menu: the dialogs give the focus back to the row's menu button.
  const editTv = page.getByRole('dialog', { name: 'Editar Televisor' })
  await roundTrips(page, { opener: actions('TV Caixa'), item: 'Editar', dialog: editTv }, ways('Escape', { button: 'Cancelar' }, 'X'))
  await roundTrips(
    page,
    {
      opener: actions('TV Caixa'),
      item: 'Editar',
      dialog: editTv,
      inside: async (d) => {
        await d.getByRole('switch', { name: 'Editar nome' }).focus()
        await page.keyboard.press('Space')
        await d.getByLabel('Nome do televisor', { exact: true }).fill('TV Caixa 2')
      },
      returnsTo: actions('TV Caixa 2'),
    },
    ways({ button: 'Salvar' }),
  )
  const live = page.getByRole('dialog', { name: 'Ao vivo' })
  await roundTrips(page, { opener: actions('TV Entrada'), item: 'Ver ao vivo', dialog: live }, ways('Escape', { button: 'Fechar' }, 'X'))
  const health = page.getByRole('dialog', { name: 'Saúde do televisor' })
  await roundTrips(page, { opener: actions('TV Entrada'), item: 'Saúde do televisor', dialog: health }, ways('Escape', { button: 'Fechar' }, 'X'))
  await roundTrips(page, { opener: actions('TV Entrada'), item: 'O que está passando', dialog: page.getByRole('dialog', { name: 'O que está passando' }) }, ways('Escape', 'X'))
  await roundTrips(page, { opener: actions('TV Entrada'), item: 'Alterar programação', dialog: page.getByRole('dialog', { name: 'Alterar programação' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: actions('TV Fundo'), item: 'Adicionar programação', dialog: page.getByRole('dialog', { name: 'Vincular programação' }) }, ways('Escape'))
  await roundTrips(page, { opener: actions('TV Fundo'), item: 'Excluir', dialog: page.getByRole('alertdialog') }, ways('Escape', { button: 'Cancelar' }))
  const commands = card.getByRole('button', { name: 'Comandos para TV Entrada', exact: true })
  await roundTrips(page, { opener: commands, item: 'Ver resultados', dialog: page.getByRole('dialog', { name: 'Resultados dos comandos' }) }, ways('Escape', 'X'))

  // Deleting a TV removes its row and menu button: the focus goes to the TVs' table.
  await roundTrips(page, { opener: actions('TV Fundo'), item: 'Excluir', dialog: page.getByRole('alertdialog'), returnsTo: card.getByRole('table') }, ways({ button: 'Excluir' }))
  await expect(actions('TV Fundo')).toHaveCount(0)
  // And the next Tab goes on inside the table, not to the sidebar.
  await page.keyboard.press('Tab')
  await expect.poll(() => card.getByRole('table').evaluate((t) => t.contains(document.activeElement))).toBe(true)
})

test('Grupos and the administration: the group and user dialogs give the focus back', async ({ page, api, adminToken }) => {
  test.setTimeout(120_000)
  const seeded = await seed({ api, adminToken })
  await useSession(page, { token: seeded.token, adminToken, franchise: seeded.f })
  await visit(page, '/groups', page.getByRole('heading', { name: 'Grupos', exact: true }))
  const newGroup = page.getByRole('button', { name: 'Novo Grupo' })
  const addGroup = page.getByRole('dialog', { name: 'Adicionar Grupo' })
  await roundTrips(page, { opener: newGroup, dialog: addGroup }, ways('Escape', { button: 'Cancelar' }, 'X'))
  const name = `Rede Nova ${Date.now().toString(36)}`
  await roundTrips(page, { opener: newGroup, dialog: addGroup, inside: async (d) => d.getByLabel('Nome do grupo').fill(name) }, ways({ button: 'Salvar' }))
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible()
  await roundTrips(page, { opener: page.getByRole('button', { name: `Editar ${seeded.franchise.name}` }), dialog: page.getByRole('dialog', { name: 'Editar Grupo' }) }, ways('Escape', { button: 'Cancelar' }))

  await visit(page, '/user/list', page.getByRole('columnheader', { name: /Nome do Usuário/ }))
  await page.getByRole('textbox', { name: 'Filtrar por e-mail...' }).fill(seeded.email)
  const userActions = page.getByRole('row').filter({ hasText: seeded.email }).getByRole('button', { name: `Ações para ${seeded.email}` })
  await roundTrips(page, { opener: userActions, item: 'Editar', dialog: page.getByRole('dialog', { name: 'Editar Usuário' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: userActions, item: 'Add/Rem. Franquia', dialog: page.getByRole('dialog', { name: 'Adicionar/remover franquia' }) }, ways('Escape', 'X'))
})

test('Programações: the list, detail and media dialogs give the focus back', async ({ page, api, adminToken }) => {
  test.setTimeout(150_000)
  const seeded = await seed({ api, adminToken })
  const { schedule } = seeded
  await useSession(page, { token: seeded.token, franchise: seeded.f })
  await visit(page, '/schedule', page.getByRole('table', { name: 'Programações' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Nova Programação' }), dialog: page.getByRole('dialog', { name: 'Criar Programação' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Duplicar Vitrine Principal' }), dialog: page.getByRole('dialog', { name: 'Duplicar Programação' }) }, ways('Escape'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Ver prévia de Vitrine Principal' }), dialog: page.getByRole('dialog', { name: 'Prévia da programação' }) }, ways('Escape', 'X'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir Vitrine Principal' }), dialog: page.getByRole('alertdialog') }, ways('Escape', { button: 'Cancelar' }))

  await visit(page, `/schedule/${schedule.id}`, page.getByRole('table', { name: 'Mídias da programação' }))
  const slot = page.getByRole('dialog', { name: 'Adicionar vaga para anúncios' })
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Adicionar vaga para anúncios' }), dialog: slot }, ways('Escape', { button: 'Cancelar' }, 'X'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Ver prévia' }), dialog: page.getByRole('dialog', { name: 'Prévia da programação' }) }, ways('Escape'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Editar nome' }), dialog: page.getByRole('dialog', { name: 'Editar nome da programação' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Duplicar programação' }), dialog: page.getByRole('dialog', { name: 'Duplicar Programação' }) }, ways('Escape'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir programação' }), dialog: page.getByRole('alertdialog') }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Editar Slot' }), dialog: page.getByRole('dialog', { name: 'Editar vaga para anúncios' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Desvincular Vitrine Verão' }), dialog: page.getByRole('alertdialog', { name: 'Desvincular mídia?' }) }, ways('Escape', { button: 'Cancelar' }))

  // A selection's 'Excluir' (Space ticks the row's box).
  await focusOn(page.getByRole('checkbox', { name: 'Selecionar Vitrine Verão' }))
  await page.keyboard.press('Space')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir mídia(s) selecionadas' }), dialog: page.getByRole('alertdialog', { name: 'Excluir mídia(s) selecionadas?' }) }, ways('Escape', { button: 'Cancelar' }))

  await visit(page, `/schedule/${schedule.id}/media`, page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }), dialog: page.getByRole('dialog', { name: 'Selecionar Mídia' }) }, ways('Escape', 'X'))
})

test('Minhas Mídias and the ads center: the library and ad dialogs give the focus back', async ({ page, api, adminToken }) => {
  test.setTimeout(150_000)
  const seeded = await seed({ api, adminToken })
  await useSession(page, { token: seeded.token, franchise: seeded.f })
  await visit(page, '/medias', page.getByRole('heading', { name: 'Minhas Mídias', exact: true }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Nova Pasta' }), dialog: page.getByRole('dialog', { name: 'Nova Pasta' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Imagens', exact: true }), dialog: page.getByRole('dialog', { name: 'Enviar Imagens' }) }, ways('Escape', 'X'))
  const rename = page.getByRole('button', { name: 'Editar Vitrine Verão' })
  await roundTrips(page, { opener: rename, dialog: page.getByRole('dialog', { name: 'Editar Mídia' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: rename, dialog: page.getByRole('dialog', { name: 'Editar Mídia' }), inside: async (d) => d.getByRole('textbox').fill('Vitrine Outono'), returnsTo: page.getByRole('button', { name: 'Editar Vitrine Outono' }) }, ways({ button: 'Salvar' }))

  await focusOn(page.getByRole('checkbox', { name: 'Selecionar Cartaz Inverno' }))
  await page.keyboard.press('Space')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir Mídia(s)' }), dialog: page.getByRole('alertdialog', { name: 'Tem certeza?' }) }, ways('Escape', { button: 'Cancelar' }))

  await visit(page, '/ads-center', page.getByRole('button', { name: 'New Ad' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'New Ad' }), dialog: page.getByRole('dialog', { name: 'Novo Anúncio' }) }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir Anúncio Praça' }), dialog: page.getByRole('alertdialog') }, ways('Escape', { button: 'Cancelar' }))
  await visit(page, `/ads-center/${seeded.advertise.id}`, page.getByRole('row').filter({ hasText: 'Vitrine Verão' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Editar anúncio' }), dialog: page.getByRole('dialog', { name: 'Editar Anúncio' }) }, ways('Escape', { button: 'Cancelar' }, 'X'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Ações para Vitrine Verão' }), item: 'Excluir', dialog: page.getByRole('alertdialog', { name: 'Desvincular mídia?' }) }, ways('Escape', { button: 'Cancelar' }))
})

test('the emergency message confirmation and the sidebar sheet on a phone give the focus back', async ({ page, api, adminToken }) => {
  test.setTimeout(120_000)
  const seeded = await seed({ api, adminToken })
  await useSession(page, { token: seeded.token, franchise: seeded.f })
  await visit(page, '/override', page.getByRole('heading', { name: 'Mensagem de emergência', exact: true }))
  await page.getByLabel('Título', { exact: true }).fill('Aviso de teste')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Exibir mensagem' }), dialog: page.getByRole('alertdialog', { name: /^Exibir em \d+ TVs\?$/ }) }, ways('Escape', { button: 'Cancelar' }))

  await page.setViewportSize({ width: 390, height: 844 })
  // Loaded at the phone's width, as a phone opens it.
  await visit(page, '/dashboard', page.getByRole('region', { name: 'Loja Centro', exact: true }), { load: true })
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Alternar barra lateral' }), dialog: page.getByRole('dialog', { name: 'Menu' }) }, ways('Escape'))
})
