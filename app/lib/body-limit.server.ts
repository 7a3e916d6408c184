import { redirect, type RouterContextProvider } from 'react-router'
import {
  PORTAL_FORM_LIMIT,
  UPLOAD_BODY_LIMIT,
  declaredTooLarge,
  drainStream,
  readLimited,
} from '../../domain/body-limit.ts'
import { currentLanguage, getInstance } from './i18n.server.ts'
import { formatNumber } from '../../domain/number-format.ts'
import { refusalHref, refusalMessage } from './svn-import.server.ts'

type Context = Readonly<RouterContextProvider>

/**
 * The routes that take a file (logo, mass import), each with its own answer to a body over the upload
 * limit: the plain form POST returns to its screen with the screen's own message (issue 17 item 5),
 * the script's upload gets the message as JSON.
 */
const UPLOAD_ANSWERS: Record<string, (context: Context) => Response> = {
  '/logo': () => redirect('/logo?problem=tooLarge'),
  '/logo/upload': (context) =>
    Response.json(
      { ok: false, error: getInstance(context).t('admin.logo.errors.sizeExceeded') },
      { status: 413 },
    ),
  '/svn/import': () => redirect(refusalHref('tooLarge', [])),
  '/svn/import/upload': (context) =>
    Response.json({ error: refusalMessage(context, 'tooLarge', []) }, { status: 413 }),
}

/** Route paths match case-insensitively and with a trailing slash, as React Router matches them. */
function routeKey(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '') || '/'
}

/** The body limit of a portal route: the upload routes take files, every other form is small. */
export function portalBodyLimit(pathname: string): number {
  return routeKey(pathname) in UPLOAD_ANSWERS ? UPLOAD_BODY_LIMIT : PORTAL_FORM_LIMIT
}

/**
 * The answer to a body over the limit: the upload screens' own, else 413 with the translated message
 * (a UI route shows it on the error page, a resource route sends it as text). Nothing was read into
 * memory beyond the limit, nothing was saved. `drained: false` (more than the drain bound): close.
 */
function tooLarge(context: Context, pathname: string, limit: number, drained: boolean): Response {
  const answer = UPLOAD_ANSWERS[routeKey(pathname)]
  const response = answer
    ? answer(context)
    : new Response(
        getInstance(context).t('errors.bodyTooLarge', {
          maxMb: formatNumber(Math.round(limit / 1024 / 1024), currentLanguage(context)),
        }),
        { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
      )
  if (!drained) response.headers.set('Connection', 'close')
  return response
}

/**
 * The request body (any content type), read as a stream up to the route's limit, while the request
 * keeps its own copy for the action. Over the limit this throws the too-large answer, after reading
 * the rest away (bounded) so the browser sees it.
 */
export async function limitedRequestBody(
  context: Context,
  request: Request,
): Promise<Uint8Array<ArrayBuffer>> {
  const { pathname } = new URL(request.url)
  const limit = portalBodyLimit(pathname)
  if (!request.body) return new Uint8Array(0)
  if (declaredTooLarge(request.headers.get('Content-Length'), limit)) {
    throw tooLarge(context, pathname, limit, await drainStream(request.body))
  }
  const copy = request.clone()
  const result = await readLimited(copy.body, limit, {
    // The action's copy would keep every byte read from here on: cancel it.
    onOverflow: () => void request.body?.cancel().catch(() => {}),
  })
  if (!result.ok) throw tooLarge(context, pathname, limit, result.drained)
  return result.bytes
}
