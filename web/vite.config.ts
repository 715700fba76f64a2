import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const apiTarget = 'http://127.0.0.1:8080'
/** The modules of lucide-react's icons (one per icon). */
const lucideIcon = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/
/**
 * The pieces Radix's menus, popovers, selects, dialogs and checkboxes share
 * (positioning, focus, scroll lock), without those the first load's toast
 * already holds: one file instead of the six or seven the bundler would make.
 */
const radixShared =
  /node_modules[\\/](@radix-ui[\\/](react-(focus-scope|focus-guards|id|direction|popper|arrow|roving-focus|use-is-hydrated|use-size|use-previous)|number)|@floating-ui|react-remove-scroll(-bar)?|aria-hidden|tslib|use-callback-ref|use-sidecar|get-nonce|react-style-singleton|detect-node-es)[\\/]/
/** The form libraries: the sign-in pages' and the dialogs' (no list needs them to draw). */
const formLibrary = /node_modules[\\/](react-hook-form|zod|@hookform[\\/]resolvers)[\\/]/

// web/embed.go embeds dist/; the tracked placeholder must survive a build so a
// clean checkout of the Go code still compiles.
function keepDistPlaceholder(): Plugin {
  return {
    name: 'vitrine:keep-dist-placeholder',
    apply: 'build',
    closeBundle() {
      const keep = fileURLToPath(new URL('./dist/.keep', import.meta.url))
      if (!existsSync(keep)) writeFileSync(keep, '')
    },
  }
}

// public/early.js starts a signed-in tab's calls before the console's code
// has run; the build writes into it the chunks of the page being opened and
// of the layout around it (those index.html does not name already), which
// it fetches as modulepreloads with the calls. Each page by the module its
// route imports (app/router.tsx).
const pageModules: Record<string, RegExp> = {
  '/dashboard': /[\\/]src[\\/]features[\\/]overview[\\/]index\.tsx?$/,
  '/medias': /[\\/]src[\\/]features[\\/]medias[\\/]library-page\.tsx?$/,
  '/schedule': /[\\/]src[\\/]features[\\/]schedules[\\/]list-page\.tsx?$/,
  '/ads-center': /[\\/]src[\\/]features[\\/]ads-center[\\/]list-page\.tsx?$/,
  '/ads-center/new': /[\\/]src[\\/]features[\\/]ads-center[\\/]calendar-page\.tsx?$/,
}
const layoutModule = /[\\/]src[\\/]app[\\/]layout[\\/]app-layout\.tsx$/

function earlyChunks(): Plugin {
  return {
    name: 'vitrine:early-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
      const byName = new Map(chunks.map((c) => [c.fileName, c]))
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into
        into.add(fileName)
        for (const dep of byName.get(fileName)?.imports ?? []) closure(dep, into)
        return into
      }
      // The console's entry (index.html's; the player's is player.html's).
      const entry = chunks.find((c) => c.isEntry && c.name === 'index')
      // The chunk holding a module (the layout's is a group of several, without a facade).
      const holding = (module: RegExp) =>
        chunks.find((c) => module.test(c.facadeModuleId ?? '')) ?? chunks.find((c) => Object.keys(c.modules).some((id) => module.test(id)))
      const layout = holding(layoutModule)
      if (!entry || !layout) throw new Error(`early chunks: no ${entry ? 'layout chunk' : 'console entry'} among ${chunks.filter((c) => c.isEntry).map((c) => c.name)}`)
      const named = closure(entry.fileName)
      const map: Record<string, string[]> = {}
      for (const [page, module] of Object.entries(pageModules)) {
        const chunk = holding(module)
        if (!chunk) throw new Error(`early chunks: no chunk for ${page}`)
        const files = new Set([...closure(layout.fileName), ...closure(chunk.fileName)])
        map[page] = [...files].filter((f) => !named.has(f)).map((f) => `/${f}`)
      }
      earlyChunkMap = map
    },
  }
}
let earlyChunkMap: Record<string, string[]> | undefined

/** Writes the chunks earlyChunks found into dist/early.js (before precompress reads it). */
function writeEarlyChunks(dist: string) {
  const file = join(dist, 'early.js')
  if (!earlyChunkMap || !existsSync(file)) return
  const source = readFileSync(file, 'utf8')
  const marker = '  var chunks = {}\n'
  if (!source.includes(marker)) throw new Error('early chunks: public/early.js has no "var chunks = {}" line')
  writeFileSync(file, source.replace(marker, `  var chunks = ${JSON.stringify(earlyChunkMap)}\n`))
}

