// Guards the load of the list screens of a big franchise, as first-data.spec.ts
// guards Visão Geral: Programações with 500 schedules, Minhas Mídias with
// 5,000 files, and the ads center with 100 advertisements and the booking
// calendar of 200 screens × 183 days, in Chromium against the real
// bin/vitrine. Times on this shared machine move too much to check (the
// targets, first rows under 1 s and interactive under 2 s, are measured by
// schedules-scale.bench.ts, media-scale.bench.ts and ads-center-scale.bench.ts,
// figures in docs/performance.md); this checks what makes them, and cannot
// flake:
//
// - the screen's calls go out with the session check, before any chunk of the
//   screen's code has arrived, and once each;
// - the work of drawing, counted as the React components (fibers) the page
//   holds once the first rows show: a Radix menu, popover or tooltip mounted
//   per row, or every row of a long list drawn up front, adds thousands.
// - the code before the first row: the scripts the tab had fetched when it
//   entered the page (recorded in the page) hold no form library and no
//   dialog, which come after the rows, and no Radix menu, popover,
//   tooltip or dialog, which the layout and the rows fetch on first use.
//
// The long lists come from the real answers of a small group (one schedule,
// one advertisement, one screen, one image), copied by the browser's network
// layer, so the test takes seconds, not the minutes seeding would. It prints
// the main thread's work (Chromium's counters) for reference.
import type { Page } from '@playwright/test'
import { test, expect, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { chunksBefore, fibers, longTasks, recordNetwork, scriptsAtFirst, scriptsWith, startMetrics, watchFirst, watchReact } from './harness/first-data.ts'
import { addMedia, png, type MediaItem } from './harness/media-api.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { saveEntries, type ScheduleSummary } from './harness/schedule-api.ts'

const SCHEDULES = 500
const FILES = 5000
const ADS = 100
const SCREENS = 200

/**
 * Fibers with the first page of Programações drawn (100 rows): 6,600 on
 * 2026-11-26. A tooltip or menu mounted per row adds 2,000 or more and fails;
 * a new plain button per row does not.
 */
const SCHEDULES_FIBERS = 9_000
/**
 * Fibers with the first 100 files of a library of 5,000 drawn: 4,400 on
 * 2026-11-26 with a native checkbox per row (4,900 with a Radix one, 10,200
 * with a popover and a menu mounted per row).
 */
const MEDIA_FIBERS = 7_500
/** Fibers with the first page of the ads list drawn (10 rows): 1,400 on 2026-11-26. */
const ADS_FIBERS = 2_500
/**
 * Fibers with the calendar's first screens drawn: 1,000 on 2026-11-26, the
 * cells in view only. Every cell of 200 screens × 183 days would be 36,600
 * cells; a tooltip per cell in view adds some 2,000.
 */
const CALENDAR_FIBERS = 2_000

/**
 * The form libraries (one `forms` chunk, vite.config.ts) and the dialogs'
 * chunks (named after their modules, `*-dialog(s)`): none may come before a
 * list's first row, as its dialogs are fetched once the rows are drawn.
 */
const FORM_OR_DIALOG = /\/(forms|[^/]*dialogs?)-[^/]+\.js$/
/**
 * The code of a Radix menu, popover, tooltip or dialog, known by the names
 * Radix gives its parts (string literals that survive minification, whatever
 * file the bundler puts them in): the layout's header and sidebar, and the
 * rows, draw only their buttons and fetch these on first use
 * (components/ui/lazy-parts.ts), so none may come before a list's first row.
 */
/**
 * Scripts a list may have fetched when its first row enters the page: 11 to 15
 * on 2026-11-26 (evening), 22 to 30 that morning. A browser opens six
 * connections to a server without HTTP/2, so each six more files are one more
 * round of requests before the first row.
 */
const LIST_SCRIPTS = 18

const RADIX_ON_USE = /[`"'](DropdownMenuContent|PopoverContent|TooltipProvider|DialogContent)[`"']/


/**
 * Checks that no form, dialog, menu, popover or tooltip code had arrived with
 * the first row, in few files, and prints what had.
 */
async function expectNoFormsAtFirstRow(page: Page, screen: string) {
  const scripts = await scriptsAtFirst(page)
  console.log(`${screen}: ${scripts.length} scripts at the first row: ${scripts.join(' ')}`)
  expect(scripts.filter((script) => FORM_OR_DIALOG.test(script)), `form or dialog chunks before the first row of ${screen}`).toEqual([])
  expect(scripts.length, `scripts before the first row of ${screen}`).toBeLessThanOrEqual(LIST_SCRIPTS)
  expect(await scriptsWith(page, scripts, RADIX_ON_USE), `menu, popover, tooltip or dialog code before the first row of ${screen}`).toEqual([])
}

async function report(page: Page, screen: string, metrics: () => Promise<Record<string, number>>) {
  const count = await fibers(page)
  const m = await metrics()
  console.log(`${screen}: ${count} fibers, ${await longTasks(page)}; main thread ${m.task} ms (script ${m.script}, style ${m.style}, layout ${m.layout})`)
  return count
}

async function group(api: Parameters<typeof operatorWithGroup>[0], adminToken: string, tag: string) {
  const email = uniqueEmail(tag)
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede ${tag} ${Date.now().toString(36)}` })
  return { email, token, franchise }
}

test(`Programações of ${SCHEDULES} schedules asks for the list with the session check and draws light rows`, async ({ page, api, adminToken }) => {
  const { token, franchise } = await group(api, adminToken, 'programacoes')
  await createSchedule(api, token, franchise.slug, 'Programação modelo')
  const listPath = `/api/schedule/${franchise.slug}`
  await page.route(`**${listPath}`, async (route) => {
    const [model] = (await (await route.fetch()).json()).scheduleList as ScheduleSummary[]
    const scheduleList = Array.from({ length: SCHEDULES }, (_, i) => ({ ...model, id: `${model.id}-${i}`, name: `Programação ${String(i + 1).padStart(3, '0')}` }))
    await route.fulfill({ json: { scheduleList } })
  })

  await watchReact(page)
  await watchFirst(page, 'table a', 'Programação 001')
  const network = recordNetwork(page)
  await useSession(page, { token, franchise: franchise.slug })
  const metrics = await startMetrics(page, 'schedules')
  await page.goto('/schedule')
  const table = page.getByRole('table', { name: 'Programações' })
  await expect(table.getByRole('link', { name: 'Programação 001', exact: true })).toBeVisible({ timeout: 30_000 })
  // The rest of the page follows the first rows: count once the hundredth is drawn.
  await expect(table.getByRole('link', { name: 'Programação 100', exact: true })).toBeAttached()
  const count = await report(page, 'Programações', metrics)

  expect(chunksBefore(network, listPath), `chunks loaded before ${listPath}`).toEqual([])
  expect(network.sent(listPath)).toBe(1)
  expect(count).toBeLessThan(SCHEDULES_FIBERS)
  await expectNoFormsAtFirstRow(page, 'Programações')

  // Every schedule is still there: the filter finds the last one, and its actions work.
  await page.getByRole('textbox', { name: 'Filtrar programações...' }).fill('Programação 500')
  await expect(table.getByRole('link', { name: 'Programação 500', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Excluir Programação 500', exact: true }).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
})

test(`Minhas Mídias of ${FILES} files asks for the library with the session check and draws a hundred light rows`, async ({ page, api, adminToken }) => {
  const { token, franchise } = await group(api, adminToken, 'midias')
  await addMedia(api, token, franchise.slug, { name: 'Foto modelo', type: 'image', bytes: png(32, 18), contentType: 'image/png' })
  const libraryPath = `/api/media/${franchise.slug}`
  // The console asks for the folder tree alone (?only=folderMap), which holds every file once.
  await page.route((url) => url.pathname === libraryPath, async (route) => {
    expect(new URL(route.request().url()).searchParams.get('only')).toBe('folderMap')
    const { folderMap } = (await (await route.fetch()).json()) as { folderMap: { media: MediaItem[] } }
    const [model] = folderMap.media
    folderMap.media = Array.from({ length: FILES }, (_, i) => ({ ...model, id: `${model.id}-${i}`, name: `Foto ${String(i + 1).padStart(4, '0')}` }))
    await route.fulfill({ json: { folderMap } })
  })

  await watchReact(page)
  await watchFirst(page, 'tr[aria-label="Foto 0001"]')
  const network = recordNetwork(page)
  await useSession(page, { token, franchise: franchise.slug })
  const metrics = await startMetrics(page, 'medias')
  await page.goto('/medias')
  await expect(page.getByRole('row', { name: 'Foto 0001', exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(`Mostrando 100 de ${FILES} mídias`)).toBeVisible()
  const count = await report(page, 'Minhas Mídias', metrics)

  expect(chunksBefore(network, libraryPath)).toEqual([])
  expect(network.sent(libraryPath)).toBe(1)
  expect(count).toBeLessThan(MEDIA_FIBERS)
  await expectNoFormsAtFirstRow(page, 'Minhas Mídias')

  await page.getByRole('checkbox', { name: 'Selecionar todas as mídias' }).check()
  await expect(page.getByText(`${FILES} mídias selecionadas`)).toBeVisible()
})

test(`the ads center of ${ADS} advertisements and ${SCREENS} screens × 183 days asks for its data with the session check and draws light rows`, async ({ page, api, adminToken }) => {
  const { email, token, franchise } = await group(api, adminToken, 'anuncios')
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const content = await addMedia(api, token, franchise.slug, { name: 'Conteúdo', type: 'image', bytes: png(32, 18), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, franchise.slug, 'Com Vaga')
  await saveEntries(api, token, franchise.slug, schedule.id, [
    { id: content.id, displayTime: 5 },
    { id: 'vaga-1', isAd: true, adSlots: 1, adTime: 5 },
  ])
  const store = await createStore(api, token, franchise.slug, { name: 'Loja modelo' })
  const tv = await createDisplay(api, token, franchise.slug, store.slug, { name: 'TV modelo' })
  await api.post(`/display/${franchise.slug}/${store.slug}/${tv.id}`, { scheduleId: schedule.id }, token)
  await api.post(
    `/advertise/${franchise.slug}`,
    {
      name: 'Anúncio modelo',
      displayTime: 5,
      startAt: Date.now() + 20 * 86_400_000,
      endsAt: Date.now() + 22 * 86_400_000,
      displays: [{ displayId: tv.id, slotId: 'vaga-1', scheduleId: schedule.id, storeSlug: store.slug }],
    },
    token,
  )

  const listPath = `/api/advertise/${franchise.slug}`
  // On the context: the calendar opens in a tab of its own.
  await page.context().route(`**${listPath}`, async (route) => {
    const [model] = (await (await route.fetch()).json()).advertises as { id: string; name: string }[]
    const advertises = Array.from({ length: ADS }, (_, i) => ({ ...model, id: `${model.id}-${i}`, name: `Anúncio ${String(i + 1).padStart(3, '0')}` }))
    await route.fulfill({ json: { advertises } })
  })
  const mapPath = `/api/advertise/${franchise.slug}/map`
  await page.context().route(`**${mapPath}`, async (route) => {
    const map = (await (await route.fetch()).json()) as { data: { displayId: string; name: string; storeName: string }[] }
    const [model] = map.data
    const data = Array.from({ length: SCREENS }, (_, i) => ({ ...model, displayId: `${model.displayId}-${i}`, name: `TV ${(i % 5) + 1}`, storeName: `Loja ${String(Math.floor(i / 5) + 1).padStart(2, '0')}` }))
    await route.fulfill({ json: { ...map, data } })
  })

  await watchReact(page)
  await watchFirst(page, 'table a', 'Anúncio 001')
  let network = recordNetwork(page)
  await useSession(page, { token, franchise: franchise.slug })
  let metrics = await startMetrics(page, 'ads-list')
  await page.goto('/ads-center')
  await expect(page.getByRole('table', { name: 'Anúncios' }).getByRole('link', { name: 'Anúncio 001', exact: true })).toBeVisible({ timeout: 30_000 })
  let count = await report(page, 'Central de Anúncios', metrics)
  expect(chunksBefore(network, listPath)).toEqual([])
  expect(network.sent(listPath)).toBe(1)
  expect(count).toBeLessThan(ADS_FIBERS)
  await expectNoFormsAtFirstRow(page, 'Central de Anúncios')

  // The calendar, opened afresh in a new tab.
  const tab = await page.context().newPage()
  await watchReact(tab)
  await watchFirst(tab, '[role="rowheader"]')
  network = recordNetwork(tab)
  metrics = await startMetrics(tab, 'ads-calendar')
  await tab.goto('/ads-center/new?name=Promo&duration=5')
  const grid = tab.getByRole('grid', { name: 'Disponibilidade das telas por dia' })
  await expect(grid.getByRole('rowheader').first()).toBeVisible({ timeout: 30_000 })
  count = await report(tab, 'Novo Anúncio (calendar)', metrics)
  expect(chunksBefore(network, mapPath)).toEqual([])
  expect(network.sent(mapPath)).toBe(1)
  expect(count).toBeLessThan(CALENDAR_FIBERS)
  await expectNoFormsAtFirstRow(tab, 'the calendar')
  await expect(grid).toHaveAttribute('aria-rowcount', String(SCREENS + 1))

  // A period on the first screen, as before.
  const free = grid.getByRole('row').nth(1).locator('button:enabled')
  await free.nth(0).click()
  await free.nth(2).click()
  await expect(tab.getByLabel('Seleção')).toContainText('3 dias selecionados.')
})
