import { existsSync, writeFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const apiTarget = 'http://127.0.0.1:8080'

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

export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), keepDistPlaceholder()],
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
  },
})
