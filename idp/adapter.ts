import { and, eq, lt, sql } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Database } from '../db/client.ts'
import { idpPayloads } from '../db/schema/idp.ts'

const t = idpPayloads

function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000)
}

/**
 * oidc-provider storage on idp_payloads: one row per (model kind, id). Sessions, grants, codes and
 * refresh tokens live in the database so they survive restarts and are shared by every instance.
 * Expired rows count as missing and are purged now and then.
 */
export function createAdapterFactory(db: Database): (name: string) => Adapter {
  let lastPurge = 0

  async function purgeExpired(): Promise<void> {
    const now = Date.now()
    if (now - lastPurge < 60_000) return
    lastPurge = now
    await db.delete(t).where(lt(t.expiresAt, new Date(now)))
  }

  function toPayload(row: { payload: unknown; consumedAt: Date | null }): AdapterPayload {
    // Some driver paths hand jsonb back as text; accept both.
    const payload = (
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    ) as AdapterPayload
    return row.consumedAt ? { ...payload, consumed: epochSeconds(row.consumedAt) } : payload
  }

  function live(row: { expiresAt: Date | null } | undefined): boolean {
    return !!row && (row.expiresAt === null || row.expiresAt.getTime() > Date.now())
  }

  return (kind: string): Adapter => {
    async function findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select({ id: t.id, payload: t.payload, consumedAt: t.consumedAt, expiresAt: t.expiresAt })
        .from(t)
        .where(and(eq(t.kind, kind), condition))
        .limit(1)
      if (!row) return undefined
      if (!live(row)) {
        await db.delete(t).where(and(eq(t.kind, kind), eq(t.id, row.id), lt(t.expiresAt, new Date())))
        await purgeExpired()
        return undefined
      }
      return toPayload(row)
    }

    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null
        const values = {
          payload: sql`${JSON.stringify(payload)}::jsonb`,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt,
          consumedAt: null,
        }
        await db
          .insert(t)
          .values({ kind, id, ...values })
          .onConflictDoUpdate({ target: [t.kind, t.id], set: values })
        await purgeExpired()
      },
      find: (id) => findWhere(eq(t.id, id)),
      findByUid: (uid) => findWhere(eq(t.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(t.userCode, userCode)),
      async consume(id) {
        await db
          .update(t)
          .set({ consumedAt: new Date() })
          .where(and(eq(t.kind, kind), eq(t.id, id)))
      },
      async destroy(id) {
        await db.delete(t).where(and(eq(t.kind, kind), eq(t.id, id)))
      },
      async revokeByGrantId(grantId) {
        await db.delete(t).where(and(eq(t.kind, kind), eq(t.grantId, grantId)))
      },
    }
  }
}
