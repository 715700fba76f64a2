// Accessibility: every console screen (spec 1 §2 and spec 2 §2), in the light
// and the dark theme, the dialogs and menus that open from them, and the
// player's two screens have no violation of WCAG 2.0 and 2.1, levels A and AA,
// as axe-core measures them in Chromium. Each test seeds a group of its own
// and checks one part of the console, in one theme: a slow machine then
// spends its time budget per part, and a failure names the part.
import type { Browser, Locator, Page } from '@playwright/test'
import { test, expect, refuseEventStream, shot, storageKeys, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { axeViolations } from './harness/axe.ts'
import { addMedia, png } from './harness/media-api.ts'
import { announceDevice, createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { onScreen, openPlayer } from './harness/player.ts'
import { saveEntries } from './harness/schedule-api.ts'

/** Checks what the page shows now; a failure names the screen and every failing element. */
async function check(page: Page, screen: string, within?: string) {
  const found = await axeViolations(page, within)
  expect.soft(found.length, `violations on ${screen}:\n${found.join('\n')}\n`).toBe(0)
}

/** What opens over a screen: dialogs, menus, popovers. The screen under it is checked on its own. */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"]'

/** Opens a dialog (or menu) with `open`, waits for `shown`, checks it and closes it with Escape. */
async function checkOpened(page: Page, screen: string, open: () => Promise<void>, shown: Locator) {
  await open()
  await expect(shown).toBeVisible()
  await check(page, screen, OVERLAY)
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

/** Visits path and waits for its heading (or other sign that the screen is ready). */
async function visit(page: Page, path: string, ready: Locator) {
  await refuseEventStream(page)
  await page.goto(path)
  await expect(ready).toBeVisible()
  await page.waitForLoadState('networkidle')
}

/** The day (epoch ms) `ahead` days from now. */
const daysAhead = (ahead: number) => Date.now() + ahead * 86_400_000

type Theme = 'light' | 'dark'
const THEMES: Theme[] = ['light', 'dark']

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
    const tv = await openPlayer(browser, baseURL!)
    const code = tv.locator('.pairing-code')
    await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
    display = await createDisplay(api, token, f, store.slug, { name: 'TV Entrada', device: (await code.textContent())! })
    await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
    await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Verão')
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

const useTheme = (page: Page, theme: Theme) => page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKeys.theme, theme] as const)

/** Signs in as the seeded operator, impersonated by the administrator (so the admin screens are there too), in `theme`. */
async function signIn(page: Page, seeded: Awaited<ReturnType<typeof seed>>, adminToken: string, theme: Theme) {
  await useSession(page, { token: seeded.token, adminToken, franchise: seeded.f })
  await page.goto('/dashboard')
  await useTheme(page, theme)
}

test("the player's pairing and playing screens, and the pages before logging in in either theme", async ({ page, browser, api, adminToken, baseURL }) => {
  test.setTimeout(240_000)
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email: uniqueEmail('acessivel'), password: strongPassword(), group: `Rede Acessível ${Date.now().toString(36)}` })
  const f = franchise.slug
  const store = await createStore(api, token, f, { name: 'Loja Centro' })
  const image = await addMedia(api, token, f, { name: 'Vitrine Verão', type: 'image', bytes: png(640, 360, { noise: true, seed: 7 }), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, f, 'Vitrine Principal')
  await saveEntries(api, token, f, schedule.id, [{ id: image.id, displayTime: 5 }])
  const tv = await openPlayer(browser, baseURL!)
  const code = tv.locator('.pairing-code')
  await expect(code).toHaveText(/^[A-Z0-9]{6}$/)
  await check(tv, 'the player pairing screen')
  const display = await createDisplay(api, token, f, store.slug, { name: 'TV Entrada', device: (await code.textContent())! })
  await api.post(`/display/${f}/${store.slug}/${display.id}`, { scheduleId: schedule.id }, token)
  await expect(onScreen(tv)).toHaveAttribute('data-media', 'Vitrine Verão')
  await check(tv, 'the player playing screen')
  await tv.context().close()

  // --- Before logging in.
  for (const theme of THEMES) {
    await page.goto('/')
    await useTheme(page, theme)
    await visit(page, '/', page.getByRole('button', { name: 'Entrar', exact: true }))
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    await check(page, `/ (${theme})`)
    await visit(page, '/reset/password', page.getByRole('heading').first())
    await check(page, `/reset/password (${theme})`)
    await visit(page, '/reset/password/new?code=x&email=x%40e2e.test', page.getByRole('heading').first())
    await check(page, `/reset/password/new (${theme})`)
  }
})

