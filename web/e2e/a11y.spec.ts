// Accessibility, screen by screen: axe-core and the keyboard focus.
//  - axe: every console screen (spec 1 §2 and spec 2 §2), in the light and the
//    dark theme, the dialogs and menus that open from them, and the player's two
//    screens have no violation of WCAG 2.0 and 2.1, levels A and AA, as axe-core
//    measures them in Chromium. Each screen is opened once and checked in both
//    themes: the console follows the system's colour scheme while its theme is
//    'system' (until a user picks one), and the test switches that scheme under
//    the open screen (`page.emulateMedia`).
//  - The focus when a dialog closes (WCAG 2.4.3): back on the control that
//    opened it — the button, or the menu button of the item it was chosen from —
//    whichever way it closed (Escape, 'Cancelar', 'Fechar', the X, after
//    saving); on the row's table when the row itself was deleted; never on
//    <body>, where the next Tab would start over at the sidebar. Keyboard only:
//    the focus is put on a control (as Tab would), Enter opens, arrows choose a
//    menu item, Enter or Escape close.
// A dialog is opened from its control with the keyboard, checked with axe the
// first time it opens, then closed each way it can close (`roundTrips`). Each
// test seeds a group of its own and walks one part of the console: a slow
// machine then spends its time budget per part, and a failure names the part.
// A screen another flow checks in both themes with more on it is left to that
// flow: 'Mensagem de emergência' (override.spec.ts; its confirmation's focus is
// here), 'Atividade' and 'Atividade dos grupos' (activity.spec.ts), as are
// 'Equipe', 'Login único', 'Integrações', 'Conteúdo local' and 'Aprovações'
// (their own flows). After a page's first screen, the next ones open inside the
// console (harness/navigate.ts).
import type { Browser, Locator, Page } from '@playwright/test'
import { test, expect, refuseEventStream, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { closeWithEscape } from './harness/escape.ts'
import { addMedia, png } from './harness/media-api.ts'
import { networkQuiet, openInApp, trackRequests } from './harness/navigate.ts'
import { announceDevice, createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, openPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

// The parts seed groups of their own: they run side by side on the suite's workers.
test.describe.configure({ mode: 'parallel' })

type Theme = 'light' | 'dark'
const THEMES: Theme[] = ['light', 'dark']

/** Switches the system's colour scheme to `theme` and waits until the console shows it. */
async function showTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
}

/** Checks what the page shows now with axe; a failure names the screen and every failing element. */
async function checkNow(page: Page, screen: string, within?: string) {
  const found = await axeViolations(page, within)
  expect.soft(found.length, `violations on ${screen}:\n${found.join('\n')}\n`).toBe(0)
}

/**
 * Checks what the console shows now in the light theme, then in the dark one;
 * `within` narrows it to a part (an open dialog), `screenshot` names the
 * screenshots taken in each theme (`<screenshot>-light`, `<screenshot>-dark`).
 */
async function check(page: Page, screen: string, { within, screenshot }: { within?: string; screenshot?: string } = {}) {
  for (const theme of THEMES) {
    await showTheme(page, theme)
    await checkNow(page, `${screen} (${theme})`, within)
    if (screenshot) await shot(page, `${screenshot}-${theme}`)
  }
}

/** What opens over a screen: dialogs, menus, popovers. The screen under it is checked on its own. */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"]'

/** Opens a menu (or other overlay) with `open`, waits for `shown`, checks it in both themes and closes it with Escape. */
async function checkOpened(page: Page, screen: string, open: () => Promise<void>, shown: Locator) {
  await open()
  await expect(shown).toBeVisible()
  await check(page, screen, { within: OVERLAY })
  await closeWithEscape(page, shown)
}

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
  /** Checks the dialog with axe in both themes the first time it opens, under this name. */
  axe?: string
  /** Before that check: what shows the dialog is ready (its data drawn). */
  ready?: (dialog: Locator) => Promise<void>
  /** The screenshots taken at that check (`<screenshot>-light`, `<screenshot>-dark`). */
  screenshot?: string
  /** What to do inside before closing (fill a field to save). */
  inside?: (dialog: Locator) => Promise<void>
  /** Where the focus must land; the opener by default. */
  returnsTo?: Locator
}

