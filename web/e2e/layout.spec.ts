// The frame around every screen: theme menu, sidebar and notifications (spec 1 section 2 "Layout").
import { test, expect, shot, storageKeys, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { addMedia, png } from './harness/media-api.ts'
import { openInApp } from './harness/navigate.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { saveEntries } from './harness/schedule-api.ts'

test.beforeEach(async ({ page, adminToken }) => {
  await useSession(page, { token: adminToken })
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
})

const html = (page: import('@playwright/test').Page) => page.locator('html')
const storedTheme = (page: import('@playwright/test').Page) =>
  page.evaluate((key) => localStorage.getItem(key), storageKeys.theme)

/** How many CSS transitions run in the page now. */
const runningTransitions = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length)

async function chooseTheme(page: import('@playwright/test').Page, name: 'Light' | 'Dark' | 'System') {
  // The menu animates in (this file keeps the animations): on a busy machine a click may land
  // while it is still being laid out, or after it closed; open it again and retry until the
  // choice is made.
  const item = page.getByRole('menuitemradio', { name, exact: true })
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('button', { name: 'Alternar tema' }).click()
    await item.click({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
}

test.describe(() => {
  // The switch checks that no colour transition runs: the page keeps its transitions.
  test.use({ animations: 'on' })

  test('the theme menu switches between light, dark and the system theme, and remembers it', async ({ page }) => {
    await chooseTheme(page, 'Dark')
    await expect(html(page)).toHaveClass(/\bdark\b/)
    expect(await storedTheme(page)).toBe('dark')
    await shot(page, 'theme-dark')

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
    await expect(html(page)).toHaveClass(/\bdark\b/)

    await chooseTheme(page, 'Light')
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    expect(await storedTheme(page)).toBe('light')
    await shot(page, 'theme-light')

    // System follows the operating system's preference, live.
    await page.emulateMedia({ colorScheme: 'dark' })
    await chooseTheme(page, 'System')
    expect(await storedTheme(page)).toBe('system')
    await expect(html(page)).toHaveClass(/\bdark\b/)
    // The closed menu gives the focus back to its button, whose focus ring then fades in
    // (a transition of its own, not the theme's): the switch below waits for it.
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Alternar tema' })).toBeFocused()
    // A live switch changes every colour at once: no control fades through
    // colours of neither theme (CSS transitions on its colours).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
    expect(await runningTransitions(page)).toBe(0)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(html(page)).toHaveClass(/\bdark\b/)
    expect(await runningTransitions(page)).toBe(0)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
    await expect(html(page)).not.toHaveClass(/\bdark\b/)
  })
})

test('ctrl+b collapses the sidebar to icons and it stays collapsed after a reload', async ({ page, context }) => {
  const sidebar = page.locator('[data-slot="sidebar"]')
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await expect(page.getByRole('link', { name: 'VISÃO GERAL' })).toBeVisible()
  await shot(page, 'sidebar-expanded')

  await page.keyboard.press('Control+b')
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  // The page writes the cookie at once; the browser's cookie store, which
  // context.cookies() reads, takes it a moment later.
  const sidebarCookie = async () => (await context.cookies()).find((c) => c.name === 'sidebar_state')
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('false')
  const cookie = await sidebarCookie()
  // Seven days, give or take the test's own duration.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
  await shot(page, 'sidebar-collapsed')

  await page.getByRole('button', { name: 'Alternar barra lateral' }).first().click()
  await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('true')
})

test('the notifications popover lists the release notes and marks them read', async ({ page }) => {
  const bell = page.getByRole('button', { name: 'Notificações' })
  // A fresh browser has read nothing: the bell shows the unread count.
  const badge = bell.getByText(/\d+ não lidas/)
  await expect(badge).toHaveText(/^5 não lidas$/)

  await bell.click()
  const popover = page.getByRole('dialog').filter({ hasText: 'Novidades da Plataforma' })
  await expect(popover).toBeVisible()
  const notes = popover.getByRole('list', { name: 'Novidades' }).getByRole('button')
  await expect(notes).toHaveCount(5)
  // Newest first.
  await expect(notes.first()).toContainText('2.6.0')
  await shot(page, 'notifications-open')

  // Clicking one marks only that one read.
  await notes.nth(1).click()
  await expect(badge).toHaveText(/^4 não lidas$/)

  await popover.getByRole('button', { name: 'Marcar todas como lidas' }).click()
  await expect(badge).toBeHidden()
  await expect(popover.getByRole('button', { name: /\(não lida\)$/ })).toHaveCount(0)
  const read = await page.evaluate((key) => localStorage.getItem(key), storageKeys.notificationsRead)
  expect(JSON.parse(read ?? '[]')).toHaveLength(5)
  await shot(page, 'notifications-read')
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible()
  await expect(bell).toBeVisible()
  await expect(bell.getByText(/não lidas/)).toBeHidden()
})

// --- Long names (a store, a TV, a schedule, an ad, a group at the server's
// limit of 120 characters, a media at its 200) stay in their cells and headers at every width: each is cut
// with an ellipsis inside its own box, that box stays inside its cell and
// the page, the desktop tables need no sideways scrolling (so 'Ações' stays
// in view), and the whole name is there on hover (title).

const VIEWPORTS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '1440', width: 1440, height: 900 },
  { name: '1920', width: 1920, height: 1080 },
  { name: 'celular', width: 390, height: 844 },
] as const

