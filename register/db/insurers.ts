import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { insurers } from '../../db/schema/register.ts'

/** Every insurer column but the logo bytes, which only the logo route reads. */
export const insurerColumns = {
  gsCode: insurers.gsCode,
  version: insurers.version,
  name: insurers.name,
  strasse: insurers.strasse,
  plz: insurers.plz,
  ort: insurers.ort,
  telefon: insurers.telefon,
  vgReferenz: insurers.vgReferenz,
  forceKontaktDetails: insurers.forceKontaktDetails,
  makler: insurers.makler,
  hasRoleGroups: insurers.hasRoleGroups,
  logoMimeType: insurers.logoMimeType,
  logoVersion: insurers.logoVersion,
}

export function listInsurerNames(db: Database): Promise<Array<{ gsCode: string; name: string }>> {
  return db
    .select({ gsCode: insurers.gsCode, name: insurers.name })
    .from(insurers)
    .orderBy(asc(insurers.gsCode))
}

export async function findLogo(
  db: Database,
  gsCode: string,
): Promise<{ bytes: Buffer; mimeType: string; version: number } | null> {
  const [row] = await db
    .select({ bytes: insurers.logo, mimeType: insurers.logoMimeType, version: insurers.logoVersion })
    .from(insurers)
    .where(and(eq(insurers.gsCode, gsCode), isNotNull(insurers.logo), isNotNull(insurers.logoMimeType)))
  if (!row?.bytes || !row.mimeType) return null
  return { bytes: row.bytes, mimeType: row.mimeType, version: row.version }
}

/** Stores a processed logo and bumps its version (the version is part of the logo's URL). */
export async function storeLogo(
  db: Pick<Database, 'update'>,
  gsCode: string,
  logo: { bytes: Buffer; mimeType: string },
): Promise<number> {
  const [row] = await db
    .update(insurers)
    .set({ logo: logo.bytes, logoMimeType: logo.mimeType, logoVersion: sql`${insurers.logoVersion} + 1` })
    .where(eq(insurers.gsCode, gsCode))
    .returning({ logoVersion: insurers.logoVersion })
  if (!row) throw new Error(`no insurer ${gsCode}`)
  return row.logoVersion
}
