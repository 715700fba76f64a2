// What the browser benchmarks read of a screen opened in a fresh tab: when its
// first row enters the page and when the page is fully interactive, both read
// in the page itself (the test runner's own polling, 100 to 1,000 ms apart,
// would round the figures up by hundreds of ms).
import fs from 'node:fs'
import nodePath from 'node:path'
import type { Browser, Locator, Page } from '@playwright/test'
import { expect, useSession } from '../fixtures.ts'
import { printTraceSummary, TRACE_CATEGORIES } from './trace-summary.ts'

/**
 * VITRINE_BENCH_TRACE=<folder>: openAndTime records a Chromium trace of each
 * opening there and prints what the main thread did until the first row.
 */
const TRACE_DIR = process.env.VITRINE_BENCH_TRACE
const PROFILE_DIR = process.env.VITRINE_BENCH_PROFILE
/** VITRINE_BENCH_NEW_WINDOW=1: each fresh tab is a new window's first tab (newTab). */
export const NEW_WINDOW = !!process.env.VITRINE_BENCH_NEW_WINDOW
let traces = 0

/** The main thread free of long tasks for this long: the page is interactive. */
export const QUIET_MS = 1000

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** 'median 812 ms (runs: 790, 812, 900)'. */
export function figures(values: number[]) {
  return `median ${median(values)} ms (runs: ${values.join(', ')})`
}

/** A count as the performance table writes it: 1,000. */
export const count = (n: number) => n.toLocaleString('en-US')

