import { Hono, type MiddlewareHandler } from 'hono'
import type { Database } from '../../db/client.ts'
import { requireAnyRole } from '../auth.ts'
import type { RegisterEnv } from '../context.ts'
import { findLogo, listInsurerNames } from '../db/insurers.ts'
import { jsonError } from '../errors.ts'

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

  return app
}
