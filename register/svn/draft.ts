import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Database } from '../../db/client.ts'
import { svnDrafts } from '../../db/schema/svn.ts'
import { SVN_CREATE_AUTHORITIES, valueAt, valuesFrom, type CreateSvnValues } from '../../domain/svn/create.ts'
import { toStorable } from '../../domain/text.ts'
import { refuseApiClients, requireRole } from '../auth.ts'
import type { Caller, RegisterEnv } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { jsonError } from '../errors.ts'

/** A draft is one form's typed values: a few KB; 64 KB is far beyond any honest form. */
export const DRAFT_MAX_BYTES = 64 * 1024

export interface Draft {
  values: CreateSvnValues
  updatedAt: string
}

/**
 * The stored shape: only the create form's fields, each as the text typed (ADR 160). Whatever else
 * arrives is dropped, so a restored draft is always a well-formed form, never someone's payload.
 */
export function draftValuesOf(body: unknown): CreateSvnValues {
  // jsonb refuses U+0000 and lone surrogates (ADR 610); a draft keeps the rest of what was typed.
  return valuesFrom((name) => toStorable(valueAt(body, name)))
}

export async function loadDraft(db: Database, userId: number): Promise<Draft | null> {
  const [row] = await db.select().from(svnDrafts).where(eq(svnDrafts.userId, userId))
  if (!row) return null
  return { values: draftValuesOf(row.values), updatedAt: row.updatedAt.toISOString() }
}

/**
 * Saves the caller's one draft (DESIGN §5 "Drafts"), replacing the earlier one. Auto-save runs every
 * few seconds while a clerk types, so only the first save of a draft is audited (and its deletion);
 * each replacement is not (ADR 160).
 */
export async function saveDraft(db: Database, caller: Caller, body: unknown, at: Date = new Date()) {
  const values = draftValuesOf(body)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(svnDrafts)
      .values({ userId: caller.user.id, values, updatedAt: at })
      .onConflictDoUpdate({ target: svnDrafts.userId, set: { values, updatedAt: at } })
      // xmax = 0 only for a freshly inserted row (PostgreSQL and PGlite alike).
      .returning({ updatedAt: svnDrafts.updatedAt, inserted: sql<boolean>`(xmax = 0)` })
    if (!row) throw new Error('draft not stored')
    if (row.inserted) {
      await writeAudit(tx, {
        at,
        gsCode: caller.user.gsCode,
        actorUserId: caller.user.id,
        actorSubject: caller.subject,
        action: 'svn.draft.save',
        entity: 'svn_draft',
        entityId: String(caller.user.id),
      })
    }
    return { updatedAt: row.updatedAt.toISOString() }
  })
}

export async function deleteDraft(db: Database, caller: Caller, at: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(svnDrafts)
      .where(eq(svnDrafts.userId, caller.user.id))
      .returning({ userId: svnDrafts.userId })
    if (gone.length === 0) return false
    await writeAudit(tx, {
      at,
      gsCode: caller.user.gsCode,
      actorUserId: caller.user.id,
      actorSubject: caller.subject,
      action: 'svn.draft.delete',
      entity: 'svn_draft',
      entityId: String(caller.user.id),
    })
    return true
  })
}

/** GET, POST and DELETE /draft on the svn router: always the caller's own draft. */
export function draftRoutes(db: Database): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  const mayCreate = [requireRole(...SVN_CREATE_AUTHORITIES), refuseApiClients()] as const

  app.get('/draft', ...mayCreate, async (c) => {
    const draft = await loadDraft(db, c.get('caller').user.id)
    return draft ? c.json(draft) : c.body(null, 204)
  })

  app.post(
    '/draft',
    ...mayCreate,
    bodyLimit({ maxSize: DRAFT_MAX_BYTES, onError: (c) => jsonError(c, 413, 'draft too large') }),
    async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined)
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return jsonError(c, 400, 'validation failed', { _: ['validation.invalid'] })
      }
      return c.json(await saveDraft(db, c.get('caller'), body))
    },
  )

  app.delete('/draft', ...mayCreate, async (c) => {
    await deleteDraft(db, c.get('caller'))
    return c.body(null, 204)
  })

  return app
}
