// Visão Geral of a franchise of 1,000 stores and 5,000 TVs, in Chromium: how
// long from opening /dashboard until the first store card enters the page, until the page is fully interactive
// (the end of the last long task of the main thread, once it has been free of
// them for a second), how many DOM nodes the page holds, and how long a name
// filter takes to redraw. Figures go to docs/performance.md.
//
// VITRINE_BENCH_TRACE=<folder> also records a Chromium trace of each run there
// and prints what the page's main thread did until the first card (script,
// style, layout, garbage collection, idle) and when each request left and
// arrived: tracing slows the page, so the times of such a run are not the
// figures to report.
import fs from 'node:fs'
import path from 'node:path'
import { test, expect, shot, strongPassword, uniqueEmail, useSession } from './fixtures.ts'
import { count, newTab, openWarmTab, printTable, QUIET_MS, quietAt } from './harness/bench.ts'
import { operatorWithGroup, uniqueDevice } from './harness/overview-api.ts'
import { printTraceSummary, TRACE_CATEGORIES } from './harness/trace-summary.ts'
import { closeUndriven, openUndriven } from './harness/undriven.ts'

// VITRINE_BENCH_STORES=10000 for the 10,000-store group (50,000 TVs).
const STORES = Number(process.env.VITRINE_BENCH_STORES ?? 1000)
const TVS_PER_STORE = 5
const RUNS = 5
/** The main thread free of long tasks for this long: the page is interactive. */
const TRACE_DIR = process.env.VITRINE_BENCH_TRACE