for (const theme of THEMES) {
  const at = (path: string) => `${path} (${theme})`

  test(`Visão Geral, its dialogs and menus, the layout and the alerts (${theme})`, async ({ page, browser, api, adminToken, baseURL }) => {
    test.setTimeout(240_000)
    const seeded = await seed({ api, adminToken, browser, baseURL }, { pairPlayer: true })
    await signIn(page, seeded, adminToken, theme)
    await visit(page, '/dashboard', page.getByRole('region', { name: 'Loja Centro', exact: true }))
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
    await check(page, at('/dashboard'))
    await shot(page, `a11y-dashboard-${theme}`)
    const card = page.getByRole('region', { name: 'Loja Centro', exact: true })
    await checkOpened(page, at('Adicionar Loja'), () => page.getByRole('button', { name: 'Adicionar Loja' }).first().click(), page.getByRole('dialog', { name: 'Adicionar Loja' }))
    await checkOpened(page, at('Editar Loja'), async () => {
      await card.getByRole('button', { name: 'Editar loja Loja Centro' }).click()
      await expect(page.getByRole('group', { name: 'Data especial 25/12/2026' })).toBeVisible()
    }, page.getByRole('dialog', { name: 'Editar Loja' }))
    await checkOpened(page, at('Excluir loja'), () => card.getByRole('button', { name: 'Excluir loja Loja Centro' }).click(), page.getByRole('alertdialog'))
    await checkOpened(page, at('Adicionar Televisor'), () => card.getByRole('button', { name: 'Adicionar Televisor' }).click(), page.getByRole('dialog', { name: 'Adicionar Televisor' }))
    await checkOpened(page, at('Enviar mensagem para lojas'), () => page.getByRole('button', { name: 'Enviar mensagem para lojas' }).click(), page.getByRole('dialog', { name: 'Enviar mensagem para lojas' }))
    await checkOpened(page, at("a TV's menu"), () => card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click(), page.getByRole('menu'))
    await card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Adicionar programação' }).click()
    await expect(page.getByRole('dialog', { name: 'Vincular programação' })).toBeVisible()
    await check(page, at('Vincular programação'), OVERLAY)
    await page.keyboard.press('Escape')
    await card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Excluir' }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await check(page, at('Excluir televisor'), OVERLAY)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('alertdialog')).toBeHidden()
    // 'Resultados dos comandos' colours each status badge itself: both themes.
    await card.getByRole('button', { name: 'Comandos para TV Entrada', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Ver resultados' }).click()
    const results = page.getByRole('dialog', { name: 'Resultados dos comandos' })
    await expect(results.getByRole('row').filter({ hasText: 'Identificar dispositivo' })).toContainText('Concluído')
    await check(page, at('Resultados dos comandos'), OVERLAY)
    await shot(page, `a11y-command-results-${theme}`)
    await page.keyboard.press('Escape')
    await expect(results).toBeHidden()
    // 'Saúde do televisor' (the player above reported) colours its problems itself: both themes.
    await card.getByRole('button', { name: 'Ações para TV Entrada', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Saúde do televisor' }).click()
    const health = page.getByRole('dialog', { name: 'Saúde do televisor' })
    await expect(health.getByText('Versão do player')).toBeVisible()
    await check(page, at('Saúde do televisor'), OVERLAY)
    await shot(page, `a11y-health-${theme}`)
    await page.keyboard.press('Escape')
    await expect(health).toBeHidden()
    // Its amber warning box, on a TV whose report shows a problem.
    await rowMenuItem(page, card, 'TV Depósito', 'Saúde do televisor')
    await expect(health.getByRole('region', { name: 'Problemas' })).toContainText('Armazenamento quase cheio')
    await check(page, at('Saúde do televisor, with a problem'), OVERLAY)
    await shot(page, `a11y-health-problem-${theme}`)
    await page.keyboard.press('Escape')
    await expect(health).toBeHidden()
    // 'Ver ao vivo': a TV that confirmed what it shows, and one offline (an amber note).
    const live = page.getByRole('dialog', { name: 'Ao vivo' })
    await rowMenuItem(page, card, 'TV Depósito', 'Ver ao vivo')
    await expect(live.getByRole('status')).toContainText('A TV confirmou esta programação')
    await expect(live.getByRole('region', { name: 'Tela do televisor' })).toBeVisible()
    await check(page, at('Ver ao vivo'), OVERLAY)
    await shot(page, `a11y-live-${theme}`)
    await page.keyboard.press('Escape')
    await expect(live).toBeHidden()
    await rowMenuItem(page, card, 'TV Entrada', 'Ver ao vivo')
    await expect(live.getByRole('status')).toContainText('Televisor offline desde')
    await check(page, at('Ver ao vivo, offline'), OVERLAY)
    await shot(page, `a11y-live-offline-${theme}`)
    await page.keyboard.press('Escape')
    await expect(live).toBeHidden()
    // The dialogs below use only the theme's tokens, which the dialogs above
    // already check in both themes: light is enough for them.
    if (theme === 'light') {
      await card.getByRole('button', { name: 'Ações para TV Caixa', exact: true }).click()
      await page.getByRole('menuitem', { name: 'Editar', exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'Editar Televisor' })).toBeVisible()
      await check(page, at('Editar Televisor'), OVERLAY)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog', { name: 'Editar Televisor' })).toBeHidden()
    }

    // The sidebar collapsed to icons, the user menu, the theme menu.
    await page.getByRole('button', { name: 'Alternar barra lateral' }).first().click()
    await expect(page.locator('[data-slot="sidebar"]')).toHaveAttribute('data-state', 'collapsed')
    await check(page, at('the collapsed sidebar'))
    await page.getByRole('button', { name: 'Alternar barra lateral' }).first().click()
    await expect(page.locator('[data-slot="sidebar"]')).toHaveAttribute('data-state', 'expanded')
    await checkOpened(page, at('the user menu'), () => page.getByRole('banner').getByRole('button', { name: /^Menu do usuário/ }).click(), page.getByRole('menu'))
    await checkOpened(page, at('the theme menu'), () => page.getByRole('button', { name: 'Alternar tema' }).click(), page.getByRole('menu'))

    // Offline alerts.
    await visit(page, '/alerts', page.getByRole('table', { name: 'TVs offline agora' }))
    await check(page, at('/alerts'))

    // Emergency messages: the page and its start confirmation (cancelled).
    await visit(page, '/override', page.getByRole('heading', { name: 'Mensagem de emergência', exact: true }))
    await check(page, at('/override'))
    await page.getByLabel('Título', { exact: true }).fill('Aviso de teste')
    await checkOpened(page, at('Exibir em N TVs?'), () => page.getByRole('button', { name: 'Exibir mensagem' }).click(), page.getByRole('alertdialog', { name: /^Exibir em \d+ TVs\?$/ }))

  })

  test(`schedules and the media library (${theme})`, async ({ page, browser, api, adminToken, baseURL }) => {
    test.setTimeout(240_000)
    const seeded = await seed({ api, adminToken, browser, baseURL })
    const { schedule, image } = seeded
    await signIn(page, seeded, adminToken, theme)
    const heading = (name: string) => page.getByRole('heading', { name, exact: true })
    // Schedules.
    await visit(page, '/schedule', page.getByRole('table', { name: 'Programações' }))
    await check(page, at('/schedule'))
    await checkOpened(page, at('Nova Programação'), () => page.getByRole('button', { name: 'Nova Programação' }).click(), page.getByRole('dialog'))
    await checkOpened(page, at('Excluir programação'), () => page.getByRole('button', { name: 'Excluir Vitrine Principal' }).click(), page.getByRole('alertdialog'))
    await visit(page, `/schedule/${schedule.id}`, page.getByRole('table', { name: 'Mídias da programação' }))
    await check(page, at('/schedule/{id}'))
    await shot(page, `a11y-schedule-${theme}`)
    await checkOpened(page, at('Adicionar vaga para anúncios'), () => page.getByRole('button', { name: 'Adicionar vaga para anúncios' }).click(), page.getByRole('dialog', { name: 'Adicionar vaga para anúncios' }))
    await checkOpened(page, at('Prévia da programação'), () => page.getByRole('button', { name: 'Ver prévia' }).click(), page.getByRole('dialog', { name: 'Prévia da programação' }))
    await visit(page, `/schedule/${schedule.id}/media`, page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
    await check(page, at('/schedule/{id}/media'))
    await checkOpened(page, at('Selecionar Mídia'), () => page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }).click(), page.getByRole('dialog', { name: 'Selecionar Mídia' }))
    await visit(page, `/schedule/${schedule.id}/media/${image.id}/0`, page.getByRole('button', { name: 'Atualizar Mídia' }))
    await check(page, at('/schedule/{id}/media/{mediaId}/{index}'))
    await visit(page, `/bottombar/${schedule.id}`, page.getByRole('main').getByRole('heading').first())
    await check(page, at('/bottombar/{id}'))
    await visit(page, '/action/create-schedule', page.getByRole('button', { name: 'Criar' }))
    await check(page, at('/action/create-schedule'))
    await visit(page, '/action/add-media-to-schedule', page.getByRole('main').getByRole('heading').first())
    await check(page, at('/action/add-media-to-schedule'))

    // Media library.
    await visit(page, '/medias', heading('Minhas Mídias'))
    await check(page, at('/medias'))
    await checkOpened(page, at('Nova Pasta'), () => page.getByRole('button', { name: 'Nova Pasta' }).click(), page.getByRole('dialog', { name: 'Nova Pasta' }))
    await checkOpened(page, at('Enviar Imagens'), () => page.getByRole('button', { name: 'Imagens' }).click(), page.getByRole('dialog', { name: 'Enviar Imagens' }))
    if (theme === 'light') {
      await checkOpened(page, at('Editar Mídia'), () => page.getByRole('row', { name: 'Vitrine Verão', exact: true }).getByRole('button', { name: 'Editar Vitrine Verão' }).click(), page.getByRole('dialog', { name: 'Editar Mídia' }))
    }

  })

  test(`ads center, account, administration and the phone layout (${theme})`, async ({ page, browser, api, adminToken, baseURL }) => {
    test.setTimeout(240_000)
    const seeded = await seed({ api, adminToken, browser, baseURL })
    const { email, franchise, advertise } = seeded
    await signIn(page, seeded, adminToken, theme)
    const heading = (name: string) => page.getByRole('heading', { name, exact: true })
    // Ads center.
    await visit(page, '/ads-center', page.getByRole('button', { name: 'New Ad' }))
    await check(page, at('/ads-center'))
    await checkOpened(page, at('Novo Anúncio'), () => page.getByRole('button', { name: 'New Ad' }).click(), page.getByRole('dialog', { name: 'Novo Anúncio' }))
    await visit(page, '/ads-center/new?name=Outro&duration=5', page.getByRole('grid', { name: 'Disponibilidade das telas por dia' }))
    await check(page, at('/ads-center/new'))
    await visit(page, `/ads-center/${advertise.id}`, page.getByRole('row').filter({ hasText: 'Vitrine Verão' }))
    await check(page, at('/ads-center/{id}'))
    if (theme === 'light') {
      await checkOpened(page, at('Editar Anúncio'), () => page.getByRole('button', { name: 'Editar anúncio' }).click(), page.getByRole('dialog', { name: 'Editar Anúncio' }))
    }
    await visit(page, `/ads-center/${advertise.id}/media`, page.getByRole('button', { name: 'Selecionar Arquivos de Mídia' }))
    await check(page, at('/ads-center/{id}/media'))

    // Account and administration.
    await visit(page, '/groups', heading('Grupos'))
    await check(page, at('/groups'))
    if (theme === 'light') {
      await checkOpened(page, at('Adicionar Grupo'), () => page.getByRole('button', { name: 'Novo Grupo' }).click(), page.getByRole('dialog', { name: 'Adicionar Grupo' }))
      await checkOpened(page, at('Editar Grupo'), () => page.getByRole('button', { name: `Editar ${franchise.name}` }).click(), page.getByRole('dialog', { name: 'Editar Grupo' }))
    }
    await visit(page, '/profile/edit', heading('Editar Usuário'))
    await check(page, at('/profile/edit'))
    await visit(page, '/user/new', page.getByRole('button', { name: 'Cadastrar usuário' }))
    await check(page, at('/user/new'))
    await visit(page, '/user/list', page.getByRole('columnheader', { name: /Nome do Usuário/ }))
    await check(page, at('/user/list'))
    if (theme === 'light') {
      await page.getByRole('textbox', { name: 'Filtrar por e-mail...' }).fill(email)
      const userActions = page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: `Ações para ${email}` })
      const fromUserMenu = (item: string) => async () => {
        await userActions.click()
        await page.getByRole('menuitem', { name: item, exact: true }).click()
      }
      await checkOpened(page, at('Editar Usuário'), fromUserMenu('Editar'), page.getByRole('dialog', { name: 'Editar Usuário' }))
      await checkOpened(page, at('Adicionar/remover franquia'), fromUserMenu('Add/Rem. Franquia'), page.getByRole('dialog', { name: 'Adicionar/remover franquia' }))
    }

    // A phone: the sidebar is a sheet.
    await page.setViewportSize({ width: 390, height: 844 })
    await visit(page, '/dashboard', page.getByRole('region', { name: 'Loja Centro', exact: true }))
    await check(page, at('/dashboard on a phone'))
    await checkOpened(page, at('the sidebar sheet'), () => page.getByRole('button', { name: 'Alternar barra lateral' }).click(), page.getByRole('dialog'))
    await page.setViewportSize({ width: 1280, height: 800 })
  })
}
