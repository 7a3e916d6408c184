import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Database } from '../../db/client.ts'
import { jsonError } from '../errors.ts'
import { validate } from '../validation.ts'
import { loadSvn } from '../svn/record.ts'
import type { TransitionOutcome } from '../svn/transition.ts'
import type { AuthorityEnv } from './auth.ts'
import { AvBody, IdParam, IvBody, RejectBody } from './schemas.ts'
import {
  UnknownReasonError,
  executeAe,
  fetchAe,
  registerAv,
  registerIv,
  rejectAe,
  reserve,
} from './service.ts'

/**
 * Canton endpoints (DESIGN §5 "Canton side"), `/authority/svn/{id}/…`, for tokens with role BEHOERDE.
 * Each answers the moved record (200), 404 for an unknown or DELETABLE id, 409 `{error, status}`.
 */
export function authorityRoutes(db: Database, auth: MiddlewareHandler<AuthorityEnv>): Hono<AuthorityEnv> {
  const app = new Hono<AuthorityEnv>()
  app.use(auth)

  async function answer(c: Context, outcomes: TransitionOutcome[]) {
    const [outcome] = outcomes
    if (!outcome || outcome.result === 'not-found') return jsonError(c, 404, 'not found')
    if (outcome.result === 'conflict') return c.json({ error: 'conflict', status: outcome.status }, 409)
    const record = await loadSvn(db, outcome.id, { kind: 'any' })
    return record ? c.json(record) : jsonError(c, 404, 'not found')
  }

  app.get('/svn/:id', validate('param', IdParam), async (c) => {
    const record = await loadSvn(db, c.req.valid('param').id, { kind: 'any' })
    return record ? c.json(record) : jsonError(c, 404, 'not found')
  })

  app.post('/svn/:id/reserve', validate('param', IdParam), async (c) =>
    answer(c, await reserve(db, [c.req.valid('param').id], { actor: c.get('authority') })),
  )

  app.post('/svn/:id/iv', validate('param', IdParam), validate('json', IvBody), async (c) => {
    const svnId = c.req.valid('param').id
    return answer(c, await registerIv(db, [{ svnId, ...c.req.valid('json') }], { actor: c.get('authority') }))
  })

  app.post('/svn/:id/av', validate('param', IdParam), validate('json', AvBody), async (c) => {
    const svnId = c.req.valid('param').id
    return answer(c, await registerAv(db, [{ svnId, ...c.req.valid('json') }], { actor: c.get('authority') }))
  })

  app.post('/svn/:id/ae/fetch', validate('param', IdParam), async (c) =>
    answer(c, await fetchAe(db, [c.req.valid('param').id], { actor: c.get('authority') })),
  )

  app.post('/svn/:id/ae/reject', validate('param', IdParam), validate('json', RejectBody), async (c) => {
    try {
      const outcomes = await rejectAe(db, [c.req.valid('param').id], c.req.valid('json').reason, {
        actor: c.get('authority'),
      })
      return answer(c, outcomes)
    } catch (error) {
      if (error instanceof UnknownReasonError)
        return jsonError(c, 400, 'validation failed', { reason: ['unknown rejection reason'] })
      throw error
    }
  })

  app.post('/svn/:id/ae/execute', validate('param', IdParam), async (c) =>
    answer(c, await executeAe(db, [c.req.valid('param').id], { actor: c.get('authority') })),
  )

  return app
}