/** A name of exactly `length` characters starting with `label`. */
function longName(label: string, length = 120, word = 'Nome Muito Comprido Para Caber ') {
  return `${label} ${word.repeat(20)}`.slice(0, length - 1).trimEnd().padEnd(length, 'x')
}

/**
 * What does not fit, as readable lines ([] when everything fits): the page
 * scrolling sideways, a desktop table scrolling sideways, and each text node
 * holding one of `names` that is not cut inside its cell or header, or has no
 * hover text with the whole name.
 */
async function overflows(page: import('@playwright/test').Page, names: string[]) {
  return page.evaluate((names) => {
    const problems: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`a página rola para o lado: ${root.scrollWidth} > ${root.clientWidth}`)
    const main = document.querySelector('main')!
    const desktop = root.clientWidth >= 1024
    for (const box of Array.from(main.querySelectorAll<HTMLElement>('[data-slot=table-container]'))) {
      if (desktop && box.scrollWidth > box.clientWidth + 1) {
        problems.push(`a tabela ${box.querySelector('table')?.getAttribute('aria-label') ?? '?'} rola para o lado: ${box.scrollWidth} > ${box.clientWidth}`)
      }
    }
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      const name = names.find((n) => text.includes(n.slice(0, 40)))
      const element = node.parentElement
      if (!name || !element || element.closest('.sr-only, [hidden], [aria-hidden=true]') || element.getClientRects().length === 0) continue
      const where = `${element.tagName.toLowerCase()} "${name.slice(0, 24)}…"`
      // The box that cuts it, if one does: the nearest one hiding what overflows.
      let clipper: HTMLElement | null = element
      while (clipper && clipper !== main && getComputedStyle(clipper).overflowX === 'visible') clipper = clipper.parentElement
      const cuts = !!clipper && clipper !== main && ['hidden', 'clip'].includes(getComputedStyle(clipper).overflowX)
      const shown = cuts ? clipper! : element
      const box = shown.getBoundingClientRect()
      const cell = element.closest<HTMLElement>('td, th, [role=rowheader], [role=columnheader]')
      if (cell && cell.contains(shown)) {
        const c = cell.getBoundingClientRect()
        if (box.left < c.left - 1 || box.right > c.right + 1) problems.push(`${where} sai da célula: ${box.left}-${box.right} fora de ${c.left}-${c.right}`)
      }
      // Tables and the calendar may scroll sideways inside their own box on a phone; nothing else may leave the page.
      if (!element.closest('[data-slot=table-container], [role=grid]') && box.right > root.clientWidth + 1) problems.push(`${where} sai da página`)
      if (!cuts && element.scrollWidth > element.clientWidth + 1) problems.push(`${where} não é cortado`)
      if (cuts && clipper!.scrollWidth > clipper!.clientWidth + 1 && !(element.closest('[title]')?.getAttribute('title') ?? '').includes(name)) {
        problems.push(`${where} cortado, sem o nome inteiro ao passar o mouse`)
      }
    }
    return problems
  }, names)
}

