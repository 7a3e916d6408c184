import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import { logEvent } from '../domain/log.ts'

/**
 * What the parts of the app tell the request log about a request (res.locals.requestLog). The portal
 * and the register fill `user` (the IdP subject) once they know the caller.
 */
export interface RequestLogNotes {
  requestId: string
  user?: string
}

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** An id a proxy may hand in: short, plain characters only (no injection into the log or headers). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/
/** Answers nobody needs a line for when they went well: build assets and the probes. */
const QUIET_PATHS = /^\/(assets\/|favicon|robots\.txt|healthz$|readyz$)|\.(css|js|png|svg|ico|woff2?)$/

export function requestLogNotes(res: Response): RequestLogNotes | undefined {
  return res.locals.requestLog as RequestLogNotes | undefined
}

/**
 * One JSON line per request on stdout (ADR 611): time, request id, method, path without the query
 * (only the query's parameter names: values can be names or dates of birth), status, duration, user.
 * Never headers, cookies, tokens or bodies. Successful asset and probe requests are not logged.
 * `trustProxyId`: take X-Request-Id from the proxy in front (only behind one, i.e. SECURE).
 */
export function requestLog(options: { trustProxyId: boolean }): RequestHandler {
  return (req, res, next) => {
    const started = performance.now()
    const offered = req.get(REQUEST_ID_HEADER)
    const requestId =
      options.trustProxyId && offered && SANE_REQUEST_ID.test(offered) ? offered : randomUUID()
    const notes: RequestLogNotes = { requestId }
    res.locals.requestLog = notes
    res.setHeader(REQUEST_ID_HEADER, requestId)
    // originalUrl: the mounted routers (register, IdP) rewrite req.url.
    const url = new URL(req.originalUrl, 'http://x')

    let done = false
    const finish = (aborted: boolean) => {
      if (done) return
      done = true
      const status = res.statusCode
      if (!aborted && status < 400 && QUIET_PATHS.test(url.pathname)) return
      const query = [...new Set(url.searchParams.keys())].join(',')
      logEvent(status >= 500 ? 'error' : 'info', 'request', {
        requestId,
        method: req.method,
        path: url.pathname,
        query: query || undefined,
        status,
        durationMs: Math.round(performance.now() - started),
        user: notes.user,
        aborted: aborted || undefined,
        // Under WEB_CONCURRENCY > 1: which worker answered (ADR 522).
        pid: cluster.isWorker ? process.pid : undefined,
      })
    }
    res.once('finish', () => finish(false))
    res.once('close', () => finish(!res.writableFinished))
    next()
  }
}
