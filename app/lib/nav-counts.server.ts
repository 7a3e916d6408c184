import type { RouterContextProvider } from 'react-router'
import { allEntries, visibleNavigation, type NavCountKey } from '../../domain/navigation.ts'
import { COUNT_KEY_TYPES } from '../components/files/pickup.ts'
import { appContext } from './context.ts'
import { countNotDownloaded } from './files.server.ts'
import { patchSessionData, type CachedNavCounts, type Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>
export type NavCountValues = CachedNavCounts['values']

/** How long the menu's counts are reused before the register is asked again (ADR 155). */
export const NAV_COUNTS_TTL_MS = 30_000

/** The count badges this user's menu shows: only entries the user may see (spec §2). */
export function countKeysFor(roles: readonly string[]): NavCountKey[] {
  return allEntries(visibleNavigation(roles)).flatMap((entry) => (entry.countKey ? [entry.countKey] : []))
}

export function isFresh(cached: CachedNavCounts | undefined, now: number): cached is CachedNavCounts {
  return Boolean(cached && now - cached.at >= 0 && now - cached.at < NAV_COUNTS_TTL_MS)
}

/**
 * The menu's not-downloaded counts for the root loader: from the session when fetched less than
 * 30 s ago, otherwise from `GET /files/{type}/count`, in parallel, for the visible entries only. A
 * count the register cannot give is left out (no badge) rather than failing the page.
 */
export async function navCounts(
  context: Context,
  session: Session,
  now = Date.now(),
): Promise<NavCountValues> {
  const keys = countKeysFor(session.data.roles)
  if (keys.length === 0) return {}
  const cached = session.data.navCounts
  if (isFresh(cached, now)) return cached.values
  const results = await Promise.all(
    keys.map(async (key) => {
      try {
        return [key, await countNotDownloaded(context, session, COUNT_KEY_TYPES[key])] as const
      } catch (error) {
        console.warn(`Menu count ${key} unavailable:`, error instanceof Error ? error.message : error)
        return [key, undefined] as const
      }
    }),
  )
  const values: NavCountValues = {}
  let complete = true
  for (const [key, count] of results) {
    if (typeof count === 'number') values[key] = count
    else complete = false
  }
  // Only a full answer is cached: a failed count is tried again on the next page.
  if (complete) {
    const entry: CachedNavCounts = { at: now, values }
    session.data.navCounts = entry
    await patchSessionData(context.get(appContext).db, session.id, 'navCounts', entry)
  }
  return values
}

/** After this user generated, downloaded or deleted a file: the next page asks the register again. */
export async function forgetNavCounts(context: Context, session: Session): Promise<void> {
  delete session.data.navCounts
  await patchSessionData(context.get(appContext).db, session.id, 'navCounts', null)
}
