import { parse as parseQuery } from 'node:querystring'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express'
import { IDP_BODY_LIMIT, declaredTooLarge, drainStream, readLimited } from '../domain/body-limit.ts'
import { pickLanguage } from './i18n.ts'
import { pageContext } from './provider.ts'
import { sendHtml } from './views/send.ts'
import { errorPage } from './views/messages.ts'

function bodyOf(req: Request): ReadableStream<Uint8Array> {
  return Readable.toWeb(req) as NodeReadableStream<Uint8Array> as unknown as ReadableStream<Uint8Array>
}

/**
 * The IdP's answer to a body over the limit: its translated error page for the browser's forms (login,
 * password setup), an OAuth error for the protocol endpoints.
 */
function refuse(options: { issuer: string; csp: string }, req: Request, res: Response, drained = true) {
  if (!drained) res.set('Connection', 'close')
  if (req.accepts(['json', 'html']) === 'html') {
    const page = pageContext(options.issuer, pickLanguage(req.get('accept-language'), req.get('cookie')))
    sendHtml(res, options.csp, 413, errorPage(page, { tooLarge: true }))
    return
  }
  res
    .status(413)
    .set('Cache-Control', 'no-store')
    .json({ error: 'invalid_request', error_description: 'request body too large' })
}

/**
 * The IdP's body limit, first in its router (issue 17 item 4, ADR 711). oidc-provider and the login
 * form's parser stop at 56 KiB and 16 KiB, but answer 400 or fail with 500 and leave the rest unread.
 * Here: an announced length over 64 KiB is read away (bounded) and refused with 413; a body without
 * length (chunked) is read as a stream up to the limit and handed on already read — as the parsed form
 * the login routes' parser and the provider accept (`req.body`), or as text the provider parses.
 */
export function bodyLimit(options: { issuer: string; csp: string }): RequestHandler {
  return (req, res, next) => {
    const length = req.get('content-length')
    const hasBody = length !== undefined ? length !== '0' : req.get('transfer-encoding') !== undefined
    if (!hasBody || req.method === 'GET' || req.method === 'HEAD') return next()
    if (declaredTooLarge(length, IDP_BODY_LIMIT)) {
      void drainStream(bodyOf(req)).then((drained) => refuse(options, req, res, drained), next)
      return
    }
    if (length !== undefined) return next()
    readLimited(bodyOf(req), IDP_BODY_LIMIT).then((result) => {
      if (!result.ok) return refuse(options, req, res, result.drained)
      const text = new TextDecoder().decode(result.bytes)
      req.body = req.is('application/x-www-form-urlencoded') ? { ...parseQuery(text) } : text
      next()
    }, next)
  }
}

/** A body parser's own limit error (express.urlencoded: 413 `entity.too.large`) answered the same way. */
export function bodyLimitErrors(options: { issuer: string; csp: string }): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    const status = (err as { status?: unknown } | null)?.status
    if (status !== 413 || res.headersSent) return next(err)
    refuse(options, req, res)
  }
}
