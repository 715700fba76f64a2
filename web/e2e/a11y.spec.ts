// Accessibility: every console screen (spec 1 §2 and spec 2 §2), in the light
// and the dark theme, the dialogs and menus that open from them, and the
// player's two screens have no violation of WCAG 2.0 and 2.1, levels A and AA,
// as axe-core measures them in Chromium. Each test seeds a group of its own
// and checks one part of the console: a slow machine then spends its time
// budget per part, and a failure names the part. Each screen is opened once
// and checked in both themes: the console follows the system's colour scheme
// while its theme is 'system' (until a user picks one), and the test switches
// that scheme under the open screen (`page.emulateMedia`). A screen another
// flow checks in both themes with more on it is left to that flow:
// 'Mensagem de emergência' (override.spec.ts), 'Atividade' and 'Atividade dos
// grupos' (activity.spec.ts), as are 'Equipe', 'Login único', 'Integrações',
// 'Conteúdo local' and 'Aprovações' (their own flows). After a page's first
// screen, the next ones open inside the console (harness/navigate.ts).
import type { Browser, Locator, Page } from '@playwright/test'
import { test, expect, refuseEventStream, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { addMedia, png } from './harness/media-api.ts'
import { networkQuiet, openInApp, trackRequests } from './harness/navigate.ts'
import { announceDevice, createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, openPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

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

/** Opens a dialog (or menu) with `open`, waits for `shown`, checks it in both themes and closes it with Escape. */
async function checkOpened(page: Page, screen: string, open: () => Promise<void>, shown: Locator) {
  await open()
  await expect(shown).toBeVisible()
  await check(page, screen, { within: OVERLAY })
  await page.keyboard.press('Escape')
  await expect(shown).toBeHidden()
}

/**
 * Picks `item` in the row menu of the TV `tv`: a click landing while a dialog
 * closing gives the focus back to another row's trigger is tried again.
 */
async function rowMenuItem(page: Page, card: Locator, tv: string, item: string) {
  const entry = page.getByRole('menuitem', { name: item })
  await expect(async () => {
    await card.getByRole('button', { name: `Ações para ${tv}`, exact: true }).click()
    await expect(entry).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await entry.click()
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

/** One group with what every screen shows: a store with hours, two images, a schedule with an ad slot, two TVs, an advertisement. */
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

test('Visão Geral, its dialogs and menus, the layout and the alerts', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(300_000)
  const seeded = await seed({ api, adminToken, browser, baseURL }, { pairPlayer: true })
  await signIn(page, seeded, adminToken)
  await visit(page, '/dashboard', page.getByRole('region', { name: 'Loja Centro', exact: true }))
  await check(page, '/dashboard', { screenshot: 'a11y-dashboard' })
  const card = page.getByRole('region', { name: 'Loja Centro', exact: true })
  await checkOpened(page, 'Adicionar Loja', () => page.getByRole('button', { name: 'Adicionar Loja' }).first().click(), page.getByRole('dialog', { name: 'Adicionar Loja' }))
  await checkOpened(page, 'Editar Loja', async () => {
    await card.getByRole('button', { name: 'Editar loja Loja Centro' }).click()
    await expect(page.getByRole('group', { name: 'Data especial 25/12/2026' })).toBeVisible()
  }, page.getByRole('dialog', { name: 'Editar Loja' }))
  await checkOpened(page, 'Excluir loja', () => card.getByRole('button', { name: 'Excluir loja Loja Centro' }).click(), page.getByRole('alertdialog'))
  await checkOpened(page, 'Adicionar Televisor', () => card.getByRole('button', { name: 'Adicionar Televisor' }).click(), page.getByRole('dialog', { name: 'Adicionar Televisor' }))
  await checkOpened(page, 'Enviar mensagem para lojas', () => page.getByRole('button', { name: 'Enviar mensagem para lojas' }).click(), page.getByRole('dialog', { name: 'Enviar mensagem para lojas' }))
  await checkOpened(page, "a TV's menu", () => card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click(), page.getByRole('menu'))
  await card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Adicionar programação' }).click()
  await expect(page.getByRole('dialog', { name: 'Vincular programação' })).toBeVisible()
  await check(page, 'Vincular programação', { within: OVERLAY })
  await page.keyboard.press('Escape')
  await card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Excluir' }).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await check(page, 'Excluir televisor', { within: OVERLAY })
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog')).toBeHidden()
  // 'Resultados dos comandos' colours each status badge itself: both themes.
  await card.getByRole('button', { name: 'Comandos para TV Entrada', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Ver resultados' }).click()
  const results = page.getByRole('dialog', { name: 'Resultados dos comandos' })
  await expect(results.getByRole('row').filter({ hasText: 'Identificar dispositivo' })).toContainText('Concluído')
  await check(page, 'Resultados dos comandos', { within: OVERLAY, screenshot: 'a11y-command-results' })
  await page.keyboard.press('Escape')
  await expect(results).toBeHidden()
  // 'Saúde do televisor' (the player above reported) colours its problems itself: both themes.
  await card.getByRole('button', { name: 'Ações para TV Entrada', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Saúde do televisor' }).click()
  const health = page.getByRole('dialog', { name: 'Saúde do televisor' })
  await expect(health.getByText('Versão do player')).toBeVisible()
  await check(page, 'Saúde do televisor', { within: OVERLAY, screenshot: 'a11y-health' })
  await page.keyboard.press('Escape')
  await expect(health).toBeHidden()
  // Its amber warning box, on a TV whose report shows a problem.
  await rowMenuItem(page, card, 'TV Depósito', 'Saúde do televisor')
  await expect(health.getByRole('region', { name: 'Problemas' })).toContainText('Armazenamento quase cheio')
  await check(page, 'Saúde do televisor, with a problem', { within: OVERLAY, screenshot: 'a11y-health-problem' })
  await page.keyboard.press('Escape')
  await expect(health).toBeHidden()
  // 'Ver ao vivo': a TV that confirmed what it shows, and one offline (an amber note).
  const live = page.getByRole('dialog', { name: 'Ao vivo' })
  await rowMenuItem(page, card, 'TV Depósito', 'Ver ao vivo')
  await expect(live.getByRole('status')).toContainText('A TV confirmou esta programação')
  await expect(live.getByRole('region', { name: 'Tela do televisor' })).toBeVisible()
  await check(page, 'Ver ao vivo', { within: OVERLAY, screenshot: 'a11y-live' })
  await page.keyboard.press('Escape')
  await expect(live).toBeHidden()
  await rowMenuItem(page, card, 'TV Entrada', 'Ver ao vivo')
  await expect(live.getByRole('status')).toContainText('Televisor offline desde')
  await check(page, 'Ver ao vivo, offline', { within: OVERLAY, screenshot: 'a11y-live-offline' })
  await page.keyboard.press('Escape')
  await expect(live).toBeHidden()
  await card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Editar', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Editar Televisor' })).toBeVisible()
  await check(page, 'Editar Televisor', { within: OVERLAY })
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Editar Televisor' })).toBeHidden()

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
  // 'Mensagem de emergência' and its confirmations: override.spec.ts checks them in both themes.
})

test('schedules and the media library', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(300_000)
  const seeded = await seed({ api, adminToken, browser, baseURL })
  const { schedule, image } = seeded
  await signIn(page, seeded, adminToken)
  const heading = (name: string) => page.getByRole('heading', { name, exact: true })
  // Schedules.
  await visit(page, '/schedule', page.getByRole('table', { name: 'Programações' }))
  await check(page, '/schedule')
  await checkOpened(page, 'Nova Programação', () => page.getByRole('button', { name: 'Nova Programação' }).click(), page.getByRole('dialog'))
  await checkOpened(page, 'Excluir programação', () => page.getByRole('button', { name: 'Excluir Vitrine Principal' }).click(), page.getByRole('alertdialog'))
  await visit(page, `/schedule/${schedule.id}`, page.getByRole('table', { name: 'Mídias da programação' }))
  await check(page, '/schedule/{id}', { screenshot: 'a11y-schedule' })
  await checkOpened(page, 'Adicionar vaga para anúncios', () => page.getByRole('button', { name: 'Adicionar vaga para anúncios' }).click(), page.getByRole('dialog', { name: 'Adicionar vaga para anúncios' }))
  await checkOpened(page, 'Prévia da programação', () => page.getByRole('button', { name: 'Ver prévia' }).click(), page.getByRole('dialog', { name: 'Prévia da programação' }))
  await visit(page, `/schedule/${schedule.id}/media`, page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
  await check(page, '/schedule/{id}/media')
  await checkOpened(page, 'Selecionar Mídia', () => page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click(), page.getByRole('dialog', { name: 'Selecionar Mídia' }))
  // The same page as the one before, on another entry: loaded.
  await visit(page, `/schedule/${schedule.id}/media/${image.id}/0`, page.getByRole('button', { name: 'Atualizar Mídia' }), { load: true })
  await check(page, '/schedule/{id}/media/{mediaId}/{index}')
  await visit(page, `/bottombar/${schedule.id}`, page.getByRole('main').getByRole('heading').first())
  await check(page, '/bottombar/{id}')
  await visit(page, '/action/create-schedule', page.getByRole('button', { name: 'Criar' }))
  await check(page, '/action/create-schedule')
  await visit(page, '/action/add-media-to-schedule', page.getByRole('main').getByRole('heading').first())
  await check(page, '/action/add-media-to-schedule')

  // Media library.
  await visit(page, '/medias', heading('Minhas Mídias'))
  await check(page, '/medias')
  await checkOpened(page, 'Nova Pasta', () => page.getByRole('button', { name: 'Nova Pasta' }).click(), page.getByRole('dialog', { name: 'Nova Pasta' }))
  await checkOpened(page, 'Enviar Imagens', () => page.getByRole('button', { name: 'Imagens' }).click(), page.getByRole('dialog', { name: 'Enviar Imagens' }))
  await checkOpened(page, 'Editar Mídia', () => page.getByRole('row', { name: 'Vitrine Verão', exact: true }).getByRole('button', { name: 'Editar Vitrine Verão' }).click(), page.getByRole('dialog', { name: 'Editar Mídia' }))
})

test('ads center, account, administration and the phone layout', async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(300_000)
  const seeded = await seed({ api, adminToken, browser, baseURL })
  const { email, franchise, advertise } = seeded
  await signIn(page, seeded, adminToken)
  const heading = (name: string) => page.getByRole('heading', { name, exact: true })
  // Ads center.
  await visit(page, '/ads-center', page.getByRole('button', { name: 'New Ad' }))
  await check(page, '/ads-center')
  await checkOpened(page, 'Novo Anúncio', () => page.getByRole('button', { name: 'New Ad' }).click(), page.getByRole('dialog', { name: 'Novo Anúncio' }))
  await visit(page, '/ads-center/new?name=Outro&duration=5', page.getByRole('grid', { name: 'Disponibilidade das telas por dia' }))
  await check(page, '/ads-center/new')
  await visit(page, `/ads-center/${advertise.id}`, page.getByRole('row').filter({ hasText: 'Vitrine Verão' }))
  await check(page, '/ads-center/{id}')
  await checkOpened(page, 'Editar Anúncio', () => page.getByRole('button', { name: 'Editar anúncio' }).click(), page.getByRole('dialog', { name: 'Editar Anúncio' }))
  await visit(page, `/ads-center/${advertise.id}/media`, page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
  await check(page, '/ads-center/{id}/media')

  // 'Atividade' and 'Atividade dos grupos': activity.spec.ts checks them in both themes, with records shown.

  // Account and administration.
  await visit(page, '/groups', heading('Grupos'))
  await check(page, '/groups')
  await checkOpened(page, 'Adicionar Grupo', () => page.getByRole('button', { name: 'Novo Grupo' }).click(), page.getByRole('dialog', { name: 'Adicionar Grupo' }))
  await checkOpened(page, 'Editar Grupo', () => page.getByRole('button', { name: `Editar ${franchise.name}` }).click(), page.getByRole('dialog', { name: 'Editar Grupo' }))
  await visit(page, '/profile/edit', heading('Editar Usuário'))
  await check(page, '/profile/edit')
  await visit(page, '/user/new', page.getByRole('button', { name: 'Cadastrar usuário' }))
  await check(page, '/user/new')
  await visit(page, '/user/list', page.getByRole('columnheader', { name: /Nome do Usuário/ }))
  await check(page, '/user/list')
  await page.getByRole('textbox', { name: 'Filtrar por e-mail...' }).fill(email)
  const userActions = page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: `Ações para ${email}` })
  const fromUserMenu = (item: string) => async () => {
    await userActions.click()
    await page.getByRole('menuitem', { name: item, exact: true }).click()
  }
  await checkOpened(page, 'Editar Usuário', fromUserMenu('Editar'), page.getByRole('dialog', { name: 'Editar Usuário' }))
  await checkOpened(page, 'Adicionar/remover franquia', fromUserMenu('Add/Rem. Franquia'), page.getByRole('dialog', { name: 'Adicionar/remover franquia' }))

  // A phone: the sidebar is a sheet.
  await page.setViewportSize({ width: 390, height: 844 })
  await visit(page, '/dashboard', page.getByRole('region', { name: 'Loja Centro', exact: true }), { load: true })
  await check(page, '/dashboard on a phone')
  await checkOpened(page, 'the sidebar sheet', () => page.getByRole('button', { name: 'Alternar barra lateral' }).click(), page.getByRole('dialog'))
  await page.setViewportSize({ width: 1280, height: 800 })
})