/** The longest task (ms) the page's main thread ran since `from` (its performance.now()). */
async function longestSince(tab: import('@playwright/test').Page, from: number): Promise<number> {
  return tab.evaluate(
    (since) =>
      Math.round(
        Math.max(0, ...(window as unknown as { __longTasks: number[][] }).__longTasks.filter(([start]) => start >= since).map(([, d]) => d)),
      ),
    from,
  )
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

test(`overview of ${STORES} stores and ${STORES * TVS_PER_STORE} TVs`, async ({ api, adminToken, browser, baseURL }) => {
  // Seeding 10,000 stores through the API takes minutes (11 to 14 on a 2-core machine when each
  // TV's creation still recounted the group): the time-out grows with the stores.
  test.setTimeout(Math.max(10, STORES / 400) * 60_000)
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
  const undriven: number[] = []
  const warm: number[] = []
  const interactive: number[] = []
  const filter: number[] = []
  const scrollTask: number[] = []
  const filterTask: number[] = []
  let nodes = 0
  for (let run = 0; run < RUNS; run++) {
    const tab = await newTab(browser)
    const context = tab.context()
    await useSession(tab, { token, franchise: franchise.slug })
    await tab.addInitScript(() => {
      const w = window as unknown as { __lastLongTaskEnd: number; __firstCard: Promise<number>; __longTasks: number[][] }
      w.__lastLongTaskEnd = 0
      w.__longTasks = []
      // When the first store card enters the page, read in the page and awaited there: the
      // test runner's polling would round the figure up by hundreds of ms, and each of its
      // role queries reads the page's accessibility tree on the main thread the page is
      // loading on (100-200 ms of a loading tab's main thread in a profile).
      w.__firstCard = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('no store card within 120 s')), 120_000)
        new MutationObserver((_, observer) => {
          const card = Array.from(document.querySelectorAll('[role="region"] h2')).find((h) => h.textContent === 'Loja 1')
          if (!card) return
          performance.mark('first-card')
          resolve(performance.now())
          observer.disconnect()
        }).observe(document, { childList: true, subtree: true })
      })
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          w.__lastLongTaskEnd = Math.max(w.__lastLongTaskEnd, e.startTime + e.duration)
          w.__longTasks.push([e.startTime, e.duration])
        }
      }).observe({ type: 'longtask', buffered: true })
    })
    const traceFile = TRACE_DIR && path.join(TRACE_DIR, `overview-${run + 1}.json`)
    if (traceFile) {
      fs.mkdirSync(TRACE_DIR!, { recursive: true })
      await browser.startTracing(tab, { path: traceFile, categories: TRACE_CATEGORIES })
    }
    const t0 = Date.now()
    await tab.goto('/dashboard')
    const inPage = await tab.evaluate(async () => ({
      at: await (window as unknown as { __firstCard: Promise<number> }).__firstCard,
      origin: performance.timeOrigin,
    }))
    firstCard.push(Math.round(inPage.origin + inPage.at - t0))
    await expect(tab.getByRole('region', { name: 'Loja 1', exact: true })).toBeVisible()
    if (traceFile) {
      await browser.stopTracing()
      printTraceSummary(`run ${run + 1}`, traceFile, 'first-card', new URL('/dashboard', baseURL).href)
    }
    // Interactive: the end of the last long task, once none has come for QUIET_MS.
    interactive.push(Math.max(firstCard.at(-1)!, await quietAt(tab, t0)))
    await expect(tab.getByRole('group', { name: `Televisores: ${STORES * TVS_PER_STORE}` })).toBeVisible()
    nodes = await tab.evaluate(() => document.getElementsByTagName('*').length)

    // Scrolling through the cards: the longest task of the page's main thread meanwhile.
    const scrollFrom = await tab.evaluate(() => performance.now())
    for (let i = 0; i < 20; i++) {
      await tab.mouse.wheel(0, 900)
      await tab.waitForTimeout(50)
    }
    await tab.waitForTimeout(300)
    scrollTask.push(await longestSince(tab, scrollFrom))
    await tab.evaluate(() => window.scrollTo(0, 0))

    // The filter waits 500 ms for the typing to stop (spec 1 section 9); that wait is counted.
    const filterFrom = await tab.evaluate(() => performance.now())
    const t1 = Date.now()
    await tab.getByRole('textbox', { name: 'Filtrar loja pelo nome' }).fill('Loja 999')
    await expect(tab.getByRole('region', { name: 'Loja 1', exact: true })).toHaveCount(0, { timeout: 60_000 })
    await expect(tab.getByRole('region', { name: 'Loja 999', exact: true })).toBeVisible()
    filter.push(Date.now() - t1)
    filterTask.push(await longestSince(tab, filterFrom))
    if (run === 0) await shot(tab, 'bench-overview-1000-stores')
    warm.push(await openWarmTab(tab, '/dashboard', { selector: '[role="region"] h2', text: 'Loja 1' }))
    await context.close()
    undriven.push(await openUndriven(new URL('/dashboard', baseURL).href, { token, franchise: franchise.slug }, { selector: '[role="region"] h2', text: 'Loja 1' }))
  }
  await closeUndriven()

  // A franchisee of 10 of the group's stores: Visão Geral holds their 10 cards and 50 TVs.
  const franchisee = { email: uniqueEmail('franqueada'), password: strongPassword() }
  const member = await api.createUser(adminToken, { name: 'Franqueada Escala', ...franchisee })
  await api.post('/user/franchise', { action: 'ADD', email: franchisee.email, franchiseSlug: franchise.slug }, adminToken)
  const theirs = Array.from({ length: 10 }, (_, i) => `loja-${i * 100 + 1}`)
  await api.post(`/team/${franchise.slug}/${member.id}`, { role: 'franchisee', stores: theirs, manageTeam: false }, token)
  const franchiseeToken = await api.login(franchisee.email, franchisee.password)
  const franchiseeCard: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const tab = await newTab(browser)
    const context = tab.context()
    await useSession(tab, { token: franchiseeToken, franchise: franchise.slug })
    await tab.addInitScript(() => {
      const w = window as unknown as { __firstCard: Promise<number> }
      w.__firstCard = new Promise((resolve) => {
        new MutationObserver((_, observer) => {
          if (!Array.from(document.querySelectorAll('[role="region"] h2')).some((h) => h.textContent === 'Loja 1')) return
          resolve(performance.now())
          observer.disconnect()
        }).observe(document, { childList: true, subtree: true })
      })
    })
    const t0 = Date.now()
    await tab.goto('/dashboard')
    const inPage = await tab.evaluate(async () => ({
      at: await (window as unknown as { __firstCard: Promise<number> }).__firstCard,
      origin: performance.timeOrigin,
    }))
    franchiseeCard.push(Math.round(inPage.origin + inPage.at - t0))
    await expect(tab.getByRole('group', { name: 'Televisores: 50' })).toBeVisible()
    await expect(tab.getByRole('region', { name: 'Loja 2', exact: true })).toHaveCount(0)
    await context.close()
  }
  console.log(`a franchisee of 10 stores, first store card: median ${median(franchiseeCard)} ms (runs: ${franchiseeCard.join(', ')})`)
  console.log(`first store card after opening /dashboard: median ${median(firstCard)} ms (runs: ${firstCard.join(', ')})`)
  console.log(`first store card in one more tab of the same browser: median ${median(warm)} ms (runs: ${warm.join(', ')})`)
  console.log(`first store card in a browser the test driver does not instrument: median ${median(undriven)} ms (runs: ${undriven.join(', ')})`)
  console.log(`fully interactive (last long task, then ${QUIET_MS} ms without one): median ${median(interactive)} ms (runs: ${interactive.join(', ')})`)
  console.log(`DOM nodes with the overview drawn: ${nodes}`)
  console.log(`longest task while scrolling: median ${median(scrollTask)} ms (runs: ${scrollTask.join(', ')})`)
  console.log(`longest task while filtering: median ${median(filterTask)} ms (runs: ${filterTask.join(', ')})`)
  console.log(`name filter to redrawn cards, 500 ms debounce included: median ${median(filter)} ms (runs: ${filter.join(', ')})`)
  const screen = `Visão Geral (${count(STORES)} stores, ${count(STORES * TVS_PER_STORE)} TVs)`
  printTable([
    // The 10,000-store group's target is usable, not as fast (docs/performance.md).
    { measure: `${screen}: first store card`, runs: firstCard, target: STORES > 1000 ? '< 1.5 s' : '< 1 s' },
    { measure: `${screen}: first store card, one more tab of the same browser`, runs: warm, target: '< 1 s' },
    { measure: `${screen}: first store card, in a browser the test driver does not instrument`, runs: undriven, target: STORES > 1000 ? '< 1.5 s' : '< 1 s' },
    { measure: `${screen}: fully interactive`, runs: interactive, target: '< 2 s' },
    { measure: `${screen}: name filter to redrawn cards, the 500 ms debounce included`, runs: filter },
    { measure: `${screen}: the longest task while scrolling the cards`, runs: scrollTask, target: '< 200 ms' },
    { measure: `${screen}: the longest task while the name filter redraws`, runs: filterTask, target: '< 200 ms' },
    { measure: `${screen}: a franchisee of 10 of its stores, first store card`, runs: franchiseeCard, target: '< 1 s' },
  ])
})
