import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { apiClients } from '../../db/schema/api-clients.ts'
import { insurers } from '../../db/schema/register.ts'
import type { InsurerRecord, UserRecord } from '../context.ts'
import { insurerColumns } from '../db/insurers.ts'

export type ApiClientRecord = typeof apiClients.$inferSelect

/** The API client behind a client-credentials token's `sub`, with its insurer; null when there is none. */
export async function findApiClientBySubject(
  db: Database,
  subject: string,
): Promise<{ client: ApiClientRecord; insurer: InsurerRecord } | null> {
  const [row] = await db
    .select({ client: apiClients, insurer: insurerColumns })
    .from(apiClients)
    .innerJoin(insurers, eq(insurers.gsCode, apiClients.gsCode))
    .where(eq(apiClients.clientId, subject))
    .limit(1)
  return row ?? null
}

/**
 * The register's routes read the caller's tenancy from a user record (insurer, broker number, the
 * `benutzer` of a created SVN). A client gets one made from its own row: a negative id, which no
 * user has (serial ids are positive), so per-user rows (create-form tokens) stay its own and nothing
 * is ever written under a person's id. Audit entries name the client (actorOfCaller).
 */
export function clientAsUser(client: ApiClientRecord): UserRecord {
  return {
    id: -client.id,
    version: 0,
    gsCode: client.gsCode,
    idpSubject: client.clientId,
    vorname: null,
    nachname: client.name,
    strasse: null,
    plz: null,
    ort: null,
    staat: null,
    fax: null,
    telefon: null,
    email: client.clientId,
    oeReferenz: null,
    type: client.maklerNummer ? 'MAKLER' : 'SACHBEARBEITER',
    maklerNummer: client.maklerNummer,
    aktiv: client.revokedAt === null,
    createdAt: client.createdAt,
    updatedAt: client.secretRotatedAt,
  }
}
