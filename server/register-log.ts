import type { HttpBindings } from '@hono/node-server'
import type { Response as ExpressResponse } from 'express'
import { createMiddleware } from 'hono/factory'
import { logEvent } from '../domain/log.ts'
import type { AuthorityEnv } from '../register/authority/auth.ts'
import type { RegisterEnv } from '../register/context.ts'
import { requestLogNotes } from './request-log.ts'

type Env = {
  Bindings: Partial<HttpBindings>
  Variables: Partial<RegisterEnv['Variables'] & AuthorityEnv['Variables']>
}

/**
 * Runs first in the register app (ADR 611): after the answer, tells the request log who called (the
 * token's subject) and logs every 401/403 with the register's reason ('invalid token', 'forbidden'…).
 */
export const registerLog = createMiddleware<Env>(async (c, next) => {
  await next()
  const subject = c.get('caller')?.subject ?? c.get('authority')?.subject
  // Outside Express (app.request in tests) there is no Node response and no request log.
  const notes = c.env?.outgoing ? requestLogNotes(c.env.outgoing as unknown as ExpressResponse) : undefined
  if (notes && subject) notes.user = subject
  const status = c.res.status
  if (status !== 401 && status !== 403) return
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null
  logEvent('warn', 'authz.denied', {
    side: 'register',
    requestId: notes?.requestId,
    method: c.req.method,
    // The path as the client sent it (Express' originalUrl keeps the /svnwebaccess mount).
    path: new URL(
      (c.env?.incoming as { originalUrl?: string } | undefined)?.originalUrl ?? c.req.path,
      'http://x',
    ).pathname,
    status,
    reason: typeof body?.error === 'string' ? body.error : undefined,
    user: subject,
  })
})
