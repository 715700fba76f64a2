// Programações of a franchise of 500 schedules, in Chromium: how long from
// opening /schedule until the first row enters the page and until the page is
// fully interactive (the end of the last long task of the main thread, once it
// has been free of them for a second), how many DOM nodes the page holds, and
// how long the name filter takes to redraw. Figures go to docs/performance.md.
import { test, expect, shot, strongPassword, uniqueEmail } from './fixtures.ts'
import { count, figures, domNodes, freshTab, inParallel, openAndTime, openWarmTab, printTable, watchFirstRow } from './harness/bench.ts'
import { closeUndriven, openUndriven } from './harness/undriven.ts'
import { addMedia, png } from './harness/media-api.ts'
import { createSchedule, operatorWithGroup } from './harness/overview-api.ts'
import { saveEntries } from './harness/schedule-api.ts'

const SCHEDULES = 500
const ENTRIES = 10
const RUNS = 5

const name = (i: number) => `Programação ${String(i).padStart(3, '0')}`

test(`${SCHEDULES} schedules`, async ({ api, adminToken, browser, baseURL }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('programacoes'),
    password: strongPassword(),
    group: `Rede Programações ${Date.now().toString(36)}`,
  })
  const started = Date.now()
  const images = await Promise.all(
    [1, 2, 3].map((i) => addMedia(api, token, franchise.slug, { name: `Imagem ${i}`, type: 'image', bytes: png(32, 18, { seed: i }), contentType: 'image/png' })),
  )
  await inParallel(
    Array.from({ length: SCHEDULES }, (_, i) => i + 1),
    6,
    async (i) => {
      const schedule = await createSchedule(api, token, franchise.slug, name(i))
      await saveEntries(api, token, franchise.slug, schedule.id, Array.from({ length: ENTRIES }, (_, j) => ({ id: images[j % images.length].id, displayTime: 5 })))
    },
  )
  console.log(`seeded ${SCHEDULES} schedules of ${ENTRIES} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const first: number[] = []
  const undriven: number[] = []
  const warm: number[] = []
  const interactive: number[] = []
  const filter: number[] = []
  let nodes = 0
  for (let run = 0; run < RUNS; run++) {
    const tab = await freshTab(browser, { token, franchise: franchise.slug })
    const row = { selector: 'table[aria-label="Programações"] tbody tr td:first-child a', text: name(1) }
    await watchFirstRow(tab, row)
    const table = tab.getByRole('table', { name: 'Programações' })
    const times = await openAndTime(tab, '/schedule', table.getByRole('link', { name: name(1), exact: true }))
    first.push(times.first)
    interactive.push(times.interactive)
    nodes = await domNodes(tab)

    const t1 = Date.now()
    await tab.getByRole('textbox', { name: 'Filtrar programações...' }).fill(name(499))
    await expect(table.getByRole('link', { name: name(1), exact: true })).toHaveCount(0, { timeout: 60_000 })
    await expect(table.getByRole('link', { name: name(499), exact: true })).toBeVisible()
    filter.push(Date.now() - t1)
    if (run === 0) await shot(tab, 'bench-schedules-500')
    warm.push(await openWarmTab(tab, '/schedule', row))
    await tab.context().close()
    undriven.push(await openUndriven(new URL('/schedule', baseURL).href, { token, franchise: franchise.slug }, row))
  }
  await closeUndriven()
  console.log(`first schedule row after opening /schedule: ${figures(first)}`)
  console.log(`first schedule row in one more tab of the same browser: ${figures(warm)}`)
  console.log(`first schedule row in a browser the test driver does not instrument: ${figures(undriven)}`)
  console.log(`fully interactive (last long task, then a second without one): ${figures(interactive)}`)
  console.log(`DOM nodes with the list drawn: ${nodes}`)
  console.log(`name filter to the redrawn list: ${figures(filter)}`)
  const screen = `Programações (${count(SCHEDULES)} schedules)`
  printTable([
    { measure: `${screen}: first row`, runs: first, target: '< 1 s' },
    { measure: `${screen}: first row, one more tab of the same browser`, runs: warm, target: '< 1 s' },
    { measure: `${screen}: first row, in a browser the test driver does not instrument`, runs: undriven, target: '< 1 s' },
    { measure: `${screen}: fully interactive`, runs: interactive, target: '< 2 s' },
    { measure: `${screen}: name filter to the redrawn list`, runs: filter },
  ])
})
