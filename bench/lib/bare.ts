import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The yardstick (ADR 520, 531): one React Router 7 route and nothing of ours. */
export const BARE = path.join(repo, 'bench/bare')

/** Builds bench/bare for production with this checkout's react-router, as the portal is built. */
export function buildBare(): void {
  execFileSync(path.join(repo, 'node_modules/.bin/react-router'), ['build', BARE], {
    cwd: repo,
    stdio: 'ignore',
  })
}
