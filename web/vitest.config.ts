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
      globals: false,
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // A cap for a loaded machine (the default is 5 s); a green test never waits for it.
      testTimeout: 30_000,
    },
  }),
)
