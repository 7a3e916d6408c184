import { redirect, type RouterContextProvider } from 'react-router'
import {
  IMPORT_FIELD,
  IMPORT_LIMITS,
  IMPORT_PROBLEMS,
  type ImportProblem,
  type ImportRefusal,
  type ImportResult,
} from '../../domain/svn/import.ts'
import { appContext } from './context.ts'
import { importRefusalText } from './import-refusal.ts'
import { currentLanguage, getInstance } from './i18n.server.ts'
import { RegisterError, registerFetch, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** The register calls of the mass-import screen (spec §7 svn/massenimport*, DESIGN §5). */

/** The register writes headers and the error column in this language. */
function languageHeaders(context: Context): Record<string, string> {
  return { 'Accept-Language': currentLanguage(context) }
}

export type UploadOutcome =
  { ok: true; result: ImportResult } | { ok: false; problem: ImportProblem; columns: string[] }

/** Multipart envelope room on top of the file cap (boundaries, the CSRF field). */
export const UPLOAD_BODY_LIMIT = IMPORT_LIMITS.maxBytes + 64 * 1024

/** Sends the chosen file on to the register; a refused file comes back as its problem. */
export async function uploadImport(context: Context, session: Session, file: File): Promise<UploadOutcome> {
  const { config } = context.get(appContext)
  const form = new FormData()
  form.set(IMPORT_FIELD, file, file.name || 'import.xlsx')
  try {
    const result = await registerJson<ImportResult>(config, session.data.accessToken, '/svn/massenimport', {
      method: 'POST',
      body: form,
      headers: languageHeaders(context),
      // 10 MB over a slow link plus 5 000 rows of checks: more than the client's default 30 s.
      signal: AbortSignal.timeout(120_000),
    })
    return { ok: true, result }
  } catch (error) {
    if (error instanceof RegisterError && error.status === 400) {
      const body = error.body as Partial<ImportRefusal> | null
      const problem = (IMPORT_PROBLEMS as readonly string[]).includes(body?.problem ?? '')
        ? (body?.problem as ImportProblem)
        : 'broken'
      return { ok: false, problem, columns: body?.columns ?? [] }
    }
    throw error
  }
}

/** The translated message for a refused file (validation.import.*), naming the columns concerned. */
export function refusalMessage(context: Context, problem: ImportProblem, columns: readonly string[]): string {
  return importRefusalText(getInstance(context).t, currentLanguage(context), problem, columns)
}

export async function errorFileAvailable(context: Context, session: Session): Promise<boolean> {
  const { config } = context.get(appContext)
  const body = await registerJson<{ available: boolean }>(
    config,
    session.data.accessToken,
    '/svn/massenimport/error/available',
  )
  return body.available
}

/**
 * A register workbook streamed through: its Content-Type and Content-Disposition (the file name) are
 * kept; the bytes are never buffered in the portal. A missing file answers 404.
 */
export async function downloadWorkbook(
  context: Context,
  session: Session,
  which: 'vorlage' | 'error',
): Promise<Response> {
  const { config } = context.get(appContext)
  try {
    const upstream = await registerFetch(config, session.data.accessToken, `/svn/massenimport/${which}`, {
      headers: {
        ...languageHeaders(context),
        Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    })
    const headers = new Headers({
      'Content-Type': upstream.headers.get('Content-Type') ?? 'application/octet-stream',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    const disposition = upstream.headers.get('Content-Disposition')
    if (disposition) headers.set('Content-Disposition', disposition)
    const length = upstream.headers.get('Content-Length')
    if (length) headers.set('Content-Length', length)
    return new Response(upstream.body, { status: 200, headers })
  } catch (error) {
    // No such file (e.g. no import with errors yet): the portal's translated page, as for pickup files.
    if (error instanceof RegisterError && error.status === 404) throw redirect('/404')
    throw error
  }
}

/** Where the screen shows an import's counts (a GET after the POST, so reloading never imports twice). */
export function resultHref(result: Pick<ImportResult, 'imported' | 'failed'>): string {
  return `/svn/import?imported=${result.imported}&failed=${result.failed}`
}

/** Where the screen shows why a file was refused (without JS: a GET after the POST as well). */
export function refusalHref(problem: ImportProblem, columns: readonly string[]): string {
  const params = new URLSearchParams({ problem })
  for (const column of columns.slice(0, 40)) params.append('column', column)
  return `/svn/import?${params.toString()}`
}

/** A refusal named in the screen's URL, or null. */
export function refusalFromUrl(
  params: URLSearchParams,
): { problem: ImportProblem; columns: string[] } | null {
  const problem = params.get('problem')
  if (!problem || !(IMPORT_PROBLEMS as readonly string[]).includes(problem)) return null
  return { problem: problem as ImportProblem, columns: params.getAll('column').map((c) => c.slice(0, 200)) }
}

export type HandledUpload = { ok: true; href: string } | { ok: false; message: string; href: string }

/**
 * The upload POST of the import screen (plain form or XMLHttpRequest): the size is checked before the
 * body is read, then the file goes to the register. Nothing is stored for a refused file.
 */
export async function handleImportUpload(
  context: Context,
  session: Session,
  request: Request,
): Promise<HandledUpload> {
  const refuse = (problem: ImportProblem, columns: readonly string[] = []): HandledUpload => ({
    ok: false,
    message: refusalMessage(context, problem, columns),
    href: refusalHref(problem, columns),
  })
  const length = Number(request.headers.get('Content-Length') ?? '0')
  if (length > UPLOAD_BODY_LIMIT) return refuse('tooLarge')
  const form = await request.formData().catch(() => null)
  const file = form?.get(IMPORT_FIELD)
  if (!(file instanceof File) || file.size === 0) return refuse('required')
  if (file.size > IMPORT_LIMITS.maxBytes) return refuse('tooLarge')
  const outcome = await uploadImport(context, session, file)
  if (!outcome.ok) return refuse(outcome.problem, outcome.columns)
  return { ok: true, href: resultHref(outcome.result) }
}
