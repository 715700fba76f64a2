// The ads center of a franchise of 200 TVs with ad slots, in Chromium: the
// list of 100 advertisements (/ads-center) and the booking calendar of 200
// screens × 183 days (/ads-center/new). For each, how long from opening the
// address until the first row enters the page and until the page is fully
// interactive (the end of the last long task of the main thread, once it has
// been free of them for a second), and how many DOM nodes it holds; on the
// calendar, how long picking a period and scrolling to its far corner take.
// Figures go to docs/performance.md.
import { test, expect, shot, strongPassword, uniqueEmail } from './fixtures.ts'
import { count, figures, domNodes, freshTab, inParallel, openAndTime, openWarmTab, printTable, watchFirstRow } from './harness/bench.ts'
import { closeUndriven, openUndriven } from './harness/undriven.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createDisplay, createSchedule, createStore, operatorWithGroup } from './harness/overview-api.ts'
import { saveEntries } from './harness/schedule-api.ts'

const STORES = 40
const TVS_PER_STORE = 5
const SCREENS = STORES * TVS_PER_STORE
const ADS = 100
const SCREENS_PER_AD = 4
const RUNS = 5

/** yyyyMMdd of the day `ahead` days from today in São Paulo (the franchise's zone). */
function dayKey(ahead: number) {
  const d = new Date(Date.now() + ahead * 86_400_000)
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d).replaceAll('-', '')
}
const noon = (ahead: number) => {
  const key = dayKey(ahead)
  return Date.parse(`${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}T12:00:00-03:00`)
}
const adName = (i: number) => `Anúncio ${String(i).padStart(3, '0')}`