/**
 * Opens the dialog from its control with the keyboard, closes it each way given, and checks where
 * the focus went each time; the first time it is open, checks it with axe if the round says so.
 */
async function roundTrips(page: Page, round: Round, closes: Close[]) {
  for (const [i, how] of closes.entries()) {
    await focusOn(round.opener)
    await page.keyboard.press('Enter')
    if (round.item) await chooseItem(page, round.item)
    await focusInside(round.dialog)
    if (i === 0 && round.axe) {
      await round.ready?.(round.dialog)
      await check(page, round.axe, { within: OVERLAY, screenshot: round.screenshot })
    }
    await round.inside?.(round.dialog)
    await close(page, round.dialog, how)
    const target = round.returnsTo ?? round.opener
    await expect(target, `after closing with ${JSON.stringify(how)}, the focus is on ${await focused(page)}`).toBeFocused()
  }
}

/**
 * Opens path and waits for its heading (or other sign that the screen is ready)
 * and for the page's requests to end. The first screen of a page is loaded, the
 * others open in the console (openInApp) unless `load` says to load the page
 * (a screen first drawn at the phone's width, the pages before logging in, the
 * same page with other parameters).
 */
async function visit(page: Page, path: string, ready: Locator, { load = false } = {}) {
  await refuseEventStream(page)
  trackRequests(page)
  if (load || page.url() === 'about:blank') await page.goto(path)
  else await openInApp(page, path)
  await expect(ready).toBeVisible()
  await networkQuiet(page)
}

/** The day (epoch ms) `ahead` days from now. */
const daysAhead = (ahead: number) => Date.now() + ahead * 86_400_000

/**
 * One group with what every screen shows: a store with hours, two images (one in a folder), a
 * schedule with an ad slot, three TVs (one on the schedule, two without), an advertisement; with
 * `pairPlayer`, the TV on the schedule is a paired player that answered a remote command, and a
 * fourth TV on the schedule is a box that stays connected and reports a problem.
 */
