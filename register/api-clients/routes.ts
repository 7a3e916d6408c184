import { Hono, type MiddlewareHandler } from 'hono'
import type { Database } from '../../db/client.ts'
import { newApiClientSchema } from '../../domain/api-clients/schema.ts'
import { requireRole } from '../auth.ts'
import type { RegisterEnv } from '../context.ts'
import { jsonError } from '../errors.ts'
import { IdParam, validate } from '../validation.ts'
import {
  createApiClient,
  findApiClient,
  listApiClients,
  revokeApiClient,
  rotateApiClientSecret,
} from './service.ts'

export interface ApiClientRoutesOptions {
  /** The IdP issues client-credentials tokens to these clients (the embedded IdP); otherwise 501. */
  enabled: boolean
}

/**
 * /api-clients (issue 19 item 2, ADR 181): the insurer's administrator (ADMIN) lists, creates, rotates
 * and revokes the API clients of its insurer; a broker's administrator only those of its broker number.
 * API clients themselves never hold ADMIN, so a client cannot make clients.
 */
export function apiClientRoutes(
  db: Database,
  auth: MiddlewareHandler<RegisterEnv>,
  options: ApiClientRoutesOptions,
) {
  const app = new Hono<RegisterEnv>()
  app.use(auth, requireRole('ADMIN'))
  app.use(async (c, next) => {
    // With Keycloak the clients are Keycloak's service accounts (docs/deployment.md), not ours.
    if (!options.enabled) return jsonError(c, 501, 'api clients are managed at the identity provider')
    await next()
  })

  app.get('/', async (c) => c.json({ clients: await listApiClients(db, c.get('caller')) }))

  app.post('/', validate('json', newApiClientSchema), async (c) => {
    const outcome = await createApiClient(db, c.get('caller'), c.req.valid('json'))
    if (!outcome.ok) return jsonError(c, outcome.status, outcome.error, outcome.fieldErrors)
    return c.json(outcome.value, 201)
  })

  app.get('/:id', validate('param', IdParam), async (c) => {
    const client = await findApiClient(db, c.get('caller'), c.req.valid('param').id)
    return client ? c.json(client) : jsonError(c, 404, 'not found')
  })

  app.post('/:id/secret', validate('param', IdParam), async (c) => {
    const outcome = await rotateApiClientSecret(db, c.get('caller'), c.req.valid('param').id)
    if (!outcome.ok) return jsonError(c, outcome.status, outcome.error, outcome.fieldErrors)
    return c.json(outcome.value)
  })

  app.post('/:id/revoke', validate('param', IdParam), async (c) => {
    const outcome = await revokeApiClient(db, c.get('caller'), c.req.valid('param').id)
    if (!outcome.ok) return jsonError(c, outcome.status, outcome.error, outcome.fieldErrors)
    return c.json(outcome.value)
  })
  return app
}
