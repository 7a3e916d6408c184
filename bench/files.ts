/**
 * Benchmark of the pickup-file generation (ADR 150): `npm run bench:files [-- --records 1000000]`.
 *
 * Fills a fresh database (TEST_DATABASE_URL → a new PostgreSQL database beside it; unset → PGlite in
 * memory) with N untreated SVN of one insurer using generate_series, then measures
 *   1. a bare streaming CSV writer over the same rows (keyset batches of 1000, cells joined with `;`,
 *      written to a temporary file) — the floor any CSV export pays for reading and writing;
 *   2. generateFile CSV "new" (every record is new: the delivery check, deliveries and chunks written);
 *   3. generateFile XML "all";
 * each with wall time and peak RSS / heap sampled every 20 ms. Not part of `npm test`.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { svn } from '../db/schema/svn.ts'
import { openTestDatabase } from '../db/testing.ts'
import { generateFile } from '../register/files/service.ts'
import { seedRegisterDemo } from '../register/seed/demo.ts'

const argIndex = process.argv.indexOf('--records')
const RECORDS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 1_000_000

interface Measure {
  label: string
  seconds: number
  peakRssMb: number
  peakHeapMb: number
  baseRssMb: number
  extra?: string
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

async function measure(label: string, run: () => Promise<string | undefined>): Promise<Measure> {
  globalThis.gc?.()
  const base = process.memoryUsage()
  let peakRss = base.rss
  let peakHeap = base.heapUsed
  const timer = setInterval(() => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }, 20)
  const start = process.hrtime.bigint()
  const extra = await run()
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  clearInterval(timer)
  const result = {
    label,
    seconds: Math.round(seconds * 10) / 10,
    peakRssMb: mb(peakRss),
    peakHeapMb: mb(peakHeap),
    baseRssMb: mb(base.rss),
    extra,
  }
  console.log(JSON.stringify(result))
  return result
}

async function fill(db: Database, count: number): Promise<void> {
  const step = 100_000
  for (let from = 1; from <= count; from += step) {
    const to = Math.min(count, from + step - 1)
    await db.execute(sql`
      insert into svn (status, status_changed_at, created_at, gs_code, benutzer, personen_typ, name,
        first_name, geburtsdatum, heimatstaat, street, zip, place, staat, stamm_nr, schale_nr, art,
        marke_typ, canton, schild_nr, kontakt_name, kontakt_strasse, kontakt_plz, kontakt_ort,
        kontakt_staat, kontakt_telefon, kontakt_email, referenz, iv_grund, gueltig_ab, bes_verwendung)
      select 'UNTREATED', now() - (i % 300) * interval '1 day', now() - interval '400 days', '1001',
        'clerk@alpina.example', 'NATUERLICH', 'Müller-' || i, 'Anna "Nina"', date '1970-01-01' + (i % 9000),
        'CH', 'Seestrasse ' || (i % 200), '8' || lpad((i % 1000)::text, 3, '0'), 'Zürich', 'CH',
        100000000 + i, 'CH-BOE' || i, 3, 'Boesch 620; Typ B', 'ZH', i % 99999, 'Anna Müller',
        'Seestrasse 1', '8001', 'Zürich', 'CH', '+41 44 000 00 00', 'anna' || i || '@mail.example',
        'POL-' || i, 57, date '2025-01-01' + (i % 300), 0
      from generate_series(${from}::int, ${to}::int) as i`)
  }
}

/** The floor: the same rows read the same way, written as plain `;` CSV to a file. */
async function bareCsv(db: Database, file: string): Promise<string> {
  const out = createWriteStream(file)
  let after = 0
  let rows = 0
  for (;;) {
    const batch = await db
      .select()
      .from(svn)
      .where(and(eq(svn.gsCode, '1001'), eq(svn.status, 'UNTREATED'), gt(svn.id, after)))
      .orderBy(asc(svn.id))
      .limit(1000)
    if (batch.length === 0) break
    let text = ''
    for (const r of batch) {
      text += `${Object.values(r)
        .map((v) => (v instanceof Date ? v.toISOString() : v === null ? '' : String(v)))
        .join(';')}\r\n`
    }
    if (!out.write(text)) await once(out, 'drain')
    rows += batch.length
    after = batch[batch.length - 1]!.id
  }
  out.end()
  await once(out, 'finish')
  return `${rows} rows, ${mb(out.bytesWritten)} MB`
}

async function main() {
  const handle = await openTestDatabase()
  const db = handle.db
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-files-'))
  try {
    console.log(`database: ${handle.kind}, records: ${RECORDS}`)
    await seedRegisterDemo(db)
    const filled = await measure(`insert ${RECORDS} SVN (generate_series)`, async () => {
      await fill(db, RECORDS)
      await db.execute(sql`analyze svn`)
      return undefined
    })
    const scope = { kind: 'insurer', gsCode: '1001', maklerNr: undefined } as const
    const actor = { subject: 'bench' }
    const results = [filled]
    results.push(
      await measure('bare streaming CSV writer (same rows, to a file)', () =>
        bareCsv(db, path.join(dir, 'bare.csv')),
      ),
    )
    for (const [format, reload] of [
      ['CSV', false],
      ['XML', true],
      ['CSV', true],
    ] as const) {
      results.push(
        await measure(`generateFile ${format} ${reload ? 'all' : 'new'}`, async () => {
          const file = await generateFile(db, { type: 'SVN', format, request: { reload }, scope, actor })
          return `${file.recordCount} records, ${Math.round(file.fileSizeInKb / 1024)} MiB stored`
        }),
      )
    }
    console.log('\n| step | time | peak RSS | peak heap | detail |\n| --- | --- | --- | --- | --- |')
    for (const r of results) {
      console.log(
        `| ${r.label} | ${r.seconds} s | ${r.peakRssMb} MB (start ${r.baseRssMb}) | ${r.peakHeapMb} MB | ${r.extra ?? ''} |`,
      )
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await handle.close()
  }
}

await main()