async function seed({ api, adminToken, browser, baseURL }: SeedDeps, { pairPlayer = false } = {}) {
  const email = uniqueEmail('acessivel')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), name: 'Ana Acessível', group: `Rede Acessível ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1, emergencyOverride: 1 }, adminToken)
  const f = franchise.slug
  const store = await createStore(api, token, f, { name: 'Loja Centro' })
  // Opening hours, so 'Editar Loja' shows its whole section (its TVs keep playing while closed).
  const day = [{ start: '08:00', end: '12:00' }, { start: '14:00', end: '22:00' }]
  await api.put(`/store/${f}/${store.slug}/hours`, {
    hours: { week: [[], day, day, day, day, [{ start: '18:00', end: '02:00' }], day], exceptions: [{ date: '2026-12-24', ranges: [{ start: '09:00', end: '14:00' }] }, { date: '2026-12-25', ranges: [] }] },
    whenClosed: 'play',
  }, token)
  const image = await addMedia(api, token, f, { name: 'Vitrine Verão', type: 'image', bytes: png(640, 360, { noise: true, seed: 7 }), contentType: 'image/png' })
  await addMedia(api, token, f, { name: 'Cartaz Campanha', type: 'image', bytes: png(640, 360, { noise: true, seed: 8 }), contentType: 'image/png', folder: 'Campanhas' })
  const schedule = await createSchedule(api, token, f, 'Vitrine Principal')
  await saveEntries(api, token, f, schedule.id, [
    { id: image.id, displayTime: 5 },
    { id: 'vaga-1', isAd: true, adSlots: 2, adTime: 5 },
  ])
  await createDisplay(api, token, f, store.slug, { name: 'TV Caixa' })
  await createDisplay(api, token, f, store.slug, { name: 'TV Fundo' })

  let display: Awaited<ReturnType<typeof createDisplay>>
  if (pairPlayer) {
    // A paired player and a remote command it answered, for 'Resultados dos
    // comandos' (only an administrator's impersonation sends one; the operator reads them).
    // The player's own two screens are checked on the way: pairing, then playing.
    const tv = await openPlayer(browser, baseURL!)
    const code = tv.locator('.pairing-code')
    await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
    await checkNow(tv, 'the player pairing screen')
    display = await createDisplay(api, token, f, store.slug, { name: 'TV Entrada', device: (await code.textContent())! })
    await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
    await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Verão')
    await checkNow(tv, 'the player playing screen')
    const { token: acting } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)
    // The server may still be registering the player's socket as it plays its first media.
    await expect(async () => {
      await api.post(`/display/${f}/${store.slug}/${display.id}/admin-command`, { operation: 'identifyDevice' }, acting)
    }).toPass({ timeout: 15_000 })
    await expect
      .poll(async () => (await api.get<{ commands: { status: string }[] }>(`/display/${f}/${store.slug}/${display.id}/commands`, token)).commands[0]?.status, { timeout: 10_000 })
      .toBe('done')
    await tv.context().close()
    // A box that stays connected and reports a problem (storage almost full), for the
    // amber warning of 'Saúde do televisor' and a live view the TV confirmed.
    const box = await announceDevice(api)
    const depot = await createDisplay(api, token, f, store.slug, { name: 'TV Depósito', device: box.device })
    await api.post(`/display/${f}/${store.slug}/${depot.id}`, { scheduleId: schedule.id }, token)
    const socket = await (await browser.newContext({ baseURL })).newPage()
    await socket.goto('/api/health')
    await socket.evaluate(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/api/device/ws`)
          ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }))
          ws.onerror = () => reject(new Error('socket error'))
          ws.onmessage = (event) => {
            const frame = JSON.parse(String(event.data)) as { type: string; schedule?: { hash: string } | null }
            if (frame.type !== 'playlist') return
            const health = { version: 'e2e', browser: 'Chromium', screen: '1920x1080', uptime: 60, storageUsed: 95_000_000, storageQuota: 100_000_000, cached: 1, allCached: true, clockOffset: 0 }
            const ack = JSON.stringify({ type: 'ack', hash: frame.schedule?.hash ?? '', health })
            ws.send(ack)
            setInterval(() => ws.send(ack), 20_000) // players ack every 30 s; a silent socket is dropped
            resolve()
          }
        }),
      box.token,
    )
    await expect
      .poll(async () => (await api.get<{ health: { problems: { code: string }[] } }>(`/display/${f}/${store.slug}/${depot.id}/health`, token)).health.problems.map((p) => p.code), { timeout: 20_000 })
      .toEqual(['storage'])
    boxes.push(socket)
  } else {
    display = await createDisplay(api, token, f, store.slug, { name: 'TV Entrada' })
    await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
  }

  const { advertise } = await api.post<{ advertise: { id: string } }>(
    `/advertise/${f}`,
    { name: 'Anúncio Praça', displayTime: 5, startAt: daysAhead(0), endsAt: daysAhead(2), displays: [{ displayId: display.id }], media: [{ id: image.id, displayTime: 5 }] },
    token,
  )
  return { email, token, franchise, f, store, image, schedule, display, advertise }
}

/** The boxes a seed left connected, closed when its test ends. */
const boxes: Page[] = []
test.afterEach(async () => {
  for (const box of boxes.splice(0)) await box.context().close()
})

type SeedDeps = { api: Parameters<typeof operatorWithGroup>[0]; adminToken: string; browser: Browser; baseURL: string | undefined }

