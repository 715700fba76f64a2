import { mergeConfig, defineConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // Worker threads rather than child processes: the suite alone 130 s → 110 s of wall time
      // and 168 s → 145 s of CPU on a 2-core machine (docs/performance.md, "The test suite's time").
      pool: 'threads',
      // A worker runs its files one after the other in one environment (one jsdom) and keeps
      // the packages it loaded (React, Radix, Testing Library): loading them and making a
      // jsdom again for each file was four fifths of the suite's CPU (110 s → 29 s of wall time,
      // 150 s → 37 s of CPU; docs/performance.md, "The test suite's time", 2026-12-05, sixth).
      // The setup file gives each file the console's own modules afresh (so a file's vi.mock
      // holds for every module it loads), real timers, no stubbed global, an empty storage and
      // DOM.
      isolate: false,
      globals: false,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // A cap for a loaded machine (the default is 5 s); a green test never waits for it.
      testTimeout: 30_000,
    },
  }),
)
