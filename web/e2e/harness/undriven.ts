// A browser the test driver does not instrument, for the first-load figures
// of the browser benchmarks. Playwright turns on the DevTools network
// recording in every page it drives, and Chromium then keeps a decoded copy
// of each response body, on the page's main thread, for the driver to ask
// for: a 17 MB TV list is about 450 ms of that thread on a slow 2-core
// machine, before the page's own work, which no user's browser does. So a
// fresh tab of a signed-in browser is measured here in a Chromium of its own,
// spoken to over the DevTools protocol through a pipe with only the Page,
// Emulation and Runtime commands the measurement needs (no Network domain).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import nodePath from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { chromiumFlags, desktopChromiumPath } from '../playwright.config.ts'
import { NEW_WINDOW, quietMachine, type FirstRow } from './bench.ts'

type Message = { id?: number; result?: Record<string, unknown>; error?: { message: string } }

/** A Chromium started with --remote-debugging-pipe: commands in on fd 3, answers out on fd 4. */
class Undriven {
  private next = 0
  private pending = new Map<number, (message: Message) => void>()
  private buffer = ''

  constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
  ) {
    // A browser gone before a command: its send never answers, the pipe's error is not the runner's.
    ;(child.stdio[3] as Writable).on('error', () => undefined)
    const out = child.stdio[4] as Readable
    out.setEncoding('utf8')
    out.on('data', (chunk: string) => {
      this.buffer += chunk
      for (let end = this.buffer.indexOf('\0'); end >= 0; end = this.buffer.indexOf('\0')) {
        const message = JSON.parse(this.buffer.slice(0, end)) as Message
        this.buffer = this.buffer.slice(end + 1)
        if (message.id !== undefined) this.pending.get(message.id)?.(message)
        this.pending.delete(message.id ?? -1)
      }
    })
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = ++this.next
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result as T)))
      ;(this.child.stdio[3] as Writable).write(JSON.stringify({ id, method, params, sessionId }) + '\0')
    })
  }

  /**
   * Closes the browser and, once it has exited, removes its profile. Asked to
   * close, Chromium ends its other processes before its own; killed, it left
   * them writing to the profile while it was being removed.
   */
  async close() {
    const gone = this.child.exitCode !== null || this.child.signalCode !== null
    const exited = gone ? Promise.resolve() : new Promise((resolve) => this.child.once('exit', resolve))
    // The answer may never come: the pipe closes with the browser.
    if (!gone) void this.send('Browser.close').catch(() => undefined)
    const stuck = setTimeout(() => this.child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(stuck)
    fs.rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
  }
}

let started: Undriven | undefined

function undriven(): Undriven {
  if (started) return started
  const profile = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'vitrine-undriven-'))
  // The flags of the tests' browser (playwright.config.ts), headless as Playwright starts it.
  const child = spawn(
    desktopChromiumPath,
    ['--headless', ...chromiumFlags, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  )
  started = new Undriven(child, profile)
  // A benchmark that fails before closeUndriven: the browser goes with the test runner.
  process.once('exit', () => child.kill())
  return started
}

/** Closes the undriven browser (the next opening starts another). */
export async function closeUndriven() {
  const browser = started
  started = undefined
  await browser?.close()
}

/**
 * Opens `url` in a fresh tab of its own browser context (nothing cached), in
 * the context's window already open (as newTab does), 1366×900, pt-BR, São
 * Paulo time, signed in with `session` as useSession does, and returns when
 * the first row entered the page, in ms from the start of the navigation.
 */
export async function openUndriven(url: string, session: { token: string; franchise: string }, row: FirstRow): Promise<number> {
  const browser = undriven()
  const { browserContextId } = await browser.send<{ browserContextId: string }>('Target.createBrowserContext')
  try {
    // The window first, with a blank tab, as newTab does in the driven browser.
    if (!NEW_WINDOW) {
      await browser.send('Target.createTarget', { url: 'about:blank', browserContextId })
      await quietMachine()
    }
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId })
    const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
    await browser.send('Page.enable', {}, sessionId)
    await browser.send('Emulation.setDeviceMetricsOverride', { width: 1366, height: 900, deviceScaleFactor: 1, mobile: false }, sessionId)
    await browser.send('Emulation.setLocaleOverride', { locale: 'pt-BR' }, sessionId)
    await browser.send('Emulation.setTimezoneOverride', { timezoneId: 'America/Sao_Paulo' }, sessionId)
    // The storage keys of fixtures.ts (storageKeys) and the first row's watch of watchFirstRow.
    const source = `(() => {
      try {
        localStorage.setItem('vitrine:token', ${JSON.stringify(session.token)})
        localStorage.setItem('vitrine:franchise', ${JSON.stringify(session.franchise)})
      } catch {}
      const row = ${JSON.stringify(row)}
      window.__firstRow = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('no first row within 120 s')), 120000)
        new MutationObserver((_, observer) => {
          if (!Array.from(document.querySelectorAll(row.selector)).some((e) => row.text === undefined || e.textContent === row.text)) return
          resolve(performance.now())
          observer.disconnect()
        }).observe(document, { childList: true, subtree: true, characterData: true })
      })
    })()`
    await browser.send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId)
    const t0 = Date.now()
    await browser.send('Page.navigate', { url }, sessionId)
    const { result } = await browser.send<{ result: { value: string } }>(
      'Runtime.evaluate',
      { expression: 'window.__firstRow.then((at) => JSON.stringify({ at, origin: performance.timeOrigin }))', awaitPromise: true, returnByValue: true },
      sessionId,
    )
    const inPage = JSON.parse(result.value) as { at: number; origin: number }
    return Math.round(inPage.origin + inPage.at - t0)
  } finally {
    await browser.send('Target.disposeBrowserContext', { browserContextId })
  }
}
