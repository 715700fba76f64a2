// The DOM's matchers and Testing Library for the files that run in jsdom; the
// files in Node's environment (`// @vitest-environment node`) have no DOM and
// skip loading them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest')
  const { configure } = await import('@testing-library/react')
  // findBy* and waitFor return as soon as their state holds; their cap (1 s by
  // default) must leave room for a loaded machine.
  configure({ asyncUtilTimeout: 10_000 })
}
