/**
 * `npm start`: builds the portal when the build is missing or older than its sources, then serves.
 */
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SOURCES = ['app', 'domain', 'public', 'vite.config.ts', 'react-router.config.ts', 'package.json']

function newest(entry: string): number {
  const full = path.join(root, entry)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(full).reduce((max, name) => Math.max(max, newest(path.join(entry, name))), stat.mtimeMs)
}

const built = path.join(root, 'build/server/index.js')
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
if (builtAt < Math.max(...SOURCES.map(newest))) {
  console.log('Building the portal …')
  execSync('npx react-router build', { cwd: root, stdio: 'inherit' })
}

// NODE_ENV is left as the operator set it: unset on a fresh clone means the demo on localhost, while
// an explicit NODE_ENV=production means production (ADR 700). server.ts runs as production either way.
await import('../server.ts')
