// Runs before each test file. A worker runs its files one after the other and keeps
// the packages it loaded (vitest.config.ts): each file starts from what a worker of
// its own would give it.
import { vi } from 'vitest'

// The console's modules load afresh for this file, with the modules it replaces
// (vi.mock) in place; the packages (React, Testing Library) stay loaded.
vi.resetModules()
vi.useRealTimers()
vi.unstubAllGlobals()
vi.unstubAllEnvs()

// The DOM's matchers and Testing Library for the files that run in jsdom; the
// files in Node's environment (`// @vitest-environment node`) have no DOM and
// skip loading them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest')
  const { cleanup, configure } = await import('@testing-library/react')
  // findBy* and waitFor return as soon as their state holds; their cap (1 s by
  // default) must leave room for a loaded machine.
  configure({ asyncUtilTimeout: 10_000 })
  // What an earlier file left: its rendered trees (unmounted, so their effects and
  // timers stop), the storage, the page's classes (the theme) and title.
  cleanup()
  document.body.replaceChildren()
  document.documentElement.removeAttribute('class')
  document.documentElement.removeAttribute('style')
  document.title = ''
  localStorage.clear()
  sessionStorage.clear()
}
