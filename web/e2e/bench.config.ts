import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'

// Browser benchmarks (make bench): the same server and browser as the browser
// tests, but only the *.bench.ts files, which print figures for
// docs/performance.md instead of checking times.
export default defineConfig({
  ...base,
  testMatch: '**/*.bench.ts',
  outputDir: '../test-results/bench',
  timeout: 10 * 60_000,
  reporter: 'list',
})
