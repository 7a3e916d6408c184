import { redirect, type RouterContextProvider } from 'react-router'
import { safeRedirectTarget } from '../../domain/safe-redirect.ts'
import type { SvnHistory } from '../../domain/svn/history.ts'
import type { SearchResult, SvnSearchQuery } from '../../domain/svn/search.ts'
import type { Svn } from '../../domain/svn/types.ts'
import { appContext } from './context.ts'
import { RegisterError, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** The register calls of the SVN search and detail screens (DESIGN §7 contract of issue 3). */

/** Query string of `GET svn/search`: only given values (spec §5: empty values are not sent). */
export function searchQueryString(query: SvnSearchQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  return params.toString()
}

export async function searchSvn(context: Context, session: Session, query: SvnSearchQuery) {
  const { config } = context.get(appContext)
  return registerJson<SearchResult>(
    config,
    session.data.accessToken,
    `/svn/search?${searchQueryString(query)}`,
  )
}

/** A record the caller may see, or the 404 page (another insurer's id, an id that is none). */
async function visibleRecord<T>(context: Context, session: Session, path: string): Promise<T> {
  const { config } = context.get(appContext)
  try {
    return await registerJson<T>(config, session.data.accessToken, path)
  } catch (error) {
    if (error instanceof RegisterError && (error.status === 404 || error.status === 400))
      throw redirect('/404')
    throw error
  }
}

/** The record, or the /404 page for an unknown or another insurer's id (register answers 404). */
export const loadSvn = (context: Context, session: Session, id: number) =>
  visibleRecord<Svn>(context, session, `/svn/details?svnId=${id}`)

/** What happened to the record, newest first. */
export const loadSvnHistory = (context: Context, session: Session, id: number) =>
  visibleRecord<SvnHistory>(context, session, `/svn/${id}/history`)

export const SVN_ACTIONS = {
  'cancel-svn': { method: 'PUT', path: (id: number) => `/svn/cancel/${id}` },
  'create-ae': { method: 'POST', path: (id: number) => `/svn/create/ae/${id}` },
  'cancel-ae': { method: 'PUT', path: (id: number) => `/svn/cancel/ae/${id}` },
} as const
export type SvnActionIntent = keyof typeof SVN_ACTIONS

export function isSvnActionIntent(value: unknown): value is SvnActionIntent {
  return typeof value === 'string' && Object.hasOwn(SVN_ACTIONS, value)
}

export type SvnActionOutcome = { result: 'ok'; svn: Svn } | { result: 'conflict' } | { result: 'not-found' }

/** Runs a status action; 409 (status moved on meanwhile) and 404 come back as outcomes. */
export async function runSvnAction(
  context: Context,
  session: Session,
  intent: SvnActionIntent,
  id: number,
): Promise<SvnActionOutcome> {
  const { config } = context.get(appContext)
  const { method, path } = SVN_ACTIONS[intent]
  try {
    const svn = await registerJson<Svn>(config, session.data.accessToken, path(id), { method })
    return { result: 'ok', svn }
  } catch (error) {
    if (error instanceof RegisterError && error.status === 409) return { result: 'conflict' }
    if (error instanceof RegisterError && error.status === 404) return { result: 'not-found' }
    throw error
  }
}

/** The search URL to return to from a detail view: only a search-screen path is accepted. */
export function backToSearch(value: string | null): string {
  const target = safeRedirectTarget(value)
  if (!target) return '/svn/search'
  const path = new URL(target, 'http://portal.invalid').pathname
  return path === '/svn/search' ? target : '/svn/search'
}
