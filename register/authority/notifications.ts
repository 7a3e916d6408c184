import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { svn, svnMotors, svnNotifications } from '../../db/schema/svn.ts'
import type { MeldungSchiff } from '../../domain/svn/types.ts'
import { batches } from '../seed/batch.ts'
import { halterOf } from '../svn/record.ts'

/** Boat data a canton sends with an IV; anything left out is taken from the SVN itself. */
export type SchiffInput = Partial<MeldungSchiff>

export interface NotificationInput {
  svnId: number
  datum: string
  grund?: number | null
  schiff?: SchiffInput
}

type NotificationRow = typeof svnNotifications.$inferInsert

async function replaceNotifications(
  tx: Database,
  kind: 'IV' | 'AV',
  rows: NotificationRow[],
  motors: Map<number, MeldungSchiff['motor']>,
): Promise<void> {
  if (rows.length === 0) return
  const svnIds = rows.map((r) => r.svnId)
  for (const part of batches(svnIds, 1)) {
    await tx
      .delete(svnNotifications)
      .where(and(eq(svnNotifications.kind, kind), inArray(svnNotifications.svnId, part)))
  }
  const inserted: { id: number; svnId: number }[] = []
  for (const part of batches(rows, 25)) {
    inserted.push(
      ...(await tx
        .insert(svnNotifications)
        .values(part)
        .returning({ id: svnNotifications.id, svnId: svnNotifications.svnId })),
    )
  }
  const motorRows = inserted.flatMap(({ id, svnId }) =>
    (motors.get(svnId) ?? []).map((m, position) => ({ notificationId: id, position, ...m })),
  )
  for (const part of batches(motorRows, 5)) await tx.insert(svnMotors).values(part)
  // The record shows the notification's date and reason, and takes the plate number the canton gave.
  const dateColumn = kind === 'IV' ? sql.raw('iv_datum') : sql.raw('av_datum')
  const reasonUpdate = kind === 'AV' ? sql`, av_grund = n.grund` : sql``
  for (const part of batches(svnIds, 1)) {
    await tx.execute(sql`
      update ${svn} set ${dateColumn} = n.datum ${reasonUpdate},
        schild_nr = coalesce(${svn.schildNr}, n.schild_nr)
      from ${svnNotifications} n
      where n.svn_id = ${svn.id} and n.kind = ${kind} and ${inArray(svn.id, part)}`)
  }
}

/** Stores IV notifications: holder frozen from the record, boat data from the canton or the record. */
export async function storeIvNotifications(tx: Database, items: readonly NotificationInput[]): Promise<void> {
  if (items.length === 0) return
  const records = new Map<number, typeof svn.$inferSelect>()
  for (const part of batches(items, 1)) {
    const rows = await tx
      .select()
      .from(svn)
      .where(
        inArray(
          svn.id,
          part.map((i) => i.svnId),
        ),
      )
    for (const row of rows) records.set(row.id, row)
  }
  const motors = new Map<number, MeldungSchiff['motor']>()
  const rows = items.map((item): NotificationRow => {
    const record = records.get(item.svnId)
    if (!record) throw new Error(`svn ${item.svnId} not found for its IV`)
    const s = item.schiff ?? {}
    motors.set(item.svnId, s.motor ?? [])
    return {
      svnId: item.svnId,
      kind: 'IV',
      datum: item.datum,
      grund: item.grund ?? record.ivGrund,
      halter: halterOf(record),
      gsCode: record.gsCode,
      gueltigAb: record.gueltigAb,
      besVerwendung: record.besVerwendung,
      schildKanton: s.schildKanton ?? record.canton,
      schildNr: s.schildNr ?? record.schildNr,
      erstIv: s.erstIV ?? item.datum,
      stammNr: s.stammNr ?? record.stammNr,
      schaleNr: s.schaleNr ?? record.schaleNr,
      art: s.art ?? record.art,
      markeTyp: s.markeTyp ?? record.markeTyp,
      material: s.material ?? null,
      laenge: s.laenge ?? null,
      breite: s.breite ?? null,
      anzPersonen: s.anzPersonen ?? null,
      ladung: s.ladung ?? null,
      typenscheinNr: s.typenscheinNr ?? null,
      segelflaeche: s.segelflaeche ?? null,
      standort: s.standort ?? null,
    }
  })
  await replaceNotifications(tx, 'IV', rows, motors)
}

/** Stores AV notifications: the boat as the IV described it (or the record, without an IV), holder now. */
export async function storeAvNotifications(
  tx: Database,
  items: readonly { svnId: number; datum: string; grund: number | null }[],
): Promise<void> {
  if (items.length === 0) return
  const ids = items.map((i) => i.svnId)
  const records = new Map<number, typeof svn.$inferSelect>()
  const ivs = new Map<number, typeof svnNotifications.$inferSelect>()
  const ivMotors = new Map<number, MeldungSchiff['motor']>()
  for (const part of batches(ids, 1)) {
    for (const row of await tx.select().from(svn).where(inArray(svn.id, part))) records.set(row.id, row)
    const notes = await tx
      .select()
      .from(svnNotifications)
      .where(and(eq(svnNotifications.kind, 'IV'), inArray(svnNotifications.svnId, part)))
    for (const n of notes) ivs.set(n.svnId, n)
    if (notes.length > 0) {
      const motorRows = await tx
        .select()
        .from(svnMotors)
        .where(
          inArray(
            svnMotors.notificationId,
            notes.map((n) => n.id),
          ),
        )
        .orderBy(svnMotors.position)
      const svnOf = new Map(notes.map((n) => [n.id, n.svnId]))
      for (const m of motorRows) {
        const svnId = svnOf.get(m.notificationId)
        if (svnId === undefined) continue
        ivMotors.set(svnId, [
          ...(ivMotors.get(svnId) ?? []),
          { markeTyp: m.markeTyp, motorNr: m.motorNr, leistung: m.leistung },
        ])
      }
    }
  }
  const rows = items.map((item): NotificationRow => {
    const record = records.get(item.svnId)
    if (!record) throw new Error(`svn ${item.svnId} not found for its AV`)
    const iv = ivs.get(item.svnId)
    return {
      svnId: item.svnId,
      kind: 'AV',
      datum: item.datum,
      grund: item.grund,
      halter: halterOf(record),
      gsCode: record.gsCode,
      gueltigAb: record.gueltigAb,
      besVerwendung: record.besVerwendung,
      schildKanton: iv?.schildKanton ?? record.canton,
      schildNr: iv?.schildNr ?? record.schildNr,
      erstIv: iv?.erstIv ?? record.ivDatum,
      stammNr: iv?.stammNr ?? record.stammNr,
      schaleNr: iv?.schaleNr ?? record.schaleNr,
      art: iv?.art ?? record.art,
      markeTyp: iv?.markeTyp ?? record.markeTyp,
      material: iv?.material ?? null,
      laenge: iv?.laenge ?? null,
      breite: iv?.breite ?? null,
      anzPersonen: iv?.anzPersonen ?? null,
      ladung: iv?.ladung ?? null,
      typenscheinNr: iv?.typenscheinNr ?? null,
      segelflaeche: iv?.segelflaeche ?? null,
      standort: iv?.standort ?? null,
    }
  })
  await replaceNotifications(tx, 'AV', rows, ivMotors)
}
