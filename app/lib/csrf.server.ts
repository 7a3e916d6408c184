import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createCookie, type MiddlewareFunction } from 'react-router'
import { logEvent } from '../../domain/log.ts'
import { appContext } from './context.ts'
import { parseSigned } from './signed-cookie.server.ts'
import { redirectWithMessage } from './toast.server.ts'

export const CSRF_FIELD = 'csrf'
export const CSRF_HEADER = 'X-CSRF-Token'

/**
 * The largest form body the portal reads: the 10 MiB upload limit (logo, mass import) plus room for
 * the other fields, so the screens themselves still answer a file just over 10 MiB with their message.
 */
export const MAX_FORM_BYTES = 11 * 1024 * 1024

class BodyTooLarge extends Error {}

/** The request's form fields, reading at most MAX_FORM_BYTES (a chunked body has no Content-Length). */
async function limitedFormData(request: Request, type: string): Promise<FormData> {
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_FORM_BYTES) throw new BodyTooLarge()
  const body = request.clone().body
  if (!body) return new FormData()
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > MAX_FORM_BYTES) throw new BodyTooLarge()
    chunks.push(chunk)
  }
  return new Response(Buffer.concat(chunks), { headers: { 'Content-Type': type } }).formData()
}

function csrfCookie(secure: boolean, secret: string) {
  return createCookie(secure ? '__Host-svn_csrf' : 'svn_csrf', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    secrets: [secret],
  })
}

/** The anti-forgery token of this browser session, and a Set-Cookie header when it was just made. */
export async function csrfToken(
  request: Request,
  secure: boolean,
  secret: string,
): Promise<{ token: string; setCookie: string | null }> {
  const cookie = csrfCookie(secure, secret)
  const existing: unknown = await parseSigned(cookie, request.headers.get('Cookie'), secret)
  if (typeof existing === 'string' && existing.length >= 32) return { token: existing, setCookie: null }
  const token = randomBytes(32).toString('base64url')
  return { token, setCookie: await cookie.serialize(token) }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Every non-GET request to the portal must carry the token from its cookie, as form field or header
 * (the Origin check in server.ts comes first). A mismatch answers 403.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === 'GET' || request.method === 'HEAD') return next()
  const { config } = context.get(appContext)
  const expected: unknown = await csrfCookie(config.secure, config.sessionSecret).parse(
    request.headers.get('Cookie'),
  )
  // The form is read even when the token comes as header, so a body that does not parse as the form it
  // claims to be is refused here (400) before any action reads it (a 500 found by the fuzz tests, ADR 610).
  const type = request.headers.get('Content-Type') ?? ''
  let form: FormData | null = null
  if (type.includes('form')) {
    try {
      form = await limitedFormData(request, type)
    } catch (error) {
      if (!(error instanceof BodyTooLarge))
        throw new Response('Bad Request: malformed form body', { status: 400 })
      // Nothing of it is read: back to the same screen with the reason.
      const url = new URL(request.url)
      throw await redirectWithMessage(config, `${url.pathname}${url.search}`, {
        type: 'error',
        message: 'errors.bodyTooLarge',
      })
    }
  }
  const field = form?.get(CSRF_FIELD)
  const sent = request.headers.get(CSRF_HEADER) || (typeof field === 'string' ? field : null)
  if (typeof expected !== 'string' || !sent || !same(expected, sent)) {
    logEvent('warn', 'authz.denied', {
      side: 'portal',
      requestId: context.get(appContext).requestLog?.requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      reason: sent ? 'csrf token wrong' : 'csrf token missing',
    })
    throw new Response('Forbidden: anti-forgery token missing or wrong', { status: 403 })
  }
  return next()
}
