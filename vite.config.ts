import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Rollup } from 'vite'
import { clientOutput } from './scripts/client-output.ts'

/**
 * Client chunks (ADR 531). Our modules that every page loads — app/root.tsx and what it imports
 * statically — go in one chunk, `shell`: Rollup gives every module shared by several routes a chunk of
 * its own, and the shell was ten, each compressed apart and importing the others by hashed name, ~2 KB
 * of gzip more than one file. React and React Router go in `framework`, apart from our code, so that a
 * release of ours does not make browsers fetch them again. The walk follows static imports only: what is
 * loaded on demand (dialogs, calendar, language files) stays apart.
 */
function clientChunks(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!shell) {
      const seen = new Set<string>()
      const visit = (m: string) => {
        if (seen.has(m) || m.includes('/node_modules/')) return
        seen.add(m)
        for (const i of getModuleInfo(m)?.importedIds ?? []) visit(i)
      }
      for (const m of getModuleIds()) if (m.includes('/app/root.tsx')) visit(m)
      shell = seen
    }
    if (/\/node_modules\/react(-router)?\//.test(id)) return 'framework'
    return shell.has(id) ? 'shell' : undefined
  }
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), ...clientOutput()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  server: {
    // PGlite writes under data/ must not trigger rebuilds.
    watch: { ignored: ['**/data/**', '**/test-results/**', '**/playwright-report/**'] },
  },
  // The client manifest (build/client/.vite/manifest.json) feeds the bundle budgets (ADR 510); express.static
  // ignores dot-directories, so it is never served.
  build: { assetsInlineLimit: 0, manifest: true },
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: clientChunks() } } } },
  },
})
