import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Database } from '../../db/client.ts'
import { requireAnyRole, requireRole } from '../auth.ts'
import { brokerNumberOf } from '../users/scope.ts'
import type { RegisterEnv } from '../context.ts'
import { findLogo, listInsurerNames } from '../db/insurers.ts'
import { listRoleGroups } from '../db/role-groups.ts'
import { jsonError } from '../errors.ts'
import { LOGO_ERRORS, LOGO_MAX_BYTES } from '../logo/process-logo.ts'
import { uploadLogo } from '../logo/upload-logo.ts'
import { roleGroupListSchema, saveRoleGroups } from '../users/role-groups.ts'
import { validate } from '../validation.ts'

/** Room for the multipart envelope (boundaries, part headers) around a file of the maximum size. */
const MULTIPART_SLACK_BYTES = 64 * 1024

export function versicherungRoutes(db: Database, auth: MiddlewareHandler<RegisterEnv>): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  app.use(auth)

  // Names only (the portal turns them into a code → name map); no addresses or logos of others.
  app.get('/', requireAnyRole(), async (c) => c.json(await listInsurerNames(db)))

  // Only ever the caller's own insurer. The portal puts logoVersion into the URL, so the bytes
  // behind a URL never change and the browser may keep them.
  app.get('/logo', async (c) => {
    const logo = await findLogo(db, c.get('caller').insurer.gsCode)
    if (!logo) return jsonError(c, 404, 'no logo')
    return c.body(new Uint8Array(logo.bytes), 200, {
      'Content-Type': logo.mimeType,
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ETag: `"logo-${logo.version}"`,
    })
  })

  app.get('/rolegroups', requireRole('GROUP_ADMIN'), async (c) =>
    c.json(await listRoleGroups(db, c.get('caller').insurer.gsCode)),
  )

  app.put('/rolegroups', requireRole('GROUP_ADMIN'), validate('json', roleGroupListSchema), async (c) => {
    // A group's roles reach every member, beyond a broker's own users (ADR 720).
    if (brokerNumberOf(c.get('caller')) !== undefined) return jsonError(c, 403, 'forbidden')
    const outcome = await saveRoleGroups(db, c.get('caller'), c.req.valid('json'))
    if (!outcome.ok) return jsonError(c, outcome.status, outcome.error, outcome.fieldErrors)
    return c.json(outcome.value)
  })

  app.post(
    '/logo',
    requireRole('ADMIN'),
    // Refuses by Content-Length before reading, and stops a chunked body once it grows too large.
    bodyLimit({
      maxSize: LOGO_MAX_BYTES + MULTIPART_SLACK_BYTES,
      onError: (c) => jsonError(c, 400, LOGO_ERRORS.sizeExceeded),
    }),
    async (c) => {
      const body = await c.req.parseBody().catch(() => null)
      const file = body?.file
      if (!(file instanceof File)) {
        return jsonError(c, 400, LOGO_ERRORS.required, { file: ['validation.required'] })
      }
      if (file.size > LOGO_MAX_BYTES) return jsonError(c, 400, LOGO_ERRORS.sizeExceeded)
      const outcome = await uploadLogo(db, c.get('caller'), Buffer.from(await file.arrayBuffer()))
      if (!outcome.ok) return jsonError(c, outcome.status, outcome.error)
      return c.json(outcome.value)
    },
  )

  return app
}
