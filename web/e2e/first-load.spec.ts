// The console's first load: the JavaScript a browser fetches to show the login
// page (/ without a session), in Chromium against the real bin/vitrine: the
// entry and its modulepreloads, then the sign-in pages' chunk. Checks that no
// screen behind the login comes with it and that it stays within the budget, and prints each file with its size raw, as gzip (the build's .gz
// copy, what a browser without brotli gets) and as sent (brotli for Chromium).
// Figures go to docs/performance.md ("Console: first load").
//
//   npm run build && (cd .. && go build -o bin/vitrine ./cmd/vitrine)
//   npx playwright test -c e2e/playwright.config.ts first-load
//
// VITRINE_E2E_DIST names the build the binary embeds when it is not web/dist.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { test, expect } from './fixtures.ts'

/** Gzipped JavaScript of the login page, in bytes. */
const BUDGET = 200 * 1024
/** Chunks of the screens behind the login: none may load with the login page. */
const SCREEN_CHUNKS = /\/(app-layout|overview|medias|groups|account|admin)-[\w-]+\.js$/

const dist = process.env.VITRINE_E2E_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')

/** Size of the build's gzip copy of a file (small files have none: gzip them here). */
function gzipSize(pathname: string) {
  const file = path.join(dist, pathname)
  return fs.existsSync(`${file}.gz`) ? fs.statSync(`${file}.gz`).size : gzipSync(fs.readFileSync(file), { level: 9 }).length
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** A chunk of the build and every chunk it imports statically, as /assets/… paths. */
function withStaticImports(pathname: string, into = new Set<string>()) {
  if (into.has(pathname)) return into
  into.add(pathname)
  const code = fs.readFileSync(path.join(dist, pathname), 'utf8')
  for (const [, file] of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g)) withStaticImports(`/assets/${file}`, into)
  return into
}

test('the login page loads only the shell and the sign-in pages, under 200 KB of gzipped JavaScript', async ({ page }) => {
  const scripts: { pathname: string; transferred: number }[] = []
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => {
          scripts.push({ pathname: new URL(response.url()).pathname, transferred: sizes.responseBodySize })
        }),
    )
  })
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)

  // What index.html names: the entry script and its modulepreloads.
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const named = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1])
  // The sign-in pages' chunk (with the form libraries), which the entry fetches for a tab without a session.
  const signIn = fs.readdirSync(path.join(dist, 'assets')).filter((name) => /^auth-[\w-]+\.js$/.test(name))
  expect(signIn).toHaveLength(1)
  const expected = new Set(named)
  for (const pathname of withStaticImports(`/assets/${signIn[0]}`)) expected.add(pathname)

  let raw = 0
  let gzip = 0
  let transferred = 0
  const rows = scripts
    .sort((a, b) => a.pathname.localeCompare(b.pathname))
    .map(({ pathname, transferred: sent }) => {
      const size = fs.statSync(path.join(dist, pathname)).size
      const zipped = gzipSize(pathname)
      raw += size
      gzip += zipped
      transferred += sent
      return `${pathname.padEnd(40)} ${kb(size).padStart(10)} ${kb(zipped).padStart(10)} ${kb(sent).padStart(10)}`
    })
  console.log(
    [
      `${'file'.padEnd(40)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'sent (br)'.padStart(10)}`,
      ...rows,
      `${'total'.padEnd(40)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)} ${kb(transferred).padStart(10)}`,
      `index.html names ${named.length} file(s): ${named.join(', ')}; gzip ${kb(named.reduce((sum, p) => sum + gzipSize(p), 0))}`,
      `the entry alone: gzip ${kb(gzipSize(named[0]))}`,
    ].join('\n'),
  )

  expect(scripts.map((s) => s.pathname).sort()).toEqual([...expected].sort())
  expect(scripts.filter((s) => SCREEN_CHUNKS.test(s.pathname))).toEqual([])
  expect(gzip).toBeLessThan(BUDGET)
})
