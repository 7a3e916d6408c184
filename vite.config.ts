import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { moduleStats } from './tests/bundles/module-stats.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), moduleStats()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  server: {
    // PGlite writes under data/ must not trigger rebuilds.
    watch: { ignored: ['**/data/**', '**/test-results/**', '**/playwright-report/**'] },
  },
  // The client manifest (build/client/.vite/manifest.json) feeds the bundle budgets (ADR 510); express.static
  // ignores dot-directories, so it is never served.
  build: { assetsInlineLimit: 0, manifest: true },
})
