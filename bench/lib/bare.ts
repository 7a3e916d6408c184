import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The yardstick (ADR 520, 531): one React Router 7 page and nothing of ours; its second route renders
 * markup captured from the portal's pages (ADR 532).
 */
export const BARE = path.join(repo, 'bench/bare')

/** Where bench/ssr.ts writes that markup before it builds the app (git ignores it). */
export const BARE_MARKUP = path.join(BARE, 'app/markup.generated.json')

/**
 * Which route table bench/bare is built with: its own two routes (the yardstick), or those two inside the
 * portal's route table with stub modules (bench/bare/app/routes.ts, ADR 541).
 */
export type BareTable = 'yardstick' | 'portal'

/** Where each build goes (bench/bare/react-router.config.ts). */
export function bareBuild(table: BareTable): string {
  return path.join(BARE, table === 'portal' ? 'build-portal-routes' : 'build')
}

/** Builds bench/bare for production with this checkout's react-router, as the portal is built. */
export function buildBare(table: BareTable = 'yardstick'): void {
  execFileSync(path.join(repo, 'node_modules/.bin/react-router'), ['build', BARE], {
    cwd: repo,
    stdio: 'ignore',
    env: { ...process.env, BARE_ROUTE_TABLE: table === 'portal' ? 'portal' : '' },
  })
}
