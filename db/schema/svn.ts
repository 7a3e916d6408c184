import { sql } from 'drizzle-orm'
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { bytea, insurers, users } from './register.ts'

/** Dates are calendar days: read and written as yyyy-mm-dd strings, never shifted by a time zone. */
const day = (name: string) => date(name, { mode: 'string' })

/**
 * Characters of each prefix filter's key (ADR 549): a name, first name and post code by their first
 * three, a hull number by its first six (country and builder, "CH-ABC"), so one key's group holds few
 * other prefixes.
 */
export const PREFIX_KEY_LENGTH = { name: 3, firstName: 3, zipCode: 3, schaleNr: 6 } as const

/** A prefix key as its index holds it; a query must write it the same way for the index to serve it. */
export const prefixKey = (column: AnyPgColumn, length: number) =>
  sql`left(${column}, ${sql.raw(String(length))})`

/**
 * One SVN (insurance confirmation for a boat, spec §3 Svn). Columns the search filters on carry the
 * short names of the search row; prefix filters have `text_pattern_ops` indexes (folded keys for names).
 */
export const svn = pgTable(
  'svn',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(0),
    status: text('status').notNull(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    gsCode: text('gs_code')
      .notNull()
      .references(() => insurers.gsCode),
    maklerNr: text('makler_nr'),
    benutzer: text('benutzer'),
    createdByUserId: integer('created_by_user_id'),
    // halter.person
    personenTyp: text('personen_typ'),
    name: text('name'),
    geburtsname: text('geburtsname'),
    firstName: text('first_name'),
    // Search keys of name and first name (foldName, ADR 540): written with every name, never shown.
    nameFolded: text('name_folded'),
    firstNameFolded: text('first_name_folded'),
    geburtsdatum: day('geburtsdatum'),
    heimatstaat: text('heimatstaat'),
    // halter.adresse
    street: text('street'),
    zip: text('zip'),
    place: text('place'),
    staat: text('staat'),
    coKontakt: text('co_kontakt'),
    // schiff
    stammNr: bigint('stamm_nr', { mode: 'number' }),
    schaleNr: text('schale_nr'),
    art: smallint('art'),
    markeTyp: text('marke_typ'),
    // schild
    canton: text('canton'),
    schildNr: bigint('schild_nr', { mode: 'number' }),
    // kontakt
    kontaktName: text('kontakt_name'),
    kontaktStrasse: text('kontakt_strasse'),
    kontaktPlz: text('kontakt_plz'),
    kontaktOrt: text('kontakt_ort'),
    kontaktStaat: text('kontakt_staat'),
    kontaktTelefon: text('kontakt_telefon'),
    kontaktFax: text('kontakt_fax'),
    kontaktEmail: text('kontakt_email'),
    // versicherungsdaten
    referenz: text('referenz'),
    ivGrund: smallint('iv_grund'),
    ivDatum: day('iv_datum'),
    avDatum: day('av_datum'),
    avGrund: smallint('av_grund'),
    gueltigAb: day('gueltig_ab'),
    besVerwendung: smallint('bes_verwendung'),
    wikCGueltigAb: day('wik_c_gueltig_ab'),
    // ausweisentzug (AE)
    applicantAe: text('applicant_ae'),
    startAe: day('start_ae'),
    fetchedAe: day('fetched_ae'),
    reservedAe: day('reserved_ae'),
    rejectedAe: day('rejected_ae'),
    reasonAe: text('reason_ae'),
  },
  // Equality filters continue with id: the default order (id) comes from the index and LIMIT stops
  // early instead of sorting every match of an insurer; the trailing status (and broker number) let
  // the search's id query run index-only (ADR 502).
  (t) => {
    // Every column a filter that is not selective alone checks, after the id of an index walked in id
    // order: the walk until 101 match reads only the index, not the table (ADR 548; as trailing keys,
    // drizzle has no INCLUDE).
    const walked = [t.status, t.maklerNr, t.canton, t.nameFolded, t.firstNameFolded, t.zip, t.schaleNr]
    // A prefix at least as long as its column's key is also searched as the insurer's key group in id
    // order, index-only and without a sort (ADR 549); a second prefix is checked in the same index (ADR 550).
    const keyIndex = (name: string, column: AnyPgColumn, length: number) =>
      index(name).on(t.gsCode, prefixKey(column, length), t.id, ...walked)
    return [
      // The insurer's ids in order: a common prefix found by walking the ids until 101 match.
      index('svn_gs_code_id_idx').on(t.gsCode, t.id, ...walked),
      index('svn_gs_code_status_idx').on(t.gsCode, t.status, t.id, t.maklerNr),
      // Prefix indexes also hold what the search reads besides the prefix (tenancy, status, canton, id,
      // and the name for sort=name; drizzle has no INCLUDE, so as trailing keys): the first 101 ids of a
      // common prefix come from an index-only scan and a top-N sort of ids, without reading the table
      // (ADR 502); a canton beside the prefix is checked in the index too, not row by row in the table
      // (ADR 546). Names are searched by their folded key (ADR 540).
      index('svn_name_folded_idx').using(
        'btree',
        sql`${t.nameFolded} text_pattern_ops`,
        ...[t.name, t.gsCode, t.maklerNr, t.status, t.canton, t.id],
      ),
      index('svn_first_name_folded_idx').using(
        'btree',
        sql`${t.firstNameFolded} text_pattern_ops`,
        ...[t.firstName, t.gsCode, t.maklerNr, t.status, t.canton, t.id],
      ),
      index('svn_zip_prefix_idx').using(
        'btree',
        sql`${t.zip} text_pattern_ops`,
        ...[t.gsCode, t.maklerNr, t.status, t.canton, t.id],
      ),
      index('svn_schale_nr_prefix_idx').using(
        'btree',
        sql`${t.schaleNr} text_pattern_ops`,
        ...[t.gsCode, t.maklerNr, t.status, t.canton, t.id],
      ),
      keyIndex('svn_name_key_idx', t.nameFolded, PREFIX_KEY_LENGTH.name),
      keyIndex('svn_first_name_key_idx', t.firstNameFolded, PREFIX_KEY_LENGTH.firstName),
      keyIndex('svn_zip_key_idx', t.zip, PREFIX_KEY_LENGTH.zipCode),
      keyIndex('svn_schale_nr_key_idx', t.schaleNr, PREFIX_KEY_LENGTH.schaleNr),
      index('svn_stamm_nr_idx').on(t.stammNr),
      index('svn_schild_nr_idx').on(t.schildNr),
      index('svn_canton_idx').on(t.gsCode, t.canton, t.id, t.status, t.maklerNr),
      // A broker's records in id order, with the same filter columns for a walk that does not read the
      // table (ADR 548). A broker's scope always names the broker number, so records without one are left
      // out of the index.
      index('svn_makler_nr_idx')
        .on(t.gsCode, t.maklerNr, t.id, ...walked.filter((column) => column !== t.maklerNr))
        .where(sql`${t.maklerNr} is not null`),
      // Sort order indexes (ADR 520): a sort on one of these columns over a whole insurer reads the first
      // 101 entries in order (forwards or backwards) instead of sorting the insurer; status and broker
      // number trail so the id query stays index-only. Canton and status sort on the filter indexes above.
      index('svn_sort_name_idx').on(t.gsCode, t.name, t.id, t.status, t.maklerNr),
      index('svn_sort_first_name_idx').on(t.gsCode, t.firstName, t.id, t.status, t.maklerNr),
      index('svn_sort_street_idx').on(t.gsCode, t.street, t.id, t.status, t.maklerNr),
      index('svn_sort_zip_idx').on(t.gsCode, t.zip, t.id, t.status, t.maklerNr),
      index('svn_sort_place_idx').on(t.gsCode, t.place, t.id, t.status, t.maklerNr),
      index('svn_sort_plate_idx').on(t.gsCode, t.canton, t.schildNr, t.id, t.status, t.maklerNr),
      index('svn_sort_marke_idx').on(t.gsCode, t.markeTyp, t.id, t.status, t.maklerNr),
      index('svn_sort_referenz_idx').on(t.gsCode, t.referenz, t.id, t.status, t.maklerNr),
      // The sweep's scans: by status and the date its rule looks at.
      index('svn_status_changed_idx').on(t.status, t.statusChangedAt),
    ]
  },
)