test('long names of stores, TVs, schedules, media, ads and groups stay in their tables and headers at 1280, 1440, 1920 px and on a phone', async ({ browser, api, adminToken }) => {
  test.setTimeout(240_000)
  const email = uniqueEmail('nomes-longos')
  const names = {
    group: longName(`Grupo ${Date.now().toString(36)}`),
    store: longName('Loja'),
    tv: longName('Televisor'),
    schedule: longName('Programação'),
    media: longName('Mídia', 200),
    // One unbroken word: it cannot wrap, only be cut.
    ad: longName('Anúncio', 120, 'SuperOfertaImperdivel'),
  }
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: names.group })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const store = await createStore(api, token, franchise.slug, { name: names.store })
  const tv = await createDisplay(api, token, franchise.slug, store.slug, { name: names.tv })
  const media = await addMedia(api, token, franchise.slug, { name: names.media, type: 'image', bytes: png(320, 180), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, franchise.slug, names.schedule)
  await saveEntries(api, token, franchise.slug, schedule.id, [
    { id: media.id, displayTime: 10, timeGap: ['08:00@12:00', '14:00@18:00'] },
    { id: 'vaga-longa', isAd: true, adSlots: 1, adTime: 10 },
  ])
  await api.post(`/display/${franchise.slug}/${store.slug}/${tv.id}`, { scheduleId: schedule.id }, token)
  const start = Date.now() + 2 * 86_400_000
  const { advertise } = await api.post<{ advertise: { id: string } }>(
    `/advertise/${franchise.slug}`,
    {
      name: names.ad,
      displayTime: 10,
      startAt: start,
      endsAt: start + 86_400_000,
      displays: [{ displayId: tv.id, slotId: 'vaga-longa', scheduleId: schedule.id, storeSlug: store.slug }],
    },
    token,
  )
  const all = Object.values(names)
  const screens = [
    { path: '/dashboard', shows: names.tv },
    { path: '/schedule', shows: names.schedule },
    { path: `/schedule/${schedule.id}`, shows: names.media },
    { path: '/medias', shows: names.media },
    { path: '/ads-center', shows: names.ad },
    { path: `/ads-center/${advertise.id}`, shows: names.ad },
    { path: '/ads-center/new?name=Outro&duration=5', shows: names.tv },
    { path: '/groups', shows: names.group },
  ]

  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await useSession(page, { token })
    for (const [index, screen] of screens.entries()) {
      // The screens are what is checked, not their loading: the first is loaded, the others open in the app.
      if (index === 0) await page.goto(screen.path)
      else await openInApp(page, screen.path)
      await expect(page.locator('main').getByText(screen.shows.slice(0, 40)).first()).toBeVisible()
      const slug = screen.path.split('?')[0].replace(/\/[0-9a-f-]{8,}|\/[A-Za-z0-9_-]{20,}/g, '/id').replaceAll('/', '-').replace(/^-/, '')
      await shot(page, `long-names-${slug}-${viewport.name}`)
      expect.soft(await overflows(page, all), `${screen.path} em ${viewport.name}`).toEqual([])
    }
    await context.close()
  }
})

// --- The sticky header over the page: Visão Geral's TV tables pin the TV's
// name column (sticky, lifted over the other cells); scrolled under the
// header, that column goes under it and under the impersonation banner
// ('Voltar para minha conta'), never over them.

