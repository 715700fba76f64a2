import fs from 'node:fs'
import { defineConfig } from '@playwright/test'
import { recordWorkerPid } from './harness/cpu-reporter.ts'

// In a worker of a run with the CPU reporter: where the reporter finds this worker.
recordWorkerPid()

/**
 * The browser: $CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell: the same Chromium without the desktop browser's
 * window and compositing, a fifth to a third less CPU per flow; see
 * docs/performance.md, "The test suite's time"), else Debian's Chromium.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium'
/** The desktop browser, for what only its window does (fetching the page's icon). */
export const desktopChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** The browser's flags: no sandbox or GPU in a container, no background traffic or first-run work. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

// Browser tests: Debian's Chromium against the real bin/vitrine, which the
// global setup starts on a free port with a fresh data folder.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './harness/global-setup.ts',
  // Two workers, each with its browser, against the one server: a flow waits on the server
  // and the browser in turn, so two of them keep a 2-core machine busy (the suite in about
  // 6 min instead of 10; docs/performance.md, "The test suite's time"). Each flow seeds a group
  // of its own. VITRINE_E2E_WORKERS=1 runs one flow at a time.
  workers: Number(process.env.VITRINE_E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  // Caps for a loaded machine: a green run never waits for them.
  timeout: 180_000,
  // Every expect returns as soon as its state holds; the cap only decides how
  // long a failing one takes, and must leave room for a loaded machine.
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    // The base URL comes from the global setup; the fixtures read it.
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // A failed test keeps a trace of its steps (each action and expect with its time, the
    // console, the network) beside its screenshot; not the DOM snapshots and screencast frames
    // of every step, which Chromium made for every test, green ones too, at about a third of
    // the suite's CPU (docs/performance.md, "The test suite's time"). For them when a flow
    // fails: `npx playwright test -c e2e/playwright.config.ts <file> --trace on`.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      headless: true,
      args: chromiumFlags,
    },
  },
})
