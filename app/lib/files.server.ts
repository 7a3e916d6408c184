import { redirect, type RouterContextProvider } from 'react-router'
import { canAccess } from '../../domain/access.ts'
import type { FileGenerationRequest } from '../../domain/files/generation.ts'
import {
  FILE_TYPE_SCREEN,
  isFileType,
  type FileCount,
  type FileEntry,
  type FileFormat,
  type FileType,
  type GeneratedFile,
} from '../../domain/files/types.ts'
import { fileHref, sortFilesByNameDesc } from '../components/files/pickup.ts'
import { currentSession, rememberWanted } from './auth.server.ts'
import { appContext } from './context.ts'
import { RegisterError, registerFetch, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** The register calls of the file pickup (spec §7 Files, DESIGN §5 File pickup). */

export async function listFiles(context: Context, session: Session, type: FileType): Promise<FileEntry[]> {
  const { config } = context.get(appContext)
  const files = await registerJson<FileEntry[]>(config, session.data.accessToken, `/files/${type}`)
  return sortFilesByNameDesc(files)
}

export async function countNotDownloaded(
  context: Context,
  session: Session,
  type: FileType,
): Promise<number> {
  const { config } = context.get(appContext)
  const { notDownloaded } = await registerJson<FileCount>(
    config,
    session.data.accessToken,
    `/files/${type}/count`,
  )
  return notDownloaded
}

export type GenerateOutcome =
  | { result: 'ok'; file: GeneratedFile }
  /** The register's field errors: field name → translation keys. */
  | { result: 'invalid'; fieldErrors: Record<string, string[]> }

export async function generateFile(
  context: Context,
  session: Session,
  type: FileType,
  format: FileFormat,
  body: FileGenerationRequest,
): Promise<GenerateOutcome> {
  const { config } = context.get(appContext)
  try {
    const file = await registerJson<GeneratedFile>(
      config,
      session.data.accessToken,
      `/files/${type}/${format}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        // Generation is synchronous in the register and may take a while for big insurers.
        signal: AbortSignal.timeout(300_000),
      },
    )
    return { result: 'ok', file }
  } catch (error) {
    if (error instanceof RegisterError && error.status === 400) {
      const named = (error.body as { fieldErrors?: unknown } | null)?.fieldErrors
      const fieldErrors: Record<string, string[]> = {}
      if (named && typeof named === 'object') {
        for (const [field, keys] of Object.entries(named)) {
          fieldErrors[field] = Array.isArray(keys) ? keys.filter((k) => typeof k === 'string') : []
        }
      }
      return { result: 'invalid', fieldErrors }
    }
    throw error
  }
}

/** Deletes a file; false when the register does not know it (gone meanwhile, or not this user's). */
export async function deleteFile(context: Context, session: Session, id: number): Promise<boolean> {
  const { config } = context.get(appContext)
  try {
    await registerFetch(config, session.data.accessToken, `/files/delete/${id}`, { method: 'DELETE' })
    return true
  } catch (error) {
    if (error instanceof RegisterError && error.status === 404) return false
    throw error
  }
}

/**
 * Guard of the download resource route: logged in (else to login, the file remembered), a known type
 * (else 404), and the authorities of that type's screen (else no-permission) — the same route-table
 * rule as the screen itself.
 */
export async function requireFileAccess(
  context: Context,
  request: Request,
  type: string,
): Promise<{ session: Session; type: FileType }> {
  if (!isFileType(type)) throw redirect('/404')
  const session = currentSession(context)
  if (!session) {
    const url = new URL(request.url)
    const setCookie = await rememberWanted(context.get(appContext).config, url.pathname + url.search)
    throw redirect('/login', setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
  }
  if (!canAccess(FILE_TYPE_SCREEN[type], session.data.roles)) throw redirect('/no-permission')
  return { session, type }
}

/** Response headers passed through from the register's download (others stay behind). */
const PASSED_HEADERS = ['Content-Type', 'Content-Disposition', 'Content-Length', 'Last-Modified'] as const

/**
 * Streams a file from the register to the browser without buffering it: the register's body is handed
 * on as it arrives, and a browser that goes away cancels the register call (request.signal).
 */
export async function downloadFile(
  context: Context,
  session: Session,
  request: Request,
  type: FileType,
  fileName: string,
): Promise<Response> {
  const { config } = context.get(appContext)
  let upstream: Response
  try {
    upstream = await registerFetch(
      config,
      session.data.accessToken,
      fileHref(type, fileName), // same shape as the register's path: /files/{type}/{fileName}
      { headers: { Accept: '*/*' }, signal: request.signal },
    )
  } catch (error) {
    if (error instanceof RegisterError && (error.status === 404 || error.status === 400))
      throw redirect('/404')
    throw error
  }
  const headers = new Headers({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' })
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/octet-stream')
  if (!headers.has('Content-Disposition')) headers.set('Content-Disposition', attachment(fileName))
  return new Response(upstream.body, { status: 200, headers })
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
