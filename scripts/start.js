// @ts-check
/**
 * `npm start`: builds what is missing or older than its sources — the portal (react-router build), then
 * the server (scripts/build-server.js) — and runs the built server, with no TypeScript loader (ADR 960).
 * Plain JavaScript: it runs before anything is built.
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SERVER_BUNDLE, SERVER_SOURCES } from './build-server.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PORTAL_SOURCES = ['app', 'domain', 'public', 'vite.config.ts', 'react-router.config.ts', 'package.json']

/** @param {string} entry @returns {number} */
function newest(entry) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs)
}

/** @param {string} file */
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0)

let portalBuilt = false
if (builtAt(path.join(root, 'build/server/index.js')) < Math.max(...PORTAL_SOURCES.map(newest))) {
  console.log('Building the portal …')
  execSync('npx react-router build', { cwd: root, stdio: 'inherit' })
  portalBuilt = true
}
// react-router build empties build/server/, the server bundle with it.
if (portalBuilt || builtAt(SERVER_BUNDLE) < Math.max(...SERVER_SOURCES.map(newest))) {
  const { buildServer } = await import('./build-server.js')
  await buildServer()
}

// NODE_ENV is left as the operator set it: unset on a fresh clone means the demo on localhost, while
// an explicit NODE_ENV=production means production (ADR 700). The server runs as production either way.
await import(pathToFileURL(SERVER_BUNDLE).href)