test(`ads center of ${SCREENS} screens × 183 days and ${ADS} advertisements`, async ({ api, adminToken, browser, baseURL }) => {
  const email = uniqueEmail('anuncios-escala')
  const { token, franchise } = await operatorWithGroup(api, adminToken, { email, password: strongPassword(), group: `Rede Anúncios ${Date.now().toString(36)}` })
  await api.post('/user/detail/adm', { email, viewAdsCenter: 1 }, adminToken)
  const started = Date.now()
  const content = await addMedia(api, token, franchise.slug, { name: 'Conteúdo', type: 'image', bytes: png(32, 18), contentType: 'image/png' })
  const schedule = await createSchedule(api, token, franchise.slug, 'Programação com Vagas')
  // Two positions of 5 s after the store's content: two advertisements on the same day fill it.
  await saveEntries(api, token, franchise.slug, schedule.id, [
    { id: content.id, displayTime: 5 },
    { id: 'vaga-1', isAd: true, adSlots: 2, adTime: 5 },
  ])
  const screens: { id: string; store: string }[] = []
  await inParallel(
    Array.from({ length: STORES }, (_, i) => i + 1),
    6,
    async (i) => {
      const store = await createStore(api, token, franchise.slug, { name: `Loja ${String(i).padStart(2, '0')}` })
      for (let j = 1; j <= TVS_PER_STORE; j++) {
        const tv = await createDisplay(api, token, franchise.slug, store.slug, { name: `TV ${j}` })
        await api.post(`/display/${franchise.slug}/${store.slug}/${tv.id}`, { scheduleId: schedule.id }, token)
        screens.push({ id: tv.id, store: store.slug })
      }
    },
  )
  // Each advertisement books 4 screens for 30 days somewhere in the 6 months; each screen
  // gets two, so the days they overlap are full.
  await inParallel(
    Array.from({ length: ADS }, (_, i) => i),
    6,
    async (k) => {
      const from = (k * 37) % 150
      await api.post(
        `/advertise/${franchise.slug}`,
        {
          name: adName(k + 1),
          displayTime: 5,
          startAt: noon(from),
          endsAt: noon(from + 29) + 3_600_000,
          displays: Array.from({ length: SCREENS_PER_AD }, (_, s) => screens[(k * SCREENS_PER_AD + s) % SCREENS]).map((screen) => ({
            displayId: screen.id,
            slotId: 'vaga-1',
            scheduleId: schedule.id,
            storeSlug: screen.store,
          })),
        },
        token,
      )
    },
  )
  console.log(`seeded ${SCREENS} screens and ${ADS} advertisements in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const list = { first: [] as number[], warm: [] as number[], undriven: [] as number[], interactive: [] as number[], nodes: 0 }
  const calendar = { first: [] as number[], warm: [] as number[], undriven: [] as number[], interactive: [] as number[], nodes: 0 }
  const pick: number[] = []
  const corner: number[] = []
  for (let run = 0; run < RUNS; run++) {
    let tab = await freshTab(browser, { token, franchise: franchise.slug })
    const listRow = { selector: 'table[aria-label="Anúncios"] tbody tr td:first-child a', text: adName(1) }
    await watchFirstRow(tab, listRow)
    const table = tab.getByRole('table', { name: 'Anúncios' })
    let times = await openAndTime(tab, '/ads-center', table.getByRole('link', { name: adName(1), exact: true }))
    list.first.push(times.first)
    list.interactive.push(times.interactive)
    list.nodes = await domNodes(tab)
    list.warm.push(await openWarmTab(tab, '/ads-center', listRow))
    await tab.context().close()

    tab = await freshTab(browser, { token, franchise: franchise.slug })
    await watchFirstRow(tab, { selector: '[role="grid"] [role="rowheader"]' })
    const grid = tab.getByRole('grid', { name: 'Disponibilidade das telas por dia' })
    times = await openAndTime(tab, '/ads-center/new?name=Promo&duration=5', grid.getByRole('rowheader').first())
    calendar.first.push(times.first)
    calendar.interactive.push(times.interactive)
    calendar.nodes = await domNodes(tab)

    // A period on the first screen: its first free day, then the free day four columns on.
    const free = grid.getByRole('row').nth(1).locator('button:enabled')
    const t1 = Date.now()
    await free.nth(0).click()
    await free.nth(4).click()
    await expect(grid.locator('button[data-part="end"]')).toHaveCount(1, { timeout: 60_000 })
    pick.push(Date.now() - t1)

    // To the last day of the last screen.
    const t2 = Date.now()
    await grid.evaluate((box) => box.scrollTo({ top: box.scrollHeight, left: box.scrollWidth }))
    await expect(grid.locator(`button[data-day="${dayKey(182)}"]`).last()).toBeVisible({ timeout: 60_000 })
    await expect(grid.locator(`[role="row"][aria-rowindex="${SCREENS + 1}"]`)).toBeVisible()
    corner.push(Date.now() - t2)
    if (run === 0) await shot(tab, 'bench-ads-center-200-screens')
    calendar.warm.push(await openWarmTab(tab, '/ads-center/new?name=Promo&duration=5', { selector: '[role="grid"] [role="rowheader"]' }))
    await tab.context().close()
    const session = { token, franchise: franchise.slug }
    list.undriven.push(await openUndriven(new URL('/ads-center', baseURL).href, session, listRow))
    calendar.undriven.push(await openUndriven(new URL('/ads-center/new?name=Promo&duration=5', baseURL).href, session, { selector: '[role="grid"] [role="rowheader"]' }))
  }
  await closeUndriven()
  console.log(`ads list, first row after opening /ads-center: ${figures(list.first)}`)
  console.log(`ads list, first row in one more tab of the same browser: ${figures(list.warm)}`)
  console.log(`calendar, first screen row in one more tab of the same browser: ${figures(calendar.warm)}`)
  console.log(`ads list, first row in a browser the test driver does not instrument: ${figures(list.undriven)}`)
  console.log(`calendar, first screen row in a browser the test driver does not instrument: ${figures(calendar.undriven)}`)
  console.log(`ads list, fully interactive: ${figures(list.interactive)}`)
  console.log(`ads list, DOM nodes: ${list.nodes}`)
  console.log(`calendar, first screen row after opening /ads-center/new: ${figures(calendar.first)}`)
  console.log(`calendar, fully interactive: ${figures(calendar.interactive)}`)
  console.log(`calendar, DOM nodes: ${calendar.nodes}`)
  console.log(`calendar, two clicks to a period drawn: ${figures(pick)}`)
  console.log(`calendar, scroll to the last day of the last screen to drawn: ${figures(corner)}`)
  const ads = `Central de Anúncios (${count(ADS)} ads)`
  const cal = `Ads calendar (${count(SCREENS)} screens × 183 days)`
  printTable([
    { measure: `${ads}: first row`, runs: list.first, target: '< 1 s' },
    { measure: `${ads}: first row, one more tab of the same browser`, runs: list.warm, target: '< 1 s' },
    { measure: `${ads}: first row, in a browser the test driver does not instrument`, runs: list.undriven, target: '< 1 s' },
    { measure: `${ads}: fully interactive`, runs: list.interactive, target: '< 2 s' },
    { measure: `${cal}: first row`, runs: calendar.first, target: '< 1 s' },
    { measure: `${cal}: first row, one more tab of the same browser`, runs: calendar.warm, target: '< 1 s' },
    { measure: `${cal}: first row, in a browser the test driver does not instrument`, runs: calendar.undriven, target: '< 1 s' },
    { measure: `${cal}: fully interactive`, runs: calendar.interactive, target: '< 2 s' },
    { measure: `${cal}: two clicks to a period drawn`, runs: pick },
    { measure: `${cal}: scroll to the last day of the last screen`, runs: corner },
  ])
})
