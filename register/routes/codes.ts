import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { requireAnyRole } from '../auth.ts'
import type { RegisterEnv } from '../context.ts'
import { codesOfCategory } from '../db/codes.ts'
import { jsonError } from '../errors.ts'
import { validate } from '../validation.ts'

export const CategoryParam = z.object({
  category: z.string().regex(/^[A-Za-z]{1,40}$/, 'category must be 1 to 40 letters'),
})

export function codesRoutes(db: Database, auth: MiddlewareHandler<RegisterEnv>): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  app.use(auth)

  app.get('/category/:category', requireAnyRole(), validate('param', CategoryParam), async (c) => {
    const { category } = c.req.valid('param')
    const items = await codesOfCategory(db, category)
    // A category exists only through its items; none means the category is unknown.
    if (items.length === 0) return jsonError(c, 404, 'unknown category')
    return c.json(items)
  })

  return app
}
