import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'

/**
 * Benchmark and ops-test support: `count` untreated SVN of insurer 1001 (the demo's Alpina, which must
 * exist), written by generate_series in steps of 100 000.
 */
export async function fillUntreated(db: Database, count: number): Promise<void> {
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