/** Signs in as the seeded operator, impersonated by the administrator (so the admin screens are there too). */
async function signIn(page: Page, seeded: Awaited<ReturnType<typeof seed>>, adminToken: string) {
  await useSession(page, { token: seeded.token, adminToken, franchise: seeded.f })
}

test('the check finds what it looks for: an unnamed button, low contrast, in the part it is told', async ({ page }) => {
  await page.setContent(`
    <main><h1>Página</h1><p style="color:#aaa;background:#fff">Texto claro demais</p></main>
    <div role="dialog" aria-label="Diálogo"><button></button></div>`)
  const all = await axeViolations(page)
  expect(all.some((line) => line.startsWith('color-contrast (serious): p'))).toBe(true)
  expect(all.some((line) => line.startsWith('button-name (critical): button'))).toBe(true)
  const dialog = await axeViolations(page, OVERLAY)
  expect(dialog.map((line) => line.split(' ')[0])).toEqual(['button-name'])
})

// The player's pairing and playing screens are checked in the seed of the Visão Geral test below.
test('the pages before logging in', async ({ page }) => {
  await visit(page, '/', page.getByRole('button', { name: 'Entrar', exact: true }), { load: true })
  await check(page, '/')
  await visit(page, '/reset/password', page.getByRole('heading').first(), { load: true })
  await check(page, '/reset/password')
  await visit(page, '/reset/password/new?code=x&email=x%40e2e.test', page.getByRole('heading').first(), { load: true })
  await check(page, '/reset/password/new')
})