/** An operator with 'CENTRAL DE ANÚNCIOS' and 'MENSAGEM DE EMERGÊNCIA', impersonated by the administrator: every menu entry and the banner show. */
async function impersonatedOperator(api: import('./harness/api.ts').Api, adminToken: string, label: string) {
  const email = uniqueEmail(label)
  const { franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), name: 'Olga Operadora', group: `Rede ${label} ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1, emergencyOverride: 1 }, adminToken)
  const { token } = await api.post<{ token: string }>('/user/impersonate', { email }, adminToken)
  return { token, franchise }
}

/** How many pixels of two PNGs of one size differ by more than `threshold` in a channel (decoded by the page's browser). */
async function differingPixels(page: import('@playwright/test').Page, a: Buffer, b: Buffer, threshold: number) {
  return page.evaluate(
    async ([a, b, threshold]) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context = canvas.getContext('2d')!
        context.drawImage(bitmap, 0, 0)
        return context.getImageData(0, 0, bitmap.width, bitmap.height).data
      }
      const [pa, pb] = await Promise.all([pixels(a), pixels(b)])
      if (pa.length !== pb.length) return -1
      let count = 0
      for (let i = 0; i < pa.length; i += 4) {
        if (Math.max(Math.abs(pa[i] - pb[i]), Math.abs(pa[i + 1] - pb[i + 1]), Math.abs(pa[i + 2] - pb[i + 2])) > threshold) count++
      }
      return count
    },
    [a.toString('base64'), b.toString('base64'), threshold] as const,
  )
}

test("Visão Geral's pinned TV-name column scrolls under the page header and the impersonation banner at 1280 and 1440 px", async ({ browser, api, adminToken }) => {
  test.setTimeout(180_000)
  const { token, franchise } = await impersonatedOperator(api, adminToken, 'coluna-fixa')
  for (const n of [1, 2, 3, 4]) {
    const store = await createStore(api, token, franchise.slug, { name: `Loja ${n}` })
    for (const k of [1, 2, 3]) await createDisplay(api, token, franchise.slug, store.slug, { name: `Televisor ${n}.${k} da Vitrine` })
  }

  for (const viewport of VIEWPORTS.slice(0, 2)) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await useSession(page, { token, adminToken, franchise: franchise.slug })
    await page.goto('/dashboard')
    const header = page.locator('header').first()
    const banner = header.getByRole('status').filter({ hasText: 'Acessando como' })
    await expect(banner.getByRole('button', { name: 'Voltar para minha conta' })).toBeVisible()
    const names = page.locator('main table tbody td:first-child')
    await expect(names).toHaveCount(12)
    const headerBox = (await header.boundingBox())!
    const clip = { x: headerBox.x, y: 0, width: headerBox.width, height: headerBox.height }
    const unscrolled = await page.screenshot({ clip, animations: 'disabled' })

    // Each name cell of the first two stores, scrolled under the header's
    // middle, then under the banner's: what is drawn there is the header.
    let underBanner = 0
    for (const index of [0, 1, 2, 3, 4, 5]) {
      const cell = names.nth(index)
      for (const target of ['header', 'banner'] as const) {
        const aim = target === 'header' ? headerBox : (await banner.boundingBox())!
        await page.evaluate(() => window.scrollTo(0, 0))
        const start = (await cell.boundingBox())!
        await page.evaluate((y) => window.scrollTo(0, y), start.y + start.height / 2 - (aim.y + aim.height / 2))
        const box = (await cell.boundingBox())!
        // Where the cell and the aimed part of the header overlap.
        const left = Math.max(box.x, aim.x)
        const right = Math.min(box.x + box.width, aim.x + aim.width)
        const top = Math.max(box.y, aim.y)
        const bottom = Math.min(box.y + box.height, aim.y + aim.height)
        if (right - left < 4 || bottom - top < 4) continue
        if (target === 'banner') underBanner++
        const drawn = await page.evaluate(
          ([x, y, target]) => {
            const element = document.elementFromPoint(x, y)
            const over = target === 'header' ? document.querySelector('header') : document.querySelector('header [role=status]')
            return { inside: !!element && !!over?.contains(element), what: element ? `${element.tagName.toLowerCase()} ${element.textContent?.slice(0, 40)}` : 'nada' }
          },
          [(left + right) / 2, (top + bottom) / 2, target] as const,
        )
        expect.soft(drawn.inside, `${viewport.name}: o ${target === 'header' ? 'cabeçalho' : 'aviso de acesso'} sobre a célula ${index}, não "${drawn.what}"`).toBe(true)
        if (index === 0) {
          // The header scrolled over the column looks as it does unscrolled
          // (its 95 % opaque background lets a trace through, nothing more).
          const scrolled = await page.screenshot({ clip, animations: 'disabled' })
          expect.soft(await differingPixels(page, unscrolled, scrolled, 48), `${viewport.name}: pixels do cabeçalho mudados pela coluna (${target})`).toBe(0)
          await shot(page, `pinned-column-under-${target}-${viewport.name}`, { fullPage: false })
        }
      }
    }
    // The check above ran where the column and the banner overlap.
    expect(underBanner, `${viewport.name}: células sob o aviso de acesso`).toBeGreaterThan(0)
    await context.close()
  }
})

// --- The sidebar's labels: every menu entry reads whole at 1280 px and
// wider, in the 16rem sidebar, and in the phone's sheet; a long one wraps
// onto a second line.

/** The menu entries of the sidebar whose label is cut or leaves its button ([] when every one reads whole), and the labels. */
async function cutLabels(page: import('@playwright/test').Page, sidebar: string) {
  return page.evaluate((sidebar) => {
    const problems: string[] = []
    const labels: string[] = []
    const root = document.querySelector<HTMLElement>(sidebar)!
    const bounds = root.getBoundingClientRect()
    for (const button of Array.from(root.querySelectorAll<HTMLElement>('[data-sidebar=menu-button]'))) {
      const label = button.querySelector<HTMLElement>(':scope > span:last-child')
      if (!label) continue
      const text = label.textContent ?? ''
      labels.push(text)
      const box = label.getBoundingClientRect()
      const frame = button.getBoundingClientRect()
      if (label.scrollWidth > label.clientWidth) problems.push(`"${text}" cortado: ${label.scrollWidth} > ${label.clientWidth}`)
      if (box.right > frame.right + 0.5 || box.bottom > frame.bottom + 0.5 || box.top < frame.top - 0.5) problems.push(`"${text}" sai do botão`)
      if (frame.right > bounds.right + 0.5) problems.push(`"${text}" sai da barra lateral`)
    }
    return { problems, labels, width: bounds.width }
  }, sidebar)
}

test('every sidebar label reads whole at 1280 and 1440 px and in the phone menu', async ({ browser, api, adminToken }) => {
  test.setTimeout(120_000)
  const { token, franchise } = await impersonatedOperator(api, adminToken, 'menu-lateral')
  const every = [
    'NOVO USUÁRIO',
    'LISTA DE USUÁRIOS',
    'ATIVIDADE DOS GRUPOS',
    'VISÃO GERAL',
    'PROGRAMAÇÕES',
    'MINHAS MÍDIAS',
    'CONTEÚDO LOCAL',
    'APROVAÇÕES',
    'ALERTAS',
    'CENTRAL DE ANÚNCIOS',
    'MENSAGEM DE EMERGÊNCIA',
    'EQUIPE',
    'LOGIN ÚNICO',
    'INTEGRAÇÕES',
    'ATIVIDADE',
    'CRIAR PROGRAMAÇÃO',
    'ADICIONAR MÍDIA À PROGRAMAÇÃO',
  ]
  for (const viewport of [...VIEWPORTS.slice(0, 2), VIEWPORTS[3]]) {
    const context = await browser.newContext({ viewport })
    const page = await context.newPage()
    await useSession(page, { token, adminToken, franchise: franchise.slug })
    // A guided action's page: its section shows too.
    await page.goto('/action/create-schedule')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    let sidebar = '[data-slot=sidebar-container]'
    if (viewport.name === 'celular') {
      await page.getByRole('button', { name: 'Alternar barra lateral' }).click()
      sidebar = '[data-slot=sidebar][data-mobile=true]'
    }
    await expect(page.locator(sidebar).getByRole('link', { name: 'MENSAGEM DE EMERGÊNCIA' })).toBeVisible()
    const found = await cutLabels(page, sidebar)
    expect(found.labels.filter((l) => l !== 'VitrineGestão de telas')).toEqual(every)
    expect.soft(found.problems, viewport.name).toEqual([])
    // The spec's widths: 16rem, 18rem on a phone.
    expect(found.width).toBe(viewport.name === 'celular' ? 288 : 256)
    await shot(page, `sidebar-labels-${viewport.name}`)
    await context.close()
  }
})
