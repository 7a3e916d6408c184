// @ts-check
/**
 * The server build (ADR 960), the one config: esbuild bundles `server.ts` and the command-line tools
 * into build/server/ beside React Router's index.js, so production runs `node build/server/server.js`
 * with no TypeScript loader. Plain JavaScript because `npm start` runs it before anything is built.
 * `node scripts/build-server.js` builds; `npm run build` runs it after `react-router build`, which
 * empties build/server/ first.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Output name → source: the server and the tools an operator runs in the image (canton CLI, seed). */
export const SERVER_ENTRIES = { server: 'server.ts', canton: 'scripts/canton.ts', seed: 'scripts/seed.ts' }

/** What the bundle is built from, for `npm start`'s "is the build older than its sources". */
export const SERVER_SOURCES = [
  'server.ts',
  'root.ts',
  'config.ts',
  'server',
  'register',
  'idp',
  'db',
  'domain',
  'scripts/canton.ts',
  'scripts/seed.ts',
  'scripts/build-server.js',
  'package.json',
]

export const SERVER_OUT_DIR = path.join(root, 'build/server')

/** The built server's entry, as tests, benches and the image start it. */
export const SERVER_BUNDLE = path.join(SERVER_OUT_DIR, 'server.js')

export async function buildServer() {
  // Only at build time: the runtime image has no dev dependencies.
  const esbuild = await import('esbuild')
  const started = performance.now()
  const { metafile } = await esbuild.build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT_DIR,
    bundle: true,
    // server.ts imports the app lazily (Express and React read NODE_ENV when they load, a cluster
    // primary needs none of it): splitting keeps those dynamic imports separate chunks.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Packages load from node_modules as they do from source: native addons (sharp), PGlite's wasm, and
    // instrumentation that patches packages when they are required.
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
  })
  // Chunk names carry a hash: the previous builds' would pile up. Removed only after the new ones are
  // written, so a server starting meanwhile (tests, benches) finds every chunk it imports.
  const chunks = path.join(SERVER_OUT_DIR, 'chunks')
  const written = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(root, file)))
  for (const name of existsSync(chunks) ? readdirSync(chunks) : []) {
    if (!written.has(path.join(chunks, name))) rmSync(path.join(chunks, name))
  }
  console.log(`Server built into build/server/ in ${Math.round(performance.now() - started)} ms`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer()
}
