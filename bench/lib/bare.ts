import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUILD_DIRECTORY, type BareTable } from '../bare/table.ts'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The yardstick (ADR 520, 531): one React Router 7 page and nothing of ours; its second route renders
 * markup captured from the portal's pages (ADR 532).
 */
export const BARE = path.join(repo, 'bench/bare')

/** Where bench/ssr.ts writes that markup before it builds the app (git ignores it). */
export const BARE_MARKUP = path.join(BARE, 'app/markup.generated.json')

/** Where the build of each route table goes (bench/bare/table.ts). */
export function bareBuild(table: BareTable): string {
  return path.join(BARE, BUILD_DIRECTORY[table])
}

/** Builds bench/bare for production with this checkout's react-router, as the portal is built. */
export function buildBare(table: BareTable = 'yardstick'): void {
  execFileSync(path.join(repo, 'node_modules/.bin/react-router'), ['build', BARE], {
    cwd: repo,
    stdio: 'ignore',
    env: { ...process.env, BARE_ROUTE_TABLE: table },
  })
}
