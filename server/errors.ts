import type { ErrorRequestHandler } from 'express'
import { logEvent } from '../domain/log.ts'
import { requestLogNotes } from './request-log.ts'

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
}

/**
 * The last Express handler: an error no part answered gets its status and a short text, never the
 * stack — Express' own final handler sends `err.stack` whenever NODE_ENV is not `production` (ADR 700).
 * `dev` (NODE_ENV=development asked for explicitly) keeps Express' answer with the stack.
 */
export function finalErrorHandler(options: { dev: boolean }): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (options.dev || res.headersSent) return next(err)
    const raw =
      (err as { status?: unknown; statusCode?: unknown } | null)?.status ??
      (err as { statusCode?: unknown } | null)?.statusCode
    const status = typeof raw === 'number' && raw >= 400 && raw < 600 ? raw : 500
    if (status >= 500) {
      logEvent('error', 'request.error', {
        requestId: requestLogNotes(res)?.requestId,
        message: err instanceof Error ? err.message : String(err),
      })
    }
    res
      .status(status)
      .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      .send(STATUS_TEXT[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request'))
  }
}
