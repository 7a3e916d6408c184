import type { Database } from '../../db/client.ts'
import { auditLog } from '../../db/schema/register.ts'
import { svn } from '../../db/schema/svn.ts'
import { foldedOrNull } from '../../domain/names/fold.ts'
import { zurichDay } from '../../domain/svn/dates.ts'
import { INITIAL_STATUS } from '../../domain/svn/transitions.ts'
import type { Svn, SvnHalter } from '../../domain/svn/types.ts'
import { batches } from '../seed/batch.ts'
import type { AuditActor } from './actor.ts'
import { loadSvn } from './record.ts'
import type { SvnScope } from './scope.ts'
import { transition, type TransitionRequest } from './transition.ts'

/** What a new SVN carries (the create form of spec §2 without the read-only insurer fields). */
export interface NewSvn {
  halter: SvnHalter
  schiff: Svn['schiff']
  schild: Svn['schild']
  kontakt: Svn['kontakt']
  versicherungsdaten: {
    referenz: string | null
    ivGrund: number | null
    gueltigAb: string | null
    besVerwendung: number | null
  }
  wikCGueltigAb: string | null
}

/** Who creates: tenancy fields come from the caller, never from the form. */
export interface Creator {
  gsCode: string
  maklerNr: string | null
  /** versicherungsdaten.benutzer: the creating user as shown on the detail screen. */
  benutzer: string
  actor: AuditActor
}

/** The svn row of a new record (status OPEN at `at`); the bulk seed overrides the status fields. */
export function rowOf(input: NewSvn, creator: Creator, at: Date): typeof svn.$inferInsert {
  const { person, adresse } = input.halter
  return {
    status: INITIAL_STATUS,
    statusChangedAt: at,
    createdAt: at,
    gsCode: creator.gsCode,
    maklerNr: creator.maklerNr,
    benutzer: creator.benutzer,
    createdByUserId: creator.actor.userId ?? null,
    personenTyp: person.personenTyp,
    name: person.name,
    geburtsname: person.geburtsname,
    firstName: person.vorname,
    nameFolded: foldedOrNull(person.name),
    firstNameFolded: foldedOrNull(person.vorname),
    geburtsdatum: person.geburtsdatum,
    heimatstaat: person.heimatstaat,
    street: adresse.strasse,
    zip: adresse.plz,
    place: adresse.ort,
    staat: adresse.staat,
    coKontakt: adresse.coKontakt,
    stammNr: input.schiff.stammNr,
    schaleNr: input.schiff.schaleNr,
    art: input.schiff.art,
    markeTyp: input.schiff.markeTyp,
    canton: input.schild.kanton,
    schildNr: input.schild.schildNr,
    kontaktName: input.kontakt.name,
    kontaktStrasse: input.kontakt.strasse,
    kontaktPlz: input.kontakt.plz,
    kontaktOrt: input.kontakt.ort,
    kontaktStaat: input.kontakt.staat,
    kontaktTelefon: input.kontakt.telefon,
    kontaktFax: input.kontakt.fax,
    kontaktEmail: input.kontakt.email,
    referenz: input.versicherungsdaten.referenz,
    ivGrund: input.versicherungsdaten.ivGrund,
    gueltigAb: input.versicherungsdaten.gueltigAb,
    besVerwendung: input.versicherungsdaten.besVerwendung,
    wikCGueltigAb: input.wikCGueltigAb,
  }
}

/**
 * Creates SVN in status OPEN, one audit row each, in the caller's transaction or a new one.
 * Validation of the form is the caller's job (issue 4's create schema); this only stores.
 */
export async function createSvns(
  db: Database,
  inputs: readonly NewSvn[],
  creator: Creator,
  at: Date = new Date(),
): Promise<number[]> {
  if (inputs.length === 0) return []
  return db.transaction(async (tx) => {
    const ids: number[] = []
    // ~45 columns per row: 500 rows stay under the 32 767 bind parameters (a mass import: 10 statements).
    for (const part of batches(inputs, 500)) {
      const rows = await tx
        .insert(svn)
        .values(part.map((input) => rowOf(input, creator, at)))
        .returning({ id: svn.id })
      ids.push(...rows.map((r) => r.id))
    }
    // 9 columns per audit row.
    for (const part of batches(ids, 1000)) {
      await tx.insert(auditLog).values(
        part.map((id) => ({
          at,
          gsCode: creator.gsCode,
          actorUserId: creator.actor.userId ?? null,
          actorSubject: creator.actor.subject,
          action: 'svn.create',
          entity: 'svn',
          entityId: String(id),
          fromStatus: null,
          toStatus: INITIAL_STATUS,
        })),
      )
    }
    return ids
  })
}

export type SingleOutcome =
  { result: 'ok'; svn: Svn } | { result: 'not-found' } | { result: 'conflict'; status: string }

/** One record, one transaction: the move and the reloaded record (as the caller may see it). */
export async function transitionOne(
  db: Database,
  id: number,
  request: Omit<TransitionRequest, 'ids'>,
  after?: (tx: Database) => Promise<void>,
): Promise<SingleOutcome> {
  return db.transaction(async (tx) => {
    const [outcome] = await transition(tx, { ...request, ids: [id] })
    if (!outcome || outcome.result === 'not-found') return { result: 'not-found' }
    if (outcome.result === 'conflict') return { result: 'conflict', status: outcome.status }
    if (after) await after(tx)
    const record = await loadSvn(tx, id, request.scope)
    if (!record) throw new Error(`svn ${id} vanished inside its own transaction`)
    return { result: 'ok', svn: record }
  })
}

/** Moves many records by one request in one transaction (demo seed, CLI). */
export function transitionMany(
  db: Database,
  ids: readonly number[],
  request: Omit<TransitionRequest, 'ids'>,
) {
  return db.transaction((tx) => transition(tx, { ...request, ids }))
}

export interface InsurerMove {
  actor: AuditActor
  scope: SvnScope
  at?: Date
}

type Request = Omit<TransitionRequest, 'ids'>

/** Cancel SVN (spec §4): OPEN → CANCELED. */
export function cancelSvnRequest(move: InsurerMove): Request {
  return { action: 'cancel', actor: move.actor, scope: move.scope, at: move.at ?? new Date() }
}

/** Request a licence withdrawal: IV → AE; a new request forgets an earlier rejection. */
export function createAeRequest(move: InsurerMove & { applicant: string }): Request {
  const at = move.at ?? new Date()
  return {
    action: 'create-ae',
    actor: move.actor,
    scope: move.scope,
    at,
    set: {
      applicantAe: move.applicant,
      startAe: zurichDay(at),
      fetchedAe: null,
      reservedAe: null,
      rejectedAe: null,
      reasonAe: null,
    },
  }
}

/** The AE request fields a withdrawal (AE → IV by the insurer) clears; the audit row keeps the move. */
export const CLEARED_AE_FIELDS = {
  applicantAe: null,
  startAe: null,
  fetchedAe: null,
  reservedAe: null,
  rejectedAe: null,
  reasonAe: null,
} as const

/** Withdraw the AE request: AE → IV. */
export function cancelAeRequest(move: InsurerMove): Request {
  return {
    action: 'cancel-ae',
    actor: move.actor,
    scope: move.scope,
    at: move.at ?? new Date(),
    set: CLEARED_AE_FIELDS,
  }
}
