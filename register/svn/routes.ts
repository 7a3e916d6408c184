import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { SVN_SEARCH_AUTHORITIES } from '../../domain/svn/authorities.ts'
import { SvnSearchSchema } from '../../domain/svn/search.ts'
import { requireRole } from '../auth.ts'
import type { RegisterEnv } from '../context.ts'
import { jsonError } from '../errors.ts'
import { IdParam, idText, validate } from '../validation.ts'
import { actorOfCaller, applicantOf } from './actor.ts'
import { createRoutes } from './create.ts'
import { draftRoutes } from './draft.ts'
import { massImportRoutes } from './import/routes.ts'
import { loadSvnHistory } from './history.ts'
import { loadSvn } from './record.ts'
import { scopeOfCaller } from './scope.ts'
import { searchSvn } from './search.ts'
import {
  cancelAeRequest,
  cancelSvnRequest,
  createAeRequest,
  transitionOne,
  type SingleOutcome,
} from './service.ts'

export const DetailsQuery = z.object({ svnId: idText })

/** 200 with the moved record; 404 not visible to the caller; 409 with the status that stood in the way. */
export function outcomeResponse(c: Context, outcome: SingleOutcome): Response {
  if (outcome.result === 'not-found') return jsonError(c, 404, 'not found')
  if (outcome.result === 'conflict') return c.json({ error: 'conflict', status: outcome.status }, 409)
  return c.json(outcome.svn)
}

export function svnRoutes(db: Database, auth: MiddlewareHandler<RegisterEnv>): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  app.use(auth)
  const mayRead = requireRole(...SVN_SEARCH_AUTHORITIES)

  app.get('/search', mayRead, validate('query', SvnSearchSchema), async (c) => {
    return c.json(await searchSvn(db, c.req.valid('query'), scopeOfCaller(c.get('caller'))))
  })

  app.get('/details', mayRead, validate('query', DetailsQuery), async (c) => {
    const record = await loadSvn(db, c.req.valid('query').svnId, scopeOfCaller(c.get('caller')))
    return record ? c.json(record) : jsonError(c, 404, 'not found')
  })

  app.get('/:id/history', mayRead, validate('param', IdParam), async (c) => {
    const history = await loadSvnHistory(db, c.req.valid('param').id, scopeOfCaller(c.get('caller')))
    return history ? c.json(history) : jsonError(c, 404, 'not found')
  })

  app.put('/cancel/ae/:id', requireRole('AE_STORNIEREN'), validate('param', IdParam), async (c) => {
    const caller = c.get('caller')
    const move = { actor: actorOfCaller(caller), scope: scopeOfCaller(caller) }
    return outcomeResponse(c, await transitionOne(db, c.req.valid('param').id, cancelAeRequest(move)))
  })

  app.put('/cancel/:id', requireRole('SVN_STORNIEREN'), validate('param', IdParam), async (c) => {
    const caller = c.get('caller')
    const move = { actor: actorOfCaller(caller), scope: scopeOfCaller(caller) }
    return outcomeResponse(c, await transitionOne(db, c.req.valid('param').id, cancelSvnRequest(move)))
  })

  app.post('/create/ae/:id', requireRole('AE_ERSTELLEN'), validate('param', IdParam), async (c) => {
    const caller = c.get('caller')
    const move = {
      actor: actorOfCaller(caller),
      scope: scopeOfCaller(caller),
      applicant: applicantOf(caller),
    }
    return outcomeResponse(c, await transitionOne(db, c.req.valid('param').id, createAeRequest(move)))
  })

  // POST /create (the create form, idempotent by form token) and the caller's draft.
  app.route('/', createRoutes(db))
  app.route('/', draftRoutes(db))
  app.route('/massenimport', massImportRoutes(db))

  return app
}
