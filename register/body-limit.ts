import type { MiddlewareHandler } from 'hono'
import { REGISTER_BODY_LIMIT, declaredTooLarge, drainStream, readLimited } from '../domain/body-limit.ts'
import { jsonError } from './errors.ts'

/** The two routes that take a file (multipart); every other body is JSON of a few kilobytes. */
const UPLOAD_ROUTES = [/^\/versicherung\/logo\/?$/i, /^\/svn\/massenimport\/?$/i]

/**
 * The body limit of a register route, or null for the two upload routes: they limit their bodies
 * themselves (hono's bodyLimit, 10 MiB + 64 KiB, answering the upload's own error code) and only after
 * the token and role check, so nobody makes us hold a file unauthenticated.
 */
export function registerBodyLimit(method: string, path: string): number | null {
  return method === 'POST' && UPLOAD_ROUTES.some((route) => route.test(path)) ? null : REGISTER_BODY_LIMIT
}

/**
 * The register's body limit, before routing and authentication (issue 17 item 4, ADR 711): 413 in the
 * API's error shape. An announced length over the limit is refused unread (and drained, bounded); a
 * body without length (chunked) is read as a stream up to the limit, then handed on.
 */
export function bodyLimitMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw
    if (!raw.body || c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const limit = registerBodyLimit(c.req.method, c.req.path)
    if (limit === null) return next()
    const tooLarge = (drained = true) => {
      if (!drained) c.header('Connection', 'close')
      return jsonError(c, 413, 'payload too large')
    }
    if (declaredTooLarge(c.req.header('Content-Length'), limit)) return tooLarge(await drainStream(raw.body))
    if (c.req.header('Content-Length') !== undefined) return next()
    const result = await readLimited(raw.body, limit)
    if (!result.ok) return tooLarge(result.drained)
    c.req.raw = new Request(raw, { body: result.bytes })
    return next()
  }
}
