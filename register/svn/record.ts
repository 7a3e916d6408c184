import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { codeItems, insurers } from '../../db/schema/register.ts'
import { svn, svnMotors, svnNotifications } from '../../db/schema/svn.ts'
import { REJECTION_REASON_CATEGORY } from '../../domain/svn/enums.ts'
import type { Ausweisentzug, Meldung, Svn, SvnHalter } from '../../domain/svn/types.ts'
import { scopeCondition, type SvnScope } from './scope.ts'

export type SvnRow = typeof svn.$inferSelect
type NotificationRow = typeof svnNotifications.$inferSelect

/** The holder block of a record (also frozen into notifications). */
export function halterOf(row: SvnRow): SvnHalter {
  return {
    person: {
      personenTyp: row.personenTyp,
      name: row.name,
      geburtsname: row.geburtsname,
      vorname: row.firstName,
      geburtsdatum: row.geburtsdatum,
      heimatstaat: row.heimatstaat,
    },
    adresse: {
      strasse: row.street,
      plz: row.zip,
      ort: row.place,
      staat: row.staat,
      coKontakt: row.coKontakt,
    },
  }
}

async function loadMeldungen(db: Database, svnId: number): Promise<Map<string, Meldung>> {
  const rows = await db
    .select({ n: svnNotifications, insurerName: insurers.name })
    .from(svnNotifications)
    .innerJoin(insurers, eq(insurers.gsCode, svnNotifications.gsCode))
    .where(eq(svnNotifications.svnId, svnId))
  const motors =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(svnMotors)
          .where(
            inArray(
              svnMotors.notificationId,
              rows.map((r) => r.n.id),
            ),
          )
          .orderBy(asc(svnMotors.notificationId), asc(svnMotors.position))
  const result = new Map<string, Meldung>()
  for (const { n, insurerName } of rows) result.set(n.kind, meldungOf(n, insurerName, motors))
  return result
}

function meldungOf(
  n: NotificationRow,
  insurerName: string,
  motors: (typeof svnMotors.$inferSelect)[],
): Meldung {
  return {
    datum: n.datum,
    grund: n.grund,
    halter: n.halter as SvnHalter,
    versicherer: { gsCode: n.gsCode, name: insurerName },
    gueltigAb: n.gueltigAb,
    besVerwendung: n.besVerwendung,
    schiff: {
      schildKanton: n.schildKanton,
      schildNr: n.schildNr,
      erstIV: n.erstIv,
      stammNr: n.stammNr,
      schaleNr: n.schaleNr,
      art: n.art,
      markeTyp: n.markeTyp,
      material: n.material,
      laenge: n.laenge,
      breite: n.breite,
      anzPersonen: n.anzPersonen,
      ladung: n.ladung,
      typenscheinNr: n.typenscheinNr,
      segelflaeche: n.segelflaeche,
      standort: n.standort,
      motor: motors
        .filter((m) => m.notificationId === n.id)
        .map((m) => ({ markeTyp: m.markeTyp, motorNr: m.motorNr, leistung: m.leistung })),
    },
  }
}

async function reasonText(db: Database, reason: string | null): Promise<Ausweisentzug['reasonAEText']> {
  if (!reason) return null
  const [item] = await db
    .select({ de: codeItems.de, fr: codeItems.fr, it: codeItems.it })
    .from(codeItems)
    .where(and(eq(codeItems.category, REJECTION_REASON_CATEGORY), eq(codeItems.id, reason)))
  return item ?? null
}

/** The record as the API answers it (spec §3 Svn), or null when missing, foreign or DELETABLE. */
export async function loadSvn(db: Database, id: number, scope: SvnScope): Promise<Svn | null> {
  const [row] = await db
    .select()
    .from(svn)
    .where(and(eq(svn.id, id), scopeCondition(scope)))
  if (!row) return null
  const meldungen = await loadMeldungen(db, row.id)
  const aeFields = [row.applicantAe, row.startAe, row.fetchedAe, row.reservedAe, row.rejectedAe, row.reasonAe]
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    halter: halterOf(row),
    schiff: { stammNr: row.stammNr, schaleNr: row.schaleNr, art: row.art, markeTyp: row.markeTyp },
    schild: { kanton: row.canton, schildNr: row.schildNr },
    kontakt: {
      name: row.kontaktName,
      strasse: row.kontaktStrasse,
      plz: row.kontaktPlz,
      ort: row.kontaktOrt,
      staat: row.kontaktStaat,
      telefon: row.kontaktTelefon,
      fax: row.kontaktFax,
      email: row.kontaktEmail,
    },
    versicherungsdaten: {
      referenz: row.referenz,
      ivGrund: row.ivGrund,
      ivDatum: row.ivDatum,
      avDatum: row.avDatum,
      avGrund: row.avGrund,
      gueltigAb: row.gueltigAb,
      besVerwendung: row.besVerwendung,
      gscode: row.gsCode,
      maklerNr: row.maklerNr,
      benutzer: row.benutzer,
    },
    wikCGueltigAb: row.wikCGueltigAb,
    ausweisentzug: aeFields.every((v) => v === null)
      ? null
      : {
          applicantAE: row.applicantAe,
          startAE: row.startAe,
          fetchedAE: row.fetchedAe,
          reservedAE: row.reservedAe,
          rejectedAE: row.rejectedAe,
          reasonAE: row.reasonAe,
          reasonAEText: await reasonText(db, row.reasonAe),
        },
    ivMeldung: meldungen.get('IV') ?? null,
    avMeldung: meldungen.get('AV') ?? null,
  }
}
