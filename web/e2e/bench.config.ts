import { defineConfig } from '@playwright/test'
import base, { desktopChromiumPath } from './playwright.config.ts'

// Browser benchmarks (make bench): the same server and browser as the browser
// tests, but only the *.bench.ts files, which print figures for
// docs/performance.md instead of checking times. They keep the desktop
// Chromium the figures of docs/performance.md were measured with, not the
// headless shell the tests prefer.
// They write their screenshots too (fixtures.ts, `shot`).
process.env.VITRINE_E2E_SHOTS ??= '1'

export default defineConfig({
  ...base,
  use: {
    ...base.use,
    // Playwright's trace records a snapshot of the page's DOM on its main
    // thread (about a tenth of a list's first load in a profile): the
    // figures are the console's, not the recorder's.
    trace: 'off',
    launchOptions: { ...base.use?.launchOptions, executablePath: desktopChromiumPath },
  },
  testMatch: '**/*.bench.ts',
  // One benchmark at a time, whatever the tests' worker count: beside
  // another one's seeding (5,000 uploads) or openings, a first row read
  // two to three times its time alone.
  workers: 1,
  outputDir: '../test-results/bench',
  timeout: 10 * 60_000,
  reporter: 'list',
})
