// The TV player (/player): a second, small app built next to the console.
// `npm run build` runs it after the console's build, into the same dist/
// (which the Go binary embeds), without emptying it: dist/player.html,
// dist/assets/player-<hash>.{js,css} and the service worker
// dist/player-sw.js. TV boxes run Chromium-based WebViews
// from Chrome 80 on, so the syntax is lowered to that; APIs newer than it
// are not polyfilled, and src/player uses none without a fallback.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const dist = fileURLToPath(new URL('./dist', import.meta.url))
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

// The brotli and gzip copies the Go server prefers (as vite.config.ts does
// for the console), for this build's own files only: the console's are
// already done.
function precompressOwnFiles(): Plugin {
  const compressible = /\.(js|css|html|svg|json)$/
  return {
    name: 'vitrine:player-precompress',
    apply: 'build',
    writeBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!compressible.test(name)) continue
        const file = join(dist, name)
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

// The service worker (src/player/service-worker.ts) as /player-sw.js: at
// the root, outside assets/, with a stable name a box can register.
function serviceWorker(): Plugin {
  return {
    name: 'vitrine:player-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: fileURLToPath(new URL('./src/player/service-worker.ts', import.meta.url)), fileName: 'player-sw.js' })
    },
  }
}

export default defineConfig({
  base: '/',
  // The console's build copies public/; nothing of it is the player's.
  publicDir: false,
  plugins: [react(), serviceWorker(), precompressOwnFiles()],
  define: {
    __PLAYER_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'chrome80',
    cssTarget: 'chrome80',
    // One small file set, no preload helper for chunks it does not have.
    modulePreload: false,
    rolldownOptions: {
      input: { player: fileURLToPath(new URL('./player.html', import.meta.url)) },
      output: {
        entryFileNames: 'assets/player-[hash].js',
        chunkFileNames: 'assets/player-[name]-[hash].js',
        assetFileNames: 'assets/player-[hash][extname]',
      },
    },
  },
})
