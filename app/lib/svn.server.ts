import { redirect, type RouterContextProvider } from 'react-router'
import { safeRedirectTarget } from '../../domain/safe-redirect.ts'
import type { SvnHistory } from '../../domain/svn/history.ts'
import {
  SEARCH_LIMIT,
  SEARCH_PAGE_SIZE,
  type SearchResult,
  type SvnSearchQuery,
} from '../../domain/svn/search.ts'
import type { Svn } from '../../domain/svn/types.ts'
import { pageCountOf, parsePage } from '../components/table/pagination.ts'
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

export interface SearchPage extends SearchResult {
  /** The matches the pages hold: at most SEARCH_LIMIT (`total` may say one more, ADR 502). */
  shown: number
  page: number
  pageCount: number
}

/**
 * The page of the URL (`requested`, as typed) with one register call: only its rows come back, with the
 * total. A page past the last (an edited or old URL) shows the first, as parsePage does with any page
 * out of range; that costs a second call, only then.
 */
export async function searchPage(
  fetchPage: (page: number) => Promise<SearchResult>,
  requested: string | null,
): Promise<SearchPage> {
  const asked = parsePage(requested, pageCountOf(SEARCH_LIMIT, SEARCH_PAGE_SIZE))
  let result = await fetchPage(asked)
  let shown = Math.min(result.total, SEARCH_LIMIT)
  let pageCount = pageCountOf(shown, SEARCH_PAGE_SIZE)
  const page = parsePage(requested, pageCount)
  if (page !== asked && shown > 0) {
    result = await fetchPage(page)
    shown = Math.min(result.total, SEARCH_LIMIT)
    pageCount = pageCountOf(shown, SEARCH_PAGE_SIZE)
  }
  return { rows: result.rows, total: result.total, shown, page, pageCount }
}

/** One page (SEARCH_PAGE_SIZE rows) of the search, `requested` as the URL's `page` says it. */
export async function searchSvn(
  context: Context,
  session: Session,
  query: SvnSearchQuery,
  requested: string | null,
): Promise<SearchPage> {
  const { config } = context.get(appContext)
  return searchPage(
    (page) =>
      registerJson<SearchResult>(
        config,
        session.data.accessToken,
        `/svn/search?${searchQueryString({ ...query, page, pageSize: SEARCH_PAGE_SIZE })}`,
      ),
    requested,
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