/** IV or AV notification from the canton: a snapshot of holder and boat at that moment. */
export const svnNotifications = pgTable(
  'svn_notifications',
  {
    id: serial('id').primaryKey(),
    svnId: integer('svn_id')
      .notNull()
      .references(() => svn.id, { onDelete: 'cascade' }),
    /** 'IV' or 'AV' */
    kind: text('kind').notNull(),
    datum: day('datum').notNull(),
    grund: smallint('grund'),
    /** halter as { person, adresse } (spec §3 shape), frozen at notification time. */
    halter: jsonb('halter').notNull(),
    gsCode: text('gs_code').notNull(),
    gueltigAb: day('gueltig_ab'),
    besVerwendung: smallint('bes_verwendung'),
    schildKanton: text('schild_kanton'),
    schildNr: bigint('schild_nr', { mode: 'number' }),
    erstIv: day('erst_iv'),
    stammNr: bigint('stamm_nr', { mode: 'number' }),
    schaleNr: text('schale_nr'),
    art: smallint('art'),
    markeTyp: text('marke_typ'),
    material: text('material'),
    laenge: doublePrecision('laenge'),
    breite: doublePrecision('breite'),
    anzPersonen: integer('anz_personen'),
    ladung: integer('ladung'),
    typenscheinNr: text('typenschein_nr'),
    segelflaeche: doublePrecision('segelflaeche'),
    standort: text('standort'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One IV and one AV per SVN: a repeated registration replaces the earlier one.
  (t) => [uniqueIndex('svn_notifications_svn_kind_idx').on(t.svnId, t.kind)],
)

export const svnMotors = pgTable(
  'svn_motors',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => svnNotifications.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    markeTyp: text('marke_typ'),
    motorNr: text('motor_nr'),
    leistung: doublePrecision('leistung'),
  },
  (t) => [index('svn_motors_notification_idx').on(t.notificationId, t.position)],
)

/** One create-form draft per user (DESIGN §5 Drafts): the form's raw values, restored as typed. */
export const svnDrafts = pgTable('svn_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  values: jsonb('values').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The create form's one-time tokens: a repeated POST with the same token answers the same SVN. */
export const svnCreateTokens = pgTable('svn_create_tokens', {
  token: text('token').primaryKey(),
  userId: integer('user_id').notNull(),
  svnId: integer('svn_id')
    .notNull()
    .references(() => svn.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** The rejected rows of a user's latest mass import, as a workbook (one per user, replaced each time). */
export const svnImportErrors = pgTable('svn_import_errors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
