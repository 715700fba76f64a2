// What the first-data guards read of a screen's load, without a clock: which
// scripts had arrived when the screen's calls left, how often each was sent,
// and how many React components (fibers) the page holds once its first rows
// show. See first-data.spec.ts and first-data-lists.spec.ts.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expect } from '../fixtures.ts'

const dist = process.env.VITRINE_E2E_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist')

/** The scripts of the first load: the entry and its modulepreloads, as index.html names them. */
export function firstLoadScripts() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  return new Set([...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]))
}

/**
 * Counts React's fibers through the hook React DevTools uses (production
 * builds call it too), and notes the long tasks of the main thread for the log.
 */
export async function watchReact(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown; __vitrineRoots: Set<unknown>; __vitrineLongTasks: number[] }
    w.__vitrineRoots = new Set()
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberRoot: (_id: number, root: unknown) => w.__vitrineRoots.add(root),
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
    }
    w.__vitrineLongTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__vitrineLongTasks.push(entry.duration)
    }).observe({ type: 'longtask', buffered: true })
  })
}

/** The fibers of every React root of the page. */
export async function fibers(page: Page) {
  return page.evaluate(() => {
    type Fiber = { child: Fiber | null; sibling: Fiber | null }
    let count = 0
    for (const root of (window as unknown as { __vitrineRoots: Set<{ current: Fiber }> }).__vitrineRoots) {
      const stack: Fiber[] = [root.current]
      while (stack.length) {
        const fiber = stack.pop()!
        count++
        if (fiber.sibling) stack.push(fiber.sibling)
        if (fiber.child) stack.push(fiber.child)
      }
    }
    return count
  })
}

/** '3 long tasks, 420 ms': the main thread's long tasks so far, for the log. */
export async function longTasks(page: Page) {
  const tasks = await page.evaluate(() => (window as unknown as { __vitrineLongTasks: number[] }).__vitrineLongTasks)
  return `${tasks.length} long tasks, ${Math.round(tasks.reduce((a, b) => a + b, 0))} ms`
}

/** Every request and finished request of the page, in order. */
export function recordNetwork(page: Page) {
  const events: { kind: 'sent' | 'done'; path: string }[] = []
  page.on('request', (request) => events.push({ kind: 'sent', path: new URL(request.url()).pathname }))
  page.on('requestfinished', (request) => events.push({ kind: 'done', path: new URL(request.url()).pathname }))
  return {
    /** How often `path` was requested. */
    sent: (path: string) => events.filter((e) => e.kind === 'sent' && e.path === path).length,
    /** The scripts that had arrived when `path` was first requested. */
    scriptsBefore(path: string) {
      const at = events.findIndex((e) => e.kind === 'sent' && e.path === path)
      expect(at, `${path} was requested`).toBeGreaterThanOrEqual(0)
      return events.slice(0, at).filter((e) => e.kind === 'done' && e.path.endsWith('.js')).map((e) => e.path)
    },
  }
}

/** The scripts other than the first load's own that had arrived when `path` was first requested. */
export function chunksBefore(network: ReturnType<typeof recordNetwork>, path: string) {
  const allowed = firstLoadScripts()
  return network.scriptsBefore(path).filter((script) => !allowed.has(script))
}

/**
 * Main-thread time of the page so far, from Chromium's own counters (CDP
 * Performance.getMetrics): every task, and the part running script. Call
 * startMetrics before the navigation. With VITRINE_CPU_PROFILE=<folder> it
 * also records a CPU profile (CDP Profiler) until the reading, saved there as
 * `<name>.cpuprofile` (Chromium DevTools opens it).
 */
export async function startMetrics(page: Page, name = 'page') {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const profiles = process.env.VITRINE_CPU_PROFILE
  if (profiles) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
    await cdp.send('Profiler.start')
  }
  return async () => {
    if (profiles) {
      const { profile } = await cdp.send('Profiler.stop')
      fs.mkdirSync(profiles, { recursive: true })
      fs.writeFileSync(path.join(profiles, `${name}.cpuprofile`), JSON.stringify(profile))
    }
    const { metrics } = await cdp.send('Performance.getMetrics')
    const get = (name: string) => Math.round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000)
    return { task: get('TaskDuration'), script: get('ScriptDuration'), layout: get('LayoutDuration'), style: get('RecalcStyleDuration') }
  }
}

/**
 * Records, in the page, the scripts the tab had fetched when the first element
 * matching `selector` whose text is `text` entered the page (a
 * MutationObserver: no clock, no polling); any text when `text` is not given. Call before the navigation; read
 * with scriptsAtFirst.
 */
export async function watchFirst(page: Page, selector: string, text?: string) {
  await page.addInitScript(
    ({ selector, text }) => {
      new MutationObserver((_, observer) => {
        if (!Array.from(document.querySelectorAll(selector)).some((element) => text === undefined || element.textContent?.trim() === text)) return
        observer.disconnect()
        ;(window as unknown as { __scriptsAtFirst: string[] }).__scriptsAtFirst = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.endsWith('.js'))
      }).observe(document, { childList: true, subtree: true })
    },
    { selector, text },
  )
}

/** The scripts watchFirst recorded. */
export async function scriptsAtFirst(page: Page) {
  const scripts = await page.evaluate(() => (window as unknown as { __scriptsAtFirst?: string[] }).__scriptsAtFirst)
  expect(scripts, 'the first row was seen by the page').toBeDefined()
  return scripts!
}

/** The scripts of `scripts` whose code holds one of the parts `parts` names. */
export async function scriptsWith(page: Page, scripts: string[], parts: RegExp) {
  const found: string[] = []
  for (const script of scripts) {
    const match = parts.exec(await (await page.request.get(script)).text())
    if (match) found.push(`${script} (${match[1]})`)
  }
  return found
}
