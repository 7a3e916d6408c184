/**
 * Bulk SVN for performance work (`npm run seed -- --svn N`, `npm run bench`; ADR 501): N realistic
 * records spread over the demo insurers and brokers, every status of ADR 120 with the dates and
 * notifications that status implies. Deterministic (seeded PRNG). Rows are written directly, not
 * through the services (the demo seed does that for 2 000 records; a million would take hours).
 */
import { getTableColumns, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { svn } from '../../db/schema/svn.ts'
import { addDays } from '../../domain/svn/dates.ts'
import type { SvnStatus } from '../../domain/svn/statuses.ts'
import { rowOf, type Creator, type NewSvn } from '../svn/service.ts'
import { prng, type Random } from './prng.ts'
import { holder } from './svn-demo.ts'
import { FIRST_NAMES, LAST_NAMES } from './svn-demo-data.ts'

export type SvnRow = typeof svn.$inferInsert

/** Share of the records per insurer and, within it, per broker number (null: no broker). */
export const BULK_INSURERS: readonly {
  gsCode: string
  share: number
  benutzer: string
  brokers: readonly { maklerNr: string | null; share: number }[]
}[] = [
  { gsCode: '1001', share: 0.45, benutzer: 'clerk@alpina.example', brokers: [{ maklerNr: null, share: 1 }] },
  { gsCode: '1002', share: 0.33, benutzer: 'clerk@leman.example', brokers: [{ maklerNr: null, share: 1 }] },
  {
    gsCode: '1003',
    share: 0.22,
    benutzer: 'broker@seeland.example',
    brokers: [
      { maklerNr: '4711', share: 0.6 },
      { maklerNr: '5230', share: 0.25 },
      { maklerNr: null, share: 0.15 },
    ],
  },
]

/** Status shares of a register some years old: most boats registered (IV), a tail of every other. */
export const BULK_STATUS_SHARES: Record<SvnStatus, number> = {
  OPEN: 0.08,
  CANCELED: 0.06,
  UNTREATED: 0.06,
  RESERVED: 0.03,
  IV: 0.47,
  AE: 0.06,
  AV: 0.2,
  DELETABLE: 0.04,
}

/** Rows per INSERT: the rows travel as one JSON parameter, so only memory bounds the batch. */
export const BULK_BATCH_ROWS = 5_000

/**
 * Swiss-looking surnames with a long tail: the demo's 49 common names for 40 % of holders, the rest
 * built from stems and endings (≈ 1 000 names), so a name prefix matches few rows as in a real register.
 */
const STEMS = [
  'Aeber', 'Am', 'Bär', 'Bieri', 'Brun', 'Bur', 'Eg', 'Ess', 'Feld', 'Flück', 'Gass', 'Gut', 'Hof',
  'Hub', 'Ingold', 'Jud', 'Kel', 'Kuhn', 'Lang', 'Leu', 'Matt', 'Moos', 'Neu', 'Nuss', 'Ober', 'Pfist',
  'Rüt', 'Ruf', 'Schär', 'Schwarz', 'Stal', 'Stock', 'Tann', 'Trach', 'Vett', 'Wal', 'Wid', 'Wyl',
  'Zaugg', 'Zur',
] // prettier-ignore
const ENDINGS = [
  'mann', 'er', 'li', 'egger', 'ler', 'hauser', 'acher', 'bühler', 'wiler', 'matter', 'inger', 'halder',
  'stein', 'berger', 'thaler', 'ried', 'oz', 'et', 'oni', 'ini', 'ard', 'feld', 'schwand', 'mühle', 'rich',
] // prettier-ignore

/** More first names of the three language regions: with the demo's 40, no name above ~1.5 %. */
const MORE_FIRST_NAMES = [
  'Adrian', 'Alessandro', 'Alain', 'Barbara', 'Bernard', 'Brigitte', 'Bruno', 'Carla', 'Christian',
  'Christine', 'Corinne', 'Cristina', 'Dario', 'Denise', 'Dominik', 'Elena', 'Elisabeth', 'Emma',
  'Fabian', 'Fabio', 'Franziska', 'François', 'Gabriela', 'Gian', 'Heidi', 'Ivan', 'Jacqueline',
  'Jan', 'Jean-Marc', 'Jürg', 'Karin', 'Kurt', 'Lars', 'Lorenzo', 'Lukas', 'Manuela', 'Marcel',
  'Marianne', 'Matteo', 'Mirjam', 'Nadia', 'Nathalie', 'Noah', 'Olivier', 'Pascal', 'Patrick',
  'Philippe', 'Pia', 'Rahel', 'Regula', 'Rolf', 'Ruth', 'Samuel', 'Silvia', 'Stefan', 'Sven',
  'Tamara', 'Ueli', 'Valentina', 'Verena', 'Walter', 'Yves', 'Zoé',
] // prettier-ignore

function bulkNames(r: Random) {
  return {
    last: () => (r.next() < 0.4 ? r.pick(LAST_NAMES) : r.pick(STEMS) + r.pick(ENDINGS)),
    first: () => (r.next() < 0.4 ? r.pick(FIRST_NAMES) : r.pick(MORE_FIRST_NAMES)),
  }
}

function pickShare<T extends { share: number }>(r: Random, list: readonly T[]): T {
  let rest = r.next()
  for (const item of list) if ((rest -= item.share) < 0) return item
  return list[list.length - 1] as T
}

const STATUS_ENTRIES = Object.entries(BULK_STATUS_SHARES).map(([status, share]) => ({
  status: status as SvnStatus,
  share,
}))

/** Day offsets (≤ 0 in the past) of a record's life for its status: valid-from, creation, moves. */
interface Life {
  g: number
  created: number
  changed: number
  iv?: number
  av?: number
  ae?: { start: number; fetched?: number; rejected?: number }
}

function lifeOf(r: Random, status: SvnStatus): Life {
  switch (status) {
    case 'OPEN': {
      const g = r.int(-25, 60)
      const created = Math.min(g, 0) - r.int(1, 5)
      return { g, created, changed: created }
    }
    case 'CANCELED': {
      const g = r.int(-900, 30)
      const created = Math.min(g, 0) - r.int(5, 30)
      return { g, created, changed: Math.min(0, created + r.int(1, 20)) }
    }
    case 'UNTREATED': {
      const g = r.int(-900, -31)
      return { g, created: g - r.int(5, 30), changed: g + 30 }
    }
    case 'RESERVED': {
      const created = -r.int(10, 60)
      return { g: r.int(10, 120), created, changed: created + r.int(1, 9) }
    }
    case 'DELETABLE': {
      const g = r.int(-2000, -1300)
      const created = g - r.int(5, 30)
      return { g, created, changed: created + r.int(1, 20) }
    }
    default:
      break
  }
  // Registered boats: IV, AE, AV.
  const g = status === 'IV' ? r.int(-1200, -5) : r.int(-1200, -200)
  const created = g - r.int(5, 30)
  const iv = Math.min(0, g + r.int(0, 4))
  if (status === 'AV') {
    const av = r.int(Math.max(iv + 30, -900), -1)
    return { g, created, iv, av, changed: av }
  }
  if (status === 'AE') {
    const start = -r.int(1, 50)
    const fetched = r.next() < 0.5 ? Math.min(0, start + r.int(1, 5)) : undefined
    return { g, created, iv, changed: start, ae: { start, fetched } }
  }
  // One IV in ten had an AE request the canton rejected.
  if (r.next() < 0.1) {
    const start = r.int(iv + 10, -20)
    const fetched = start + r.int(1, 5)
    const rejected = Math.min(0, fetched + r.int(1, 10))
    return { g, created, iv, changed: rejected, ae: { start, fetched, rejected } }
  }
  return { g, created, iv, changed: iv }
}

/**
 * The i-th … records of a bulk seed as svn rows. `today` (yyyy-mm-dd, Europe/Zurich) anchors the
 * dates; the same seed and today give the same rows.
 */
export function* bulkSvnRows(count: number, options: { seed?: number; today: string }): Generator<SvnRow> {
  for (const record of bulkSvnRecords(count, options)) yield record.row
}

/** As bulkSvnRows, with the create input and the creation day each row was made from (for tests). */
export function* bulkSvnRecords(
  count: number,
  options: { seed?: number; today: string },
): Generator<{ input: NewSvn; createdDay: string; row: SvnRow }> {
  const r = prng(options.seed ?? 20_261_121)
  const names = bulkNames(r)
  const dayAt = (offset: number) => addDays(options.today, offset)
  const time = (offset: number) =>
    new Date(`${dayAt(offset)}T${String(r.int(7, 17)).padStart(2, '0')}:00:00Z`)
  for (let i = 0; i < count; i++) {
    const insurer = pickShare(r, BULK_INSURERS)
    const broker = pickShare(r, insurer.brokers)
    const { status } = pickShare(r, STATUS_ENTRIES)
    const life = lifeOf(r, status)
    const input = holder(r, dayAt(life.g), names)
    const creator: Creator = {
      gsCode: insurer.gsCode,
      maklerNr: broker.maklerNr,
      benutzer: insurer.benutzer,
      actor: { subject: insurer.benutzer },
    }
    const row = rowOf(input, creator, time(life.created))
    row.version = 0
    row.status = status
    // A move on the day of creation happens after it.
    const changed = time(life.changed)
    const created = row.createdAt as Date
    row.statusChangedAt = changed < created ? created : changed
    if (life.iv !== undefined) {
      row.ivDatum = dayAt(life.iv)
      // A registered boat carries the plate number the canton gave.
      row.schildNr ??= r.int(100, 99_999)
    }
    if (life.av !== undefined) {
      row.avDatum = dayAt(life.av)
      row.avGrund = r.pick([50, 54, 58, 59])
    }
    if (life.ae) {
      row.applicantAe = `${insurer.benutzer.split('@')[0]} (${insurer.benutzer})`
      row.startAe = dayAt(life.ae.start)
      if (life.ae.fetched !== undefined) {
        row.fetchedAe = dayAt(life.ae.fetched)
        row.reservedAe = dayAt(life.ae.fetched + 60)
      }
      if (life.ae.rejected !== undefined) {
        row.rejectedAe = dayAt(life.ae.rejected)
        row.reasonAe = String(r.int(1, 6))
      }
    }
    yield { input, createdDay: dayAt(life.created), row }
  }
}

/** Splits a row stream into batches of at most `size` rows. */
export function* inBatches<T>(rows: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = []
  for (const row of rows) {
    batch.push(row)
    if (batch.length === size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

const COLUMNS = Object.values(getTableColumns(svn)).filter((c) => c.name !== 'id')
const COLUMN_LIST = sql.raw(COLUMNS.map((c) => `"${c.name}"`).join(', '))

/** A row keyed by column name, as json_populate_recordset reads it. */
function jsonRow(row: SvnRow): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(svn))) {
    const value = row[key as keyof SvnRow]
    if (value !== undefined && value !== null) out[column.name] = value
  }
  return out
}

/** The holder frozen into a notification, in the shape halterOf (register/svn/record.ts) gives. */
const HALTER_JSON = `jsonb_build_object(
  'person', jsonb_build_object('personenTyp', personen_typ, 'name', name, 'geburtsname', geburtsname,
    'vorname', first_name, 'geburtsdatum', geburtsdatum, 'heimatstaat', heimatstaat),
  'adresse', jsonb_build_object('strasse', street, 'plz', zip, 'ort', place, 'staat', staat,
    'coKontakt', co_kontakt))`

/**
 * One statement per batch: the rows as one JSON parameter (far below any bind-parameter limit, and
 * PostgreSQL parses it faster than 45 × 1 000 parameters), and in the same statement the IV and AV
 * notifications their status implies, with the boat data of the record.
 */
async function insertBatch(db: Database, rows: SvnRow[]): Promise<void> {
  const json = JSON.stringify(rows.map(jsonRow))
  const notification = (kind: 'IV' | 'AV', day: string, reason: string) =>
    sql.raw(`select id, '${kind}', ${day}, ${reason}, ${HALTER_JSON}, gs_code,
      gueltig_ab, bes_verwendung, canton, schild_nr, iv_datum, stamm_nr, schale_nr, art, marke_typ,
      ${day}::timestamptz from inserted where ${day} is not null`)
  await db.execute(sql`
    with inserted as (
      insert into svn (${COLUMN_LIST})
      select ${COLUMN_LIST} from json_populate_recordset(null::svn, ${json}::json)
      returning *)
    insert into svn_notifications (svn_id, kind, datum, grund, halter, gs_code, gueltig_ab,
      bes_verwendung, schild_kanton, schild_nr, erst_iv, stamm_nr, schale_nr, art, marke_typ, created_at)
    ${notification('IV', 'iv_datum', 'iv_grund')}
    union all
    ${notification('AV', 'av_datum', 'av_grund')}`)
}

/** An onProgress that logs every `every` records and the last batch, with the rate so far. */
export function progressLog(total: number, log: (message: string) => void, every = 50_000) {
  const started = Date.now()
  let reported = 0
  return (done: number) => {
    if (done - reported < every && done < total) return
    reported = done
    const seconds = Math.max(0.001, (Date.now() - started) / 1000)
    log(`${done} / ${total} SVN (${Math.round(done / seconds)} per second)`)
  }
}

export interface BulkSeedOptions {
  count: number
  today: string
  seed?: number
  batchRows?: number
  /** Called after each batch with the rows written so far. */
  onProgress?: (done: number) => void
}

/**
 * Writes `count` bulk SVN, one transaction per batch, then VACUUM and ANALYZE (the planner must know
 * the table before the first search). Needs the register demo (insurers; ids continue after existing rows).
 */
export async function seedBulkSvn(db: Database, options: BulkSeedOptions): Promise<number> {
  let done = 0
  const rows = bulkSvnRows(options.count, { seed: options.seed, today: options.today })
  for (const batch of inBatches(rows, options.batchRows ?? BULK_BATCH_ROWS)) {
    await db.transaction((tx) => insertBatch(tx, batch))
    done += batch.length
    options.onProgress?.(done)
  }
  // VACUUM too: the search's index-only scans need the visibility map that autovacuum keeps in production.
  await db.execute(sql`vacuum (analyze) svn`)
  await db.execute(sql`analyze svn_notifications`)
  return done
}