test('Visão Geral: its dialogs and menus checked and giving the focus back, the layout and the alerts', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(300_000)
  const seeded = await seed({ api, adminToken, browser, baseURL }, { pairPlayer: true })
  // Impersonated by the administrator: the TVs' 'Comandos' menus and the admin screens are there too.
  await signIn(page, seeded, adminToken)
  const card = page.getByRole('region', { name: 'Loja Centro', exact: true })
  await visit(page, '/dashboard', card)
  await check(page, '/dashboard', { screenshot: 'a11y-dashboard' })
  const actions = (tv: string) => card.getByRole('button', { name: `Ações para ${tv}`, exact: true })

  await roundTrips(page, { opener: page.getByRole('button', { name: 'Adicionar Loja' }).first(), dialog: page.getByRole('dialog', { name: 'Adicionar Loja' }), axe: 'Adicionar Loja' }, ways('Escape', { button: 'Cancelar' }))
  const editStore = page.getByRole('dialog', { name: 'Editar Loja' })
  const editStoreButton = card.getByRole('button', { name: 'Editar loja Loja Centro' })
  await roundTrips(
    page,
    { opener: editStoreButton, dialog: editStore, axe: 'Editar Loja', ready: (d) => expect(d.getByRole('group', { name: 'Data especial 25/12/2026' })).toBeVisible() },
    ways('Escape', { button: 'Cancelar' }, 'X'),
  )
  await roundTrips(page, { opener: editStoreButton, dialog: editStore, inside: async (d) => d.getByLabel('Cidade', { exact: true }).fill('Campinas') }, ways({ button: 'Salvar' }))
  await expect.poll(async () => (await api.get<{ storeList: { city: string }[] }>(`/store/${seeded.f}`, seeded.token)).storeList[0].city).toBe('Campinas')
  await roundTrips(page, { opener: card.getByRole('button', { name: 'Excluir loja Loja Centro' }), dialog: page.getByRole('alertdialog'), axe: 'Excluir loja' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: card.getByRole('button', { name: 'Adicionar Televisor' }), dialog: page.getByRole('dialog', { name: 'Adicionar Televisor' }), axe: 'Adicionar Televisor' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Enviar mensagem para lojas' }), dialog: page.getByRole('dialog', { name: 'Enviar mensagem para lojas' }), axe: 'Enviar mensagem para lojas' }, ways('Escape', 'X'))

  // The TV row's 'Ações' menu, and the dialogs opened from it: they give the focus back to the row's menu button.
  await checkOpened(page, "a TV's menu", () => actions('TV Caixa').click(), page.getByRole('menu'))
  const editTv = page.getByRole('dialog', { name: 'Editar Televisor' })
  await roundTrips(page, { opener: actions('TV Caixa'), item: 'Editar', dialog: editTv, axe: 'Editar Televisor' }, ways('Escape', { button: 'Cancelar' }, 'X'))
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
  // 'Ver ao vivo': a TV offline (an amber note), and one that confirmed what it shows.
  const live = page.getByRole('dialog', { name: 'Ao vivo' })
  await roundTrips(
    page,
    { opener: actions('TV Entrada'), item: 'Ver ao vivo', dialog: live, axe: 'Ver ao vivo, offline', screenshot: 'a11y-live-offline', ready: (d) => expect(d.getByRole('status')).toContainText('Televisor offline desde') },
    ways('Escape', { button: 'Fechar' }, 'X'),
  )
  await roundTrips(
    page,
    {
      opener: actions('TV Depósito'),
      item: 'Ver ao vivo',
      dialog: live,
      axe: 'Ver ao vivo',
      screenshot: 'a11y-live',
      ready: async (d) => {
        await expect(d.getByRole('status')).toContainText('A TV confirmou esta programação')
        await expect(d.getByRole('region', { name: 'Tela do televisor' })).toBeVisible()
      },
    },
    ways('Escape'),
  )
  // 'Saúde do televisor' colours its problems itself: both themes, and its amber warning box on a
  // TV whose report shows a problem.
  const health = page.getByRole('dialog', { name: 'Saúde do televisor' })
  await roundTrips(
    page,
    { opener: actions('TV Entrada'), item: 'Saúde do televisor', dialog: health, axe: 'Saúde do televisor', screenshot: 'a11y-health', ready: (d) => expect(d.getByText('Versão do player')).toBeVisible() },
    ways('Escape', { button: 'Fechar' }, 'X'),
  )
  await roundTrips(
    page,
    {
      opener: actions('TV Depósito'),
      item: 'Saúde do televisor',
      dialog: health,
      axe: 'Saúde do televisor, with a problem',
      screenshot: 'a11y-health-problem',
      ready: (d) => expect(d.getByRole('region', { name: 'Problemas' })).toContainText('Armazenamento quase cheio'),
    },
    ways('Escape'),
  )
  await roundTrips(page, { opener: actions('TV Entrada'), item: 'O que está passando', dialog: page.getByRole('dialog', { name: 'O que está passando' }), axe: 'O que está passando' }, ways('Escape', 'X'))
  await roundTrips(page, { opener: actions('TV Entrada'), item: 'Alterar programação', dialog: page.getByRole('dialog', { name: 'Alterar programação' }), axe: 'Alterar programação' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: actions('TV Fundo'), item: 'Adicionar programação', dialog: page.getByRole('dialog', { name: 'Vincular programação' }), axe: 'Vincular programação' }, ways('Escape'))
  await roundTrips(page, { opener: actions('TV Fundo'), item: 'Excluir', dialog: page.getByRole('alertdialog'), axe: 'Excluir televisor' }, ways('Escape', { button: 'Cancelar' }))
  // 'Resultados dos comandos' colours each status badge itself: both themes.
  await roundTrips(
    page,
    {
      opener: card.getByRole('button', { name: 'Comandos para TV Entrada', exact: true }),
      item: 'Ver resultados',
      dialog: page.getByRole('dialog', { name: 'Resultados dos comandos' }),
      axe: 'Resultados dos comandos',
      screenshot: 'a11y-command-results',
      ready: (d) => expect(d.getByRole('row').filter({ hasText: 'Identificar dispositivo' })).toContainText('Concluído'),
    },
    ways('Escape', 'X'),
  )

  // Deleting a TV removes its row and menu button: the focus goes to the TVs' table.
  await roundTrips(page, { opener: actions('TV Fundo'), item: 'Excluir', dialog: page.getByRole('alertdialog'), returnsTo: card.getByRole('table') }, ways({ button: 'Excluir' }))
  await expect(actions('TV Fundo')).toHaveCount(0)
  // And the next Tab goes on inside the table, not to the sidebar.
  await page.keyboard.press('Tab')
  await expect.poll(() => card.getByRole('table').evaluate((t) => t.contains(document.activeElement))).toBe(true)

  // The sidebar collapsed to icons, the user menu, the theme menu.
  await page.getByRole('button', { name: 'Alternar barra lateral' }).first().click()
  await expect(page.locator('[data-slot="sidebar"]')).toHaveAttribute('data-state', 'collapsed')
  await check(page, 'the collapsed sidebar')
  await page.getByRole('button', { name: 'Alternar barra lateral' }).first().click()
  await expect(page.locator('[data-slot="sidebar"]')).toHaveAttribute('data-state', 'expanded')
  await checkOpened(page, 'the user menu', () => page.getByRole('banner').getByRole('button', { name: /^Menu do usuário/ }).click(), page.getByRole('menu'))
  await checkOpened(page, 'the theme menu', () => page.getByRole('button', { name: 'Alternar tema' }).click(), page.getByRole('menu'))

  // Offline alerts.
  await visit(page, '/alerts', page.getByRole('table', { name: 'TVs offline agora' }))
  await check(page, '/alerts')
})

test('Programações, the ads center and Minhas Mídias: their screens, and their dialogs checked and giving the focus back', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(300_000)
  const seeded = await seed({ api, adminToken, browser, baseURL })
  const { schedule, image, advertise } = seeded
  await signIn(page, seeded, adminToken)
  const heading = (name: string) => page.getByRole('heading', { name, exact: true })
  // Schedules.
  await visit(page, '/schedule', page.getByRole('table', { name: 'Programações' }))
  await check(page, '/schedule')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Nova Programação' }), dialog: page.getByRole('dialog', { name: 'Criar Programação' }), axe: 'Nova Programação' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Duplicar Vitrine Principal' }), dialog: page.getByRole('dialog', { name: 'Duplicar Programação' }), axe: 'Duplicar Programação' }, ways('Escape'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Ver prévia de Vitrine Principal' }), dialog: page.getByRole('dialog', { name: 'Prévia da programação' }) }, ways('Escape', 'X'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir Vitrine Principal' }), dialog: page.getByRole('alertdialog'), axe: 'Excluir programação' }, ways('Escape', { button: 'Cancelar' }))

  await visit(page, `/schedule/${schedule.id}`, page.getByRole('table', { name: 'Mídias da programação' }))
  await check(page, '/schedule/{id}', { screenshot: 'a11y-schedule' })
  const slot = page.getByRole('dialog', { name: 'Adicionar vaga para anúncios' })
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Adicionar vaga para anúncios' }), dialog: slot, axe: 'Adicionar vaga para anúncios' }, ways('Escape', { button: 'Cancelar' }, 'X'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Ver prévia' }), dialog: page.getByRole('dialog', { name: 'Prévia da programação' }), axe: 'Prévia da programação' }, ways('Escape'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Editar nome' }), dialog: page.getByRole('dialog', { name: 'Editar nome da programação' }), axe: 'Editar nome da programação' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Duplicar programação' }), dialog: page.getByRole('dialog', { name: 'Duplicar Programação' }) }, ways('Escape'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir programação' }), dialog: page.getByRole('alertdialog') }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Editar Slot' }), dialog: page.getByRole('dialog', { name: 'Editar vaga para anúncios' }), axe: 'Editar vaga para anúncios' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Desvincular Vitrine Verão' }), dialog: page.getByRole('alertdialog', { name: 'Desvincular mídia?' }), axe: 'Desvincular mídia?' }, ways('Escape', { button: 'Cancelar' }))
  // A selection's 'Excluir' (Space ticks the row's box).
  await focusOn(page.getByRole('checkbox', { name: 'Selecionar Vitrine Verão' }))
  await page.keyboard.press('Space')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir mídia(s) selecionadas' }), dialog: page.getByRole('alertdialog', { name: 'Excluir mídia(s) selecionadas?' }) }, ways('Escape', { button: 'Cancelar' }))

  await visit(page, `/schedule/${schedule.id}/media`, page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
  await check(page, '/schedule/{id}/media')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }), dialog: page.getByRole('dialog', { name: 'Selecionar Mídia' }), axe: 'Selecionar Mídia' }, ways('Escape', 'X'))
  // The same page as the one before, on another entry: loaded.
  await visit(page, `/schedule/${schedule.id}/media/${image.id}/0`, page.getByRole('button', { name: 'Atualizar Mídia' }), { load: true })
  await check(page, '/schedule/{id}/media/{mediaId}/{index}')
  await visit(page, `/bottombar/${schedule.id}`, page.getByRole('main').getByRole('heading').first())
  await check(page, '/bottombar/{id}')
  await visit(page, '/action/create-schedule', page.getByRole('button', { name: 'Criar' }))
  await check(page, '/action/create-schedule')
  await visit(page, '/action/add-media-to-schedule', page.getByRole('main').getByRole('heading').first())
  await check(page, '/action/add-media-to-schedule')

  // Ads center.
  await visit(page, '/ads-center', page.getByRole('button', { name: 'New Ad' }))
  await check(page, '/ads-center')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'New Ad' }), dialog: page.getByRole('dialog', { name: 'Novo Anúncio' }), axe: 'Novo Anúncio' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir Anúncio Praça' }), dialog: page.getByRole('alertdialog'), axe: 'Excluir anúncio' }, ways('Escape', { button: 'Cancelar' }))
  await visit(page, '/ads-center/new?name=Outro&duration=5', page.getByRole('grid', { name: 'Disponibilidade das telas por dia' }))
  await check(page, '/ads-center/new')
  await visit(page, `/ads-center/${advertise.id}`, page.getByRole('row').filter({ hasText: 'Vitrine Verão' }))
  await check(page, '/ads-center/{id}')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Editar anúncio' }), dialog: page.getByRole('dialog', { name: 'Editar Anúncio' }), axe: 'Editar Anúncio' }, ways('Escape', { button: 'Cancelar' }, 'X'))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Ações para Vitrine Verão' }), item: 'Excluir', dialog: page.getByRole('alertdialog', { name: 'Desvincular mídia?' }) }, ways('Escape', { button: 'Cancelar' }))
  await visit(page, `/ads-center/${advertise.id}/media`, page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
  await check(page, '/ads-center/{id}/media')

  // Media library (last: its rename changes the image's name).
  await visit(page, '/medias', heading('Minhas Mídias'))
  await check(page, '/medias')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Nova Pasta' }), dialog: page.getByRole('dialog', { name: 'Nova Pasta' }), axe: 'Nova Pasta' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Imagens', exact: true }), dialog: page.getByRole('dialog', { name: 'Enviar Imagens' }), axe: 'Enviar Imagens' }, ways('Escape', 'X'))
  const rename = page.getByRole('button', { name: 'Editar Vitrine Verão' })
  await roundTrips(page, { opener: rename, dialog: page.getByRole('dialog', { name: 'Editar Mídia' }), axe: 'Editar Mídia' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: rename, dialog: page.getByRole('dialog', { name: 'Editar Mídia' }), inside: async (d) => d.getByRole('textbox').fill('Vitrine Outono'), returnsTo: page.getByRole('button', { name: 'Editar Vitrine Outono' }) }, ways({ button: 'Salvar' }))
  await focusOn(page.getByRole('checkbox', { name: 'Selecionar Vitrine Outono' }))
  await page.keyboard.press('Space')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Excluir Mídia(s)' }), dialog: page.getByRole('alertdialog', { name: 'Tem certeza?' }), axe: 'Excluir Mídia(s)' }, ways('Escape', { button: 'Cancelar' }))
})

