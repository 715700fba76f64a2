// Visão Geral of a franchise of 1,000 stores and 5,000 TVs, in Chromium: how
// long until the first store card shows, how many DOM nodes the page holds, and
// how long a name filter takes to redraw. Figures go to docs/performance.md.
import { test, expect, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { operatorWithGroup, uniqueDevice } from './harness/overview-api.ts'

const STORES = 1000
const TVS_PER_STORE = 5
const RUNS = 5

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

test(`overview of ${STORES} stores and ${STORES * TVS_PER_STORE} TVs`, async ({ api, adminToken, browser }) => {
  const { token, franchise } = await operatorWithGroup(api, adminToken, {
    email: uniqueEmail('escala'),
    password: strongPassword(),
    group: `Rede Escala ${Date.now().toString(36)}`,
  })
  const started = Date.now()
  const queue = Array.from({ length: STORES }, (_, i) => i + 1)
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const { store } = await api.post<{ store: { slug: string } }>(
          `/store/${franchise.slug}`,
          { name: `Loja ${i}`, region: 'Sudeste', state: 'SP', city: 'São Paulo', contacts: [] },
          token,
        )
        for (let j = 1; j <= TVS_PER_STORE; j++) {
          await api.post(`/display/${franchise.slug}/${store.slug}`, { name: `TV ${j}`, device: await uniqueDevice(api), contentOrientation: 0 }, token)
        }
      }
    }),
  )
  console.log(`seeded ${STORES} stores and ${STORES * TVS_PER_STORE} TVs in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const firstCard: number[] = []
  const filter: number[] = []
  let nodes = 0
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const tab = await context.newPage()
    await useSession(tab, { token, franchise: franchise.slug })
    const t0 = Date.now()
    await tab.goto('/dashboard')
    await expect(tab.getByRole('region', { name: 'Loja 1', exact: true })).toBeVisible({ timeout: 120_000 })
    firstCard.push(Date.now() - t0)
    await expect(tab.getByRole('group', { name: `Televisores: ${STORES * TVS_PER_STORE}` })).toBeVisible()
    nodes = await tab.evaluate(() => document.getElementsByTagName('*').length)

    // The filter waits 500 ms for the typing to stop (spec 1 section 9); that wait is counted.
    const t1 = Date.now()
    await tab.getByRole('textbox', { name: 'Filtrar loja pelo nome' }).fill('Loja 999')
    await expect(tab.getByRole('region', { name: 'Loja 1', exact: true })).toHaveCount(0, { timeout: 60_000 })
    await expect(tab.getByRole('region', { name: 'Loja 999', exact: true })).toBeVisible()
    filter.push(Date.now() - t1)
    if (run === 0) await shot(tab, 'bench-overview-1000-stores')
    await context.close()
  }
  console.log(`first store card after opening /dashboard: median ${median(firstCard)} ms (runs: ${firstCard.join(', ')})`)
  console.log(`DOM nodes with the overview drawn: ${nodes}`)
  console.log(`name filter to redrawn cards, 500 ms debounce included: median ${median(filter)} ms (runs: ${filter.join(', ')})`)
})
