/**
 * Which route table bench/bare is built with (ADR 541): its own two routes (the yardstick), or those two
 * inside the portal's route table with stub modules. Chosen by BARE_ROUTE_TABLE at build time, read by
 * app/routes.ts and react-router.config.ts; bench/lib/bare.ts sets it and finds each build here.
 */
export type BareTable = 'yardstick' | 'portal'

export function bareTable(env: NodeJS.ProcessEnv = process.env): BareTable {
  return env.BARE_ROUTE_TABLE === 'portal' ? 'portal' : 'yardstick'
}

/** Each table's build directory, beside the app (git, ESLint and Prettier ignore `build*`). */
export const BUILD_DIRECTORY: Record<BareTable, string> = {
  yardstick: 'build',
  portal: 'build-portal-routes',
}