// The Go server serves a brotli or gzip copy of each text file to browsers
// that accept it; compressing once at build time costs nothing per request.
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/
  return {
    name: 'vitrine:precompress',
    apply: 'build',
    closeBundle() {
      const dist = fileURLToPath(new URL('./dist', import.meta.url))
      writeEarlyChunks(dist)
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = join(dir, name)
          return statSync(file).isDirectory() ? walk(file) : [file]
        })
      for (const file of walk(dist)) {
        if (!compressible.test(file)) continue
        const data = readFileSync(file)
        if (data.length < 1024) continue
        writeFileSync(`${file}.br`, brotliCompressSync(data, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
        }))
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      }
    },
  }
}

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), keepDistPlaceholder(), earlyChunks(), precompress()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/files': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/files': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the bundler gives each icon shared by a different set of
          // screens a file of its own: a dozen requests of a few hundred bytes for
          // Visão Geral alone, each waiting for one of the six connections a browser
          // opens to a server. The login's icons stay with the first load; every
          // other icon comes in one file.
          // The form libraries are one file of their own, named `forms` (without
          // their dependencies: React stays in the first load): the list screens'
          // guard (first-data-lists.spec.ts) checks that none fetches it before
          // its first row.
          groups: [
            { name: 'forms', priority: 3, test: formLibrary, includeDependenciesRecursively: false },
            { name: 'first-icons', tags: ['$initial'], priority: 2, test: lucideIcon },
            { name: 'icons', priority: 1, test: lucideIcon },
            // The menus, popovers and tooltips come on first use (components/ui/lazy-parts.ts):
            // each with its Radix package in one file, which the list screens' guard
            // (first-data-lists.spec.ts) checks no screen fetches before its first row.
            { name: 'menu', test: /[\\/]src[\\/]components[\\/]ui[\\/]dropdown-menu\.tsx|[\\/]@radix-ui[\\/]react-(dropdown-menu|menu)[\\/]/, includeDependenciesRecursively: false },
            { name: 'popover', test: /[\\/]src[\\/]components[\\/]ui[\\/]popover\.tsx|[\\/]@radix-ui[\\/]react-popover[\\/]/, includeDependenciesRecursively: false },
            { name: 'tooltip', test: /[\\/]src[\\/]components[\\/]ui[\\/]tooltip\.tsx|[\\/]@radix-ui[\\/]react-tooltip[\\/]/, includeDependenciesRecursively: false },
            { name: 'radix', test: radixShared, includeDependenciesRecursively: false },
            // The lists' table with the controls its toolbars and rows draw (select, checkbox):
            // one file for every list screen, instead of three once a screen without the
            // table (Atividade) uses a select too.
            {
              name: 'data-table',
              test: /[\\/]src[\\/]components[\\/]ui[\\/](data-table[\\/]|select\.tsx|checkbox\.tsx)|[\\/]@radix-ui[\\/]react-(select|checkbox)[\\/]|[\\/]@tanstack[\\/](react-table|table-core)[\\/]/,
              includeDependenciesRecursively: false,
            },
            // The playback rules, the time zones and the ads center's calendar keys, which
            // the ads list and the calendar both draw with: one file instead of six.
            {
              name: 'shared-lib',
              test: /[\\/]src[\\/](lib[\\/](playback[\\/]|guards\.ts|time-zones\.ts)|features[\\/]ads-center[\\/](calendar\.ts|new-ad-params\.ts|api[\\/]keys\.ts|components[\\/]ad-period-badge\.tsx))/,
              includeDependenciesRecursively: false,
            },
            // The layout's own small pieces, and the small ones the screens share (the
            // page header, the hooks of the lists, the name order), which every
            // signed-in screen fetches, in the layout's file rather than one file each
            // (the list screens, chunks of their own, would otherwise split them out).
            {
              name: 'app-layout',
              test: /[\\/]@radix-ui[\\/]react-separator[\\/]|[\\/]src[\\/](app[\\/](layout[\\/]|routes[\\/]page-skeleton)|components[\\/](page-header|ui[\\/](separator|sidebar|badge|skeleton|lazy-(parts|dropdown-menu|popover)))\.tsx?|hooks[\\/]use-(mobile|idle-preload|batches|debounced|now)\.ts|lib[\\/]name-order\.ts|features[\\/](ads-center[\\/](index|permission)|approvals[\\/](index|permissions)|notifications[\\/])|lib[\\/]events[\\/])/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
