import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { hashClientSecret, newClientId, newClientSecret } from '../../db/api-client-secrets.ts'
import { apiClients } from '../../db/schema/api-clients.ts'
import { users } from '../../db/schema/register.ts'
import {
  API_CLIENT_VALIDATION,
  clientRolesFor,
  grantableClientRoles,
  type ApiClientJson,
  type ApiClientWithSecret,
} from '../../domain/api-clients/rules.ts'
import type { NewApiClient } from '../../domain/api-clients/schema.ts'
import { isRole } from '../../domain/roles.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { isUniqueViolation } from '../users/db-errors.ts'
import { offeringContextOf } from '../users/context.ts'
import { CONFLICT, NOT_FOUND, VALIDATION_FAILED, fail, ok, type Outcome } from '../users/outcome.ts'
import { brokerNumberOf } from '../users/scope.ts'

const t = apiClients

/** The clients an administrator sees and changes: its insurer's; a broker administrator's only its own number's. */
function scopeOf(caller: Caller): SQL {
  const nummer = brokerNumberOf(caller)
  const conditions = [eq(t.gsCode, caller.insurer.gsCode)]
  if (nummer === null) conditions.push(sql`false`)
  else if (nummer !== undefined) conditions.push(eq(t.maklerNummer, nummer))
  return and(...conditions) as SQL
}

const columns = {
  id: t.id,
  clientId: t.clientId,
  name: t.name,
  roles: t.roles,
  maklerNummer: t.maklerNummer,
  createdAt: t.createdAt,
  secretRotatedAt: t.secretRotatedAt,
  revokedAt: t.revokedAt,
  vorname: users.vorname,
  nachname: users.nachname,
}

interface Row {
  id: number
  clientId: string
  name: string
  roles: string[]
  maklerNummer: string | null
  createdAt: Date
  secretRotatedAt: Date
  revokedAt: Date | null
  vorname: string | null
  nachname: string | null
}

function toJson(row: Row): ApiClientJson {
  const createdBy = row.nachname === null ? null : [row.vorname, row.nachname].filter(Boolean).join(' ')
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    roles: row.roles.filter(isRole),
    maklerNummer: row.maklerNummer,
    createdAt: row.createdAt.toISOString(),
    createdBy,
    secretRotatedAt: row.secretRotatedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

function select(db: Pick<Database, 'select'>) {
  return db.select(columns).from(t).leftJoin(users, eq(users.id, t.createdByUserId))
}

/** The caller's clients, active ones first, newest first. */
export async function listApiClients(db: Database, caller: Caller): Promise<ApiClientJson[]> {
  const rows = await select(db)
    .where(scopeOf(caller))
    .orderBy(sql`${t.revokedAt} is not null`, desc(t.createdAt), desc(t.id))
  return rows.map(toJson)
}

export async function findApiClient(db: Database, caller: Caller, id: number): Promise<ApiClientJson | null> {
  const [row] = await select(db).where(and(eq(t.id, id), scopeOf(caller)))
  return row ? toJson(row) : null
}

/** Creates a client within the caller's insurer (and broker number); the secret is answered only now. */
export async function createApiClient(
  db: Database,
  caller: Caller,
  input: NewApiClient,
): Promise<Outcome<ApiClientWithSecret>> {
  const context = offeringContextOf(caller)
  const nummer = brokerNumberOf(caller)
  // A MAKLER token without a broker number administers nobody (ADR 720): its client would see nothing.
  if (nummer === null) return fail(403, 'no broker number')
  const grantable = grantableClientRoles(context)
  if (input.roles.some((role) => !grantable.includes(role))) {
    return fail(400, VALIDATION_FAILED, { roles: [API_CLIENT_VALIDATION.notGrantable] })
  }
  const secret = newClientSecret()
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(t)
        .values({
          clientId: newClientId(),
          gsCode: caller.insurer.gsCode,
          maklerNummer: nummer ?? null,
          name: input.name,
          roles: clientRolesFor(context, input.roles),
          secretHash: hashClientSecret(secret),
          createdByUserId: caller.user.id,
        })
        .returning({ id: t.id, clientId: t.clientId })
      if (!row) throw new Error('api client not inserted')
      await writeAudit(tx, {
        gsCode: caller.insurer.gsCode,
        actorUserId: caller.user.id,
        actorSubject: caller.subject,
        action: 'api-client.create',
        entity: 'api_client',
        entityId: String(row.id),
        details: { clientId: row.clientId, name: input.name },
      })
      return row.id
    })
    const client = await findApiClient(db, caller, id)
    if (!client) throw new Error('api client not found after create')
    return ok({ client, clientSecret: secret })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return fail(400, VALIDATION_FAILED, { name: [API_CLIENT_VALIDATION.nameTaken] })
  }
}

/** A new secret for an active client; the old one and every token issued before stop working. */
export async function rotateApiClientSecret(
  db: Database,
  caller: Caller,
  id: number,
): Promise<Outcome<ApiClientWithSecret>> {
  const secret = newClientSecret()
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ secretHash: hashClientSecret(secret), secretRotatedAt: new Date() })
      .where(and(eq(t.id, id), scopeOf(caller), isNull(t.revokedAt)))
      .returning({ id: t.id })
    if (!row) return 'missing' as const
    await writeAudit(tx, {
      gsCode: caller.insurer.gsCode,
      actorUserId: caller.user.id,
      actorSubject: caller.subject,
      action: 'api-client.rotate-secret',
      entity: 'api_client',
      entityId: String(id),
    })
    return 'done' as const
  })
  const client = await findApiClient(db, caller, id)
  if (!client) return fail(404, NOT_FOUND)
  // Visible but revoked: nothing to rotate.
  if (outcome === 'missing') return fail(409, CONFLICT)
  return ok({ client, clientSecret: secret })
}

/** Revokes a client: its tokens are refused from the next request on (auth checks per request). */
export async function revokeApiClient(
  db: Database,
  caller: Caller,
  id: number,
): Promise<Outcome<ApiClientJson>> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t)
      .set({ revokedAt: new Date() })
      .where(and(eq(t.id, id), scopeOf(caller), isNull(t.revokedAt)))
      .returning({ id: t.id })
    if (!row) return
    await writeAudit(tx, {
      gsCode: caller.insurer.gsCode,
      actorUserId: caller.user.id,
      actorSubject: caller.subject,
      action: 'api-client.revoke',
      entity: 'api_client',
      entityId: String(id),
    })
  })
  // Revoking twice is no error: the client stays revoked, as asked.
  const client = await findApiClient(db, caller, id)
  return client ? ok(client) : fail(404, NOT_FOUND)
}