test('Grupos, the account, the administration, the emergency confirmation and the phone layout: checked and giving the focus back', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(300_000)
  const seeded = await seed({ api, adminToken, browser, baseURL })
  const { email, franchise } = seeded
  await signIn(page, seeded, adminToken)
  const heading = (name: string) => page.getByRole('heading', { name, exact: true })
  // 'Atividade' and 'Atividade dos grupos': activity.spec.ts checks them in both themes, with records shown.

  await visit(page, '/groups', heading('Grupos'))
  await check(page, '/groups')
  const newGroup = page.getByRole('button', { name: 'Novo Grupo' })
  const addGroup = page.getByRole('dialog', { name: 'Adicionar Grupo' })
  await roundTrips(page, { opener: newGroup, dialog: addGroup, axe: 'Adicionar Grupo' }, ways('Escape', { button: 'Cancelar' }, 'X'))
  const name = `Rede Nova ${Date.now().toString(36)}`
  await roundTrips(page, { opener: newGroup, dialog: addGroup, inside: async (d) => d.getByLabel('Nome do grupo').fill(name) }, ways({ button: 'Salvar' }))
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible()
  await roundTrips(page, { opener: page.getByRole('button', { name: `Editar ${franchise.name}` }), dialog: page.getByRole('dialog', { name: 'Editar Grupo' }), axe: 'Editar Grupo' }, ways('Escape', { button: 'Cancelar' }))

  await visit(page, '/profile/edit', heading('Editar Usuário'))
  await check(page, '/profile/edit')
  await visit(page, '/user/new', page.getByRole('button', { name: 'Cadastrar usuário' }))
  await check(page, '/user/new')
  await visit(page, '/user/list', page.getByRole('columnheader', { name: /Nome do Usuário/ }))
  await check(page, '/user/list')
  await page.getByRole('textbox', { name: 'Filtrar por e-mail...' }).fill(email)
  const userActions = page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: `Ações para ${email}` })
  await roundTrips(page, { opener: userActions, item: 'Editar', dialog: page.getByRole('dialog', { name: 'Editar Usuário' }), axe: 'Editar Usuário' }, ways('Escape', { button: 'Cancelar' }))
  await roundTrips(page, { opener: userActions, item: 'Add/Rem. Franquia', dialog: page.getByRole('dialog', { name: 'Adicionar/remover franquia' }), axe: 'Adicionar/remover franquia' }, ways('Escape', 'X'))

  // 'Mensagem de emergência': override.spec.ts checks the screen and its confirmations in both
  // themes; here, where its confirmation gives the focus back.
  await visit(page, '/override', heading('Mensagem de emergência'))
  await page.getByLabel('Título', { exact: true }).fill('Aviso de teste')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Exibir mensagem' }), dialog: page.getByRole('alertdialog', { name: /^Exibir em \d+ TVs\?$/ }) }, ways('Escape', { button: 'Cancelar' }))

  // A phone: the sidebar is a sheet. Loaded at the phone's width, as a phone opens it.
  await page.setViewportSize({ width: 390, height: 844 })
  await visit(page, '/dashboard', page.getByRole('region', { name: 'Loja Centro', exact: true }), { load: true })
  await check(page, '/dashboard on a phone')
  await roundTrips(page, { opener: page.getByRole('button', { name: 'Alternar barra lateral' }), dialog: page.getByRole('dialog', { name: 'Menu' }), axe: 'the sidebar sheet' }, ways('Escape'))
  await page.setViewportSize({ width: 1280, height: 800 })
})
