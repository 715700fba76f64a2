import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mergeConfig, defineConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/** The unit-test files under src/, as paths from web/. */
function testFiles(dir = join(root, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : []
  })
}

/**
 * A file that replaces a module (`vi.mock`) needs a module graph of its own: the
 * replacement holds only for the modules that file loads, and a module another
 * file loaded before it would keep the real one.
 */
const mocksAModule = (file: string) => /\bvi\.mock\(/.test(readFileSync(join(root, file), 'utf8'))
const files = testFiles()
const isolated = files.filter(mocksAModule)
const shared = files.filter((file) => !isolated.includes(file))

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
      // A cap for a loaded machine (the default is 5 s); a green test never waits for it.
      testTimeout: 30_000,
      // Most files share their worker's modules and its DOM with the files the worker ran
      // before: loading React, Radix and jsdom again for each file took four fifths of the
      // suite's CPU (docs/performance.md, "The test suite's time", 2026-12-05, sixth). The
      // setup file unmounts what a test rendered and empties the storage after each test.
      // The files that replace a module keep a worker, modules and DOM of their own.
      projects: [
        { extends: true, test: { name: 'shared', include: shared, isolate: false, sequence: { groupOrder: 0 } } },
        { extends: true, test: { name: 'isolated', include: isolated, sequence: { groupOrder: 1 } } },
      ],
    },
  }),
)