/** 920 ms, or 1.26 s from a second on: the units of the performance table. */
export function duration(ms: number) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`
}

/** A row of the table "Current figures" in docs/performance.md: the measure in its words, the runs' median, the target. */
export type TableRow = { measure: string; runs: number[]; target?: string }

/**
 * The benchmark's last lines, one per row of the performance table it
 * measures: 'table: Programações (500 schedules): first row | 669 ms | < 1 s'.
 */
export function printTable(rows: TableRow[]) {
  console.log('')
  for (const row of rows) console.log(`table: ${row.measure} | ${duration(median(row.runs))} | ${row.target ?? '—'}`)
}

/** The first row: an element matching `selector` (whose text is `text`, when given). */
export type FirstRow = { selector: string; text?: string }

/**
 * Notes, in the page, when the first row enters it and when each long task
 * of the main thread ends. Call before the page's first navigation.
 */
export async function watchFirstRow(tab: Page, row: FirstRow) {
  await tab.addInitScript((row) => {
    const w = window as unknown as { __lastLongTaskEnd: number; __firstRow: Promise<number> }
    w.__lastLongTaskEnd = 0
    // Awaited in the page: the test runner's polling would round the figure up by hundreds
    // of ms, and each of its role queries reads the accessibility tree on the main thread
    // the page is loading on.
    w.__firstRow = new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('no first row within 120 s')), 120_000)
      new MutationObserver((_, observer) => {
        if (!Array.from(document.querySelectorAll(row.selector)).some((e) => row.text === undefined || e.textContent === row.text)) return
        performance.mark('first-row')
        resolve(performance.now())
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lastLongTaskEnd = Math.max(w.__lastLongTaskEnd, e.startTime + e.duration)
    }).observe({ type: 'longtask', buffered: true })
  }, row)
}

/**
 * Opens `path` in `tab` (already watched by watchFirstRow) and returns, in ms
 * from the start of the navigation, when the first row entered the page and
 * when the page became fully interactive: the end of the last long task, once
 * none has come for QUIET_MS (never before the first row). `firstRow` is
 * checked visible once the time is taken.
 */
export async function openAndTime(tab: Page, path: string, firstRow: Locator) {
  const browser = tab.context().browser()
  const traceFile = TRACE_DIR && browser && nodePath.join(TRACE_DIR, `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${++traces}.json`)
  if (traceFile) {
    fs.mkdirSync(TRACE_DIR!, { recursive: true })
    await browser!.startTracing(tab, { path: traceFile, categories: TRACE_CATEGORIES })
  }
  const cdp = PROFILE_DIR ? await tab.context().newCDPSession(tab) : null
  if (cdp) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  const t0 = Date.now()
  await tab.goto(path)
  const inPage = await tab.evaluate(async () => ({ at: await (window as unknown as { __firstRow: Promise<number> }).__firstRow, origin: performance.timeOrigin }))
  const first = Math.round(inPage.origin + inPage.at - t0)
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop')
    fs.mkdirSync(PROFILE_DIR!, { recursive: true })
    fs.writeFileSync(nodePath.join(PROFILE_DIR!, `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${++traces}.cpuprofile`), JSON.stringify(profile))
    await cdp.detach()
  }
  if (traceFile) {
    await browser!.stopTracing()
    printTraceSummary(`${path} (${first} ms)`, traceFile, 'first-row', new URL(path, tab.url()).href)
  }
  const quiet = await quietAt(tab, t0)
  await expect(firstRow).toBeVisible()
  return { first, interactive: Math.max(first, quiet) }
}

/**
 * Opens `path` in a new tab of the same signed-in browser as `tab`, which has
 * already shown it: what a user opening one more tab sees, the scripts from
 * the browser's cache (hashed names, 'immutable'). Returns when `row` entered
 * the page, in ms from the start of the navigation; the new tab is closed.
 */
export async function openWarmTab(tab: Page, path: string, row: FirstRow) {
  const warm = await tab.context().newPage()
  await watchFirstRow(warm, row)
  const t0 = Date.now()
  await warm.goto(path)
  const inPage = await warm.evaluate(async () => ({ at: await (window as unknown as { __firstRow: Promise<number> }).__firstRow, origin: performance.timeOrigin }))
  await warm.close()
  return Math.round(inPage.origin + inPage.at - t0)
}

/**
 * When the tab's main thread went quiet, in ms after t0 (epoch ms): the end
 * of its last long task, once none has come for QUIET_MS.
 */
export async function quietAt(tab: Page, t0: number) {
  const lastLongTask = () =>
    tab.evaluate(() => ({ end: (window as unknown as { __lastLongTaskEnd: number }).__lastLongTaskEnd, origin: performance.timeOrigin, now: performance.now() }))
  await expect.poll(async () => {
    const { end, now } = await lastLongTask()
    return now - end >= QUIET_MS
  }, { timeout: 60_000, intervals: [100] }).toBe(true)
  const { end, origin } = await lastLongTask()
  return Math.round(origin + end - t0)
}

/**
 * A new tab of 1366×900 in a browser context of its own (nothing cached), as a
 * user opens one: in a window already open. The desktop Chromium makes a
 * window for each context's first tab, and the window's own interface (its
 * address bar's pages, its first frames drawn without a GPU) kept the two
 * cores busy for some 1.4 s here, adding about 300 ms to the page's first row
 * (docs/performance.md, "A big franchise's lists in the browser", 2026-12-06,
 * eighth). So the window comes first, with a blank tab, and the measured tab
 * opens once the machine is quiet again. VITRINE_BENCH_NEW_WINDOW=1 opens it
 * as the window's first tab instead, as the figures before that entry were.
 */
export async function newTab(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  if (NEW_WINDOW) return context.newPage()
  await context.newPage()
  await quietMachine()
  return context.newPage()
}

/** A fresh tab (newTab) signed in to the group. */
export async function freshTab(browser: Browser, session: { token: string; franchise: string }) {
  const tab = await newTab(browser)
  await useSession(tab, session)
  return tab
}

/** The two cores' busy and total time so far, in clock ticks (Linux's /proc/stat). */
function cpuTicks() {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number)
  const total = fields.reduce((sum, n) => sum + n, 0)
  return { busy: total - fields[3] - fields[4], total }
}

/** How long the machine must stay under QUIET_LOAD before an opening, and the longest it is waited for. */
const QUIET_SPAN_MS = 300
const QUIET_LOAD = 0.15
const QUIET_WAIT_MS = 5000

/**
 * Waits until the machine's processors have been at most 15 % busy for
 * 300 ms (at most 5 s): what the browser, the server or the test runner was
 * still doing does not land in the next opening's figure.
 */
export async function quietMachine() {
  if (!fs.existsSync('/proc/stat')) return new Promise((resolve) => setTimeout(resolve, 1500))
  const until = Date.now() + QUIET_WAIT_MS
  let quietSince = Date.now()
  while (Date.now() < until) {
    const before = cpuTicks()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const after = cpuTicks()
    if ((after.busy - before.busy) / Math.max(1, after.total - before.total) > QUIET_LOAD) quietSince = Date.now()
    else if (Date.now() - quietSince >= QUIET_SPAN_MS) return
  }
}

/** Elements in the page. */
export function domNodes(tab: Page) {
  return tab.evaluate(() => document.getElementsByTagName('*').length)
}

/** Runs `work` over `items` with `workers` at a time (seeding through the API). */
export async function inParallel<T>(items: T[], workers: number, work: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item)
    }),
  )
}
