// @ts-check
/**
 * Builds what is missing or older than its sources — the portal (react-router build), then the server
 * bundle (scripts/build-server.js) — for `npm start` and the bench, which run the production build.
 * Plain JavaScript: `npm start` runs it before anything is built.
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, SERVER_BUNDLE, SERVER_SOURCES } from './build-server.js'

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

export async function buildStale() {
  let portalBuilt = false
  if (builtAt(path.join(root, 'build/server/index.js')) < Math.max(...PORTAL_SOURCES.map(newest))) {
    console.log('Building the portal …')
    execSync('npx react-router build', { cwd: root, stdio: 'inherit' })
    portalBuilt = true
  }
  // react-router build empties build/server/, the server bundle with it.
  if (portalBuilt || builtAt(SERVER_BUNDLE) < Math.max(...SERVER_SOURCES.map(newest))) await buildServer()
}
