import { fieldErrorsOf } from '../../domain/field-errors.ts'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { svnCreateTokens, svnDrafts } from '../../db/schema/svn.ts'
import { SVN_CREATE_AUTHORITIES, WIK_C_ROLE, createSvnSchema } from '../../domain/svn/create.ts'
import { zurichDay } from '../../domain/svn/dates.ts'
import { requireRole } from '../auth.ts'
import type { Caller, RegisterEnv } from '../context.ts'
import { jsonError } from '../errors.ts'
import { isUniqueViolation } from '../users/db-errors.ts'
import { fail, ok, VALIDATION_FAILED, type Outcome } from '../users/outcome.ts'
import { validate } from '../validation.ts'
import { actorOfCaller } from './actor.ts'
import { createSvns, type Creator } from './service.ts'

/** A create request is the form (a few KB) and a token; anything much larger is not a form. */
export const CREATE_BODY_MAX_BYTES = 64 * 1024

/**
 * POST svn/create body (contract in domain/svn/create.ts): the one-time form token and the raw form
 * values. The values are checked by the create schema, not here, so their errors keep their paths.
 */
export const CreateRequestSchema = z.object({
  formToken: z
    .string({ error: 'validation.required' })
    .regex(/^[A-Za-z0-9._~-]{8,100}$/, { error: 'validation.invalid' }),
  values: z.unknown(),
})
export type CreateRequest = z.output<typeof CreateRequestSchema>

export interface Created {
  svnID: number
  /** false: the token was used before and this is the SVN created then. */
  created: boolean
}

/** Broker callers create under their own broker number; tenancy fields never come from the form. */
export function creatorOf(caller: Caller): Outcome<Creator> {
  const broker = caller.roles.includes('MAKLER')
  const maklerNr = broker ? (caller.user.maklerNummer ?? null) : null
  // A broker without a number could not see what they created (scope.ts): refuse instead.
  if (broker && !maklerNr) return fail(403, 'no broker number')
  return ok({
    gsCode: caller.user.gsCode,
    maklerNr,
    // As the demo records: the creating user's e-mail (DESIGN §6, ADR 160).
    benutzer: caller.user.email,
    actor: actorOfCaller(caller),
  })
}

async function tokenOwner(db: Database, token: string) {
  const [row] = await db
    .select({ userId: svnCreateTokens.userId, svnId: svnCreateTokens.svnId })
    .from(svnCreateTokens)
    .where(eq(svnCreateTokens.token, token))
  return row ?? null
}

function repeated(row: { userId: number; svnId: number }, caller: Caller): Outcome<Created> {
  // Tokens are random per form; another user's token is never answered with their SVN.
  if (row.userId !== caller.user.id) return fail(409, 'form token already used')
  return ok({ svnID: row.svnId, created: false })
}

/**
 * Creates one SVN from the create form (spec §7 svn/create, DESIGN §5 "Create"): validated with the
 * domain schema, status OPEN, tenancy from the caller; idempotent by form token (a repeat answers the
 * SVN created first, also when two requests race: the token's primary key decides); the caller's
 * draft is deleted in the same transaction.
 */
export async function createFromForm(
  db: Database,
  caller: Caller,
  request: CreateRequest,
  at: Date = new Date(),
): Promise<Outcome<Created>> {
  const earlier = await tokenOwner(db, request.formToken)
  if (earlier) return repeated(earlier, caller)

  const creator = creatorOf(caller)
  if (!creator.ok) return creator
  const schema = createSvnSchema({ today: zurichDay(at), canWikC: caller.roles.includes(WIK_C_ROLE) })
  const parsed = schema.safeParse(request.values)
  if (!parsed.success) return fail(400, VALIDATION_FAILED, fieldErrorsOf(parsed.error))

  try {
    const svnID = await db.transaction(async (tx) => {
      const [id] = await createSvns(tx, [parsed.data], creator.value, at)
      if (id === undefined) throw new Error('create: no id returned')
      // Fails with a unique violation when the same token won a race meanwhile: all is rolled back.
      await tx
        .insert(svnCreateTokens)
        .values({ token: request.formToken, userId: caller.user.id, svnId: id, createdAt: at })
      await tx.delete(svnDrafts).where(eq(svnDrafts.userId, caller.user.id))
      return id
    })
    return ok({ svnID, created: true })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const winner = await tokenOwner(db, request.formToken)
    if (!winner) throw error
    return repeated(winner, caller)
  }
}

/** POST /create on the svn router. */
export function createRoutes(db: Database): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  app.post(
    '/create',
    requireRole(...SVN_CREATE_AUTHORITIES),
    bodyLimit({ maxSize: CREATE_BODY_MAX_BYTES, onError: (c) => jsonError(c, 413, 'request too large') }),
    validate('json', CreateRequestSchema),
    async (c) => {
      const outcome = await createFromForm(db, c.get('caller'), c.req.valid('json'))
      if (!outcome.ok) return jsonError(c, outcome.status, outcome.error, outcome.fieldErrors)
      return c.json({ svnID: outcome.value.svnID }, outcome.value.created ? 201 : 200)
    },
  )
  return app
}
