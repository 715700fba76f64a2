// Moving between the console's screens inside the loaded app.
import { expect, type Page } from '@playwright/test'

const LEFT = 'data-e2e-left'

/**
 * Opens `path` in the console already loaded in `page` the way its router
 * follows the browser's back and forward buttons (the History API, then a
 * popstate event): the screen mounts as after a link, without the document
 * loaded and the whole app parsed and started again, which costs Chromium about
 * half a second of CPU per screen. For flows that check what a screen shows,
 * not how it is reached; the first screen of a page is opened with page.goto.
 *
 * Returns once the screen that was open has left the page (the router may keep
 * it up while the new one's code loads); the caller then waits for what the new
 * one shows, as after page.goto. `path` must draw another page than the open one:
 * the same page with other parameters may keep its elements (use page.goto).
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate(
    ([path, left]) => {
      const main = document.querySelector('main')
      if (!main) throw new Error(`openInApp(${path}): no console screen is open (no <main>) at ${location.pathname}`)
      for (const child of Array.from(main.children)) child.setAttribute(left, '')
      history.pushState(null, '', path)
      dispatchEvent(new PopStateEvent('popstate', { state: null }))
    },
    [path, LEFT] as const,
  )
  await expect(page.locator(`main > [${LEFT}]`), `the screen before ${path} is still drawn`).toHaveCount(0)
}

type Requests = { open: number; changed: number }
const tracked = new WeakMap<Page, Requests>()

/**
 * Counts the page's requests in flight from now on, for networkQuiet; call it
 * before the navigation whose requests are awaited. Once per page.
 */
export function trackRequests(page: Page) {
  if (tracked.has(page)) return
  const requests: Requests = { open: 0, changed: Date.now() }
  tracked.set(page, requests)
  const done = () => {
    requests.open = Math.max(0, requests.open - 1)
    requests.changed = Date.now()
  }
  page.on('request', () => {
    requests.open += 1
    requests.changed = Date.now()
  })
  page.on('requestfinished', done)
  page.on('requestfailed', done)
}

/**
 * Waits until the page has had no request in flight for `quietMs`: Playwright's
 * 'networkidle' (no request for 500 ms), which is reached once per document and
 * so says nothing after a screen opened in the app (openInApp). Needs
 * trackRequests(page) before the navigation.
 */
export async function networkQuiet(page: Page, quietMs = 500) {
  const requests = tracked.get(page)
  if (!requests) throw new Error('networkQuiet: call trackRequests(page) before the navigation')
  await expect
    .poll(() => requests.open === 0 && Date.now() - requests.changed >= quietMs, { message: 'the page still has requests in flight', intervals: [100] })
    .toBe(true)
}
