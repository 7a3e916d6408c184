import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { queryRows } from '../../db/rows.ts'
import { auditLog } from '../../db/schema/register.ts'
import { svn, svnNotifications } from '../../db/schema/svn.ts'
import { withCheckDigit } from '../../domain/svn/stem-number.ts'
import type { Svn } from '../../domain/svn/types.ts'
import type { createRegisterApp } from '../app.ts'
import { firstId, idsWhere, withStatus } from '../svn/testing.ts'
import { sweep } from '../svn/sweep.ts'
import { openRegisterTestbed, type TestIdp } from '../testing.ts'
import { runCantonCommand } from './cli.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: ReturnType<typeof createRegisterApp>

async function post(path: string, body?: unknown, roles: string[] = ['BEHOERDE'], withToken = true) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (withToken) headers.Authorization = `Bearer ${await idp.token({ sub: 'canton-zh', roles })}`
  return app.request(`/authority${path}`, {
    method: 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function statusOf(id: number): Promise<string | undefined> {
  const [row] = await handle.db.select({ status: svn.status }).from(svn).where(eq(svn.id, id))
  return row?.status
}

beforeAll(async () => {
  ;({ handle, idp, app } = await openRegisterTestbed(undefined, { svnDemo: true }))
})

afterAll(async () => {
  await handle?.close()
})

describe('demo records', () => {
  it('cover every status at every insurer, deterministic counts, broker 4711 and rejected AE', async () => {
    const rows = await queryRows<{ gs_code: string; status: string; n: number }>(
      handle.db,
      sql`select gs_code, status, count(*)::int as n from svn group by 1, 2 order by 1, 2`,
    )
    expect(rows).toHaveLength(24)
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(2000)
    expect(rows.find((r) => r.gs_code === '1001' && r.status === 'IV')?.n).toBeGreaterThan(100)
    expect((await idsWhere(handle.db, eq(svn.maklerNr, '4711'))).length).toBeGreaterThan(100)
    expect((await idsWhere(handle.db, sql`rejected_ae is not null`)).length).toBeGreaterThan(50)
    // The seed already swept: a sweep now finds nothing.
    expect(await sweep(handle.db)).toEqual({ untreated: 0, expiredAe: 0, deletable: 0 })
  })
})

describe('authority endpoints', () => {
  it('answer 401 without a token and 403 without role BEHOERDE', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'OPEN'))
    expect((await post(`/svn/${id}/reserve`, undefined, [], false)).status).toBe(401)
    expect((await post(`/svn/${id}/reserve`, undefined, ['SVN_SUCHEN'])).status).toBe(403)
    expect(await statusOf(id)).toBe('OPEN')
  })

  it('reserve, register IV with boat data and motors, then AV', async () => {
    const id = await firstId(handle.db, withStatus('1002', 'OPEN'))
    const reserved = await post(`/svn/${id}/reserve`)
    expect(reserved.status).toBe(200)
    expect(((await reserved.json()) as Svn).status).toBe('RESERVED')
    expect((await post(`/svn/${id}/reserve`)).status).toBe(409)

    // A number beyond PostgreSQL's integer is a 400, not a failed query.
    const huge = await post(`/svn/${id}/iv`, { datum: '2025-04-01', schiff: { ladung: 2_147_483_648 } })
    expect(huge.status).toBe(400)
    expect(((await huge.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty(['schiff.ladung'])
    expect(await statusOf(id)).toBe('RESERVED')

    const stammNr = Number(withCheckDigit('12345678'))
    const iv = await post(`/svn/${id}/iv`, {
      datum: '2025-04-01',
      schiff: {
        stammNr,
        material: 'GFK',
        laenge: 6.2,
        motor: [{ markeTyp: 'Yamaha F115', motorNr: '6EK-100', leistung: 84.6 }],
      },
    })
    expect(iv.status).toBe(200)
    const record = (await iv.json()) as Svn
    expect(record.status).toBe('IV')
    expect(record.versicherungsdaten.ivDatum).toBe('2025-04-01')
    expect(record.ivMeldung?.schiff).toMatchObject({ stammNr, material: 'GFK', laenge: 6.2 })
    expect(record.ivMeldung?.schiff.motor).toEqual([
      { markeTyp: 'Yamaha F115', motorNr: '6EK-100', leistung: 84.6 },
    ])

    expect((await post(`/svn/${id}/av`, { grund: 1 })).status).toBe(400)
    const av = await post(`/svn/${id}/av`, { grund: 58, datum: '2025-05-01' })
    expect(av.status).toBe(200)
    const after = (await av.json()) as Svn
    expect(after.status).toBe('AV')
    expect(after.versicherungsdaten).toMatchObject({ avDatum: '2025-05-01', avGrund: 58 })
    expect(after.avMeldung?.schiff.motor).toHaveLength(1)
  })

  it('fetch, reject (reason code checked) and execute AE', async () => {
    const [a, b] = await idsWhere(handle.db, withStatus('1001', 'AE'), sql`fetched_ae is null`)
    if (!a || !b) throw new Error('need two AE')
    const fetched = (await (await post(`/svn/${a}/ae/fetch`)).json()) as Svn
    expect(fetched.status).toBe('AE')
    expect(fetched.ausweisentzug?.fetchedAE).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const bad = await post(`/svn/${a}/ae/reject`, { reason: '99' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty('reason')
    const rejected = (await (await post(`/svn/${a}/ae/reject`, { reason: '2' })).json()) as Svn
    expect(rejected.status).toBe('IV')
    expect(rejected.ausweisentzug).toMatchObject({ reasonAE: '2' })
    expect(rejected.ausweisentzug?.rejectedAE).toBeTruthy()
    expect((await post(`/svn/${a}/ae/execute`)).status).toBe(409)

    const executed = (await (await post(`/svn/${b}/ae/execute`)).json()) as Svn
    expect(executed.status).toBe('AV')
    expect(executed.avMeldung?.grund).toBe(50)
    const audits = await handle.db
      .select({ actor: auditLog.actorSubject, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(b)), eq(auditLog.action, 'svn.execute-ae')))
    expect(audits).toEqual([{ actor: 'canton-zh', action: 'svn.execute-ae' }])
  })

  it('answers 404 for unknown and DELETABLE ids', async () => {
    const gone = await firstId(handle.db, withStatus('1001', 'DELETABLE'))
    expect((await post(`/svn/${gone}/reserve`)).status).toBe(404)
    expect((await post('/svn/999999999/reserve')).status).toBe(404)
  })
})

describe('canton CLI services', () => {
  it('each command moves the right records and refuses the others', async () => {
    const [open1, open2] = await idsWhere(handle.db, withStatus('1003', 'OPEN'))
    const cancelled = await firstId(handle.db, withStatus('1003', 'CANCELED'))
    if (!open1 || !open2) throw new Error('need OPEN')
    expect(await runCantonCommand(handle.db, ['reserve', String(open1)])).toEqual({
      output: `${open1}: OPEN → RESERVED`,
      ok: true,
    })
    const iv = await runCantonCommand(handle.db, [
      'iv',
      String(open1),
      String(open2),
      String(cancelled),
      '--date',
      '2025-06-01',
    ])
    expect(iv.ok).toBe(false)
    expect(iv.output.split('\n')).toEqual([
      `${open1}: RESERVED → IV`,
      `${open2}: OPEN → IV`,
      `${cancelled}: not allowed from CANCELED`,
    ])
    expect((await runCantonCommand(handle.db, ['av', String(open2), '--grund', '54'])).ok).toBe(true)
    expect(await statusOf(open2)).toBe('AV')
    const [note] = await handle.db
      .select()
      .from(svnNotifications)
      .where(and(eq(svnNotifications.svnId, open1), eq(svnNotifications.kind, 'IV')))
    expect(note?.datum).toBe('2025-06-01')

    const [ae1, ae2, ae3] = await idsWhere(handle.db, withStatus('1003', 'AE'), sql`fetched_ae is null`)
    if (!ae1 || !ae2 || !ae3) throw new Error('need AE')
    expect((await runCantonCommand(handle.db, ['fetch-ae', String(ae1)])).ok).toBe(true)
    expect((await runCantonCommand(handle.db, ['reject-ae', '3', String(ae2)])).output).toBe(
      `${ae2}: AE → IV`,
    )
    expect((await runCantonCommand(handle.db, ['reject-ae', '77', String(ae3)])).ok).toBe(false)
    expect((await runCantonCommand(handle.db, ['execute-ae', String(ae3)])).output).toBe(`${ae3}: AE → AV`)
    expect((await runCantonCommand(handle.db, ['nonsense'])).ok).toBe(false)
    expect((await runCantonCommand(handle.db, ['reserve', 'x'])).output).toMatch(/expected SVN ids/)
  })

  it('sweep: OPEN 30 days past valid-from → UNTREATED, fetched AE after 60 days → AV, retention → DELETABLE; twice changes nothing more', async () => {
    const later = new Date(Date.now() + 70 * 86_400_000)
    const expectedUntreated = await idsWhere(
      handle.db,
      eq(svn.status, 'OPEN'),
      sql`gueltig_ab < ${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date(later.getTime() - 30 * 86_400_000))}`,
    )
    const fetchedAe = await idsWhere(handle.db, eq(svn.status, 'AE'), sql`fetched_ae is not null`)
    const first = await runCantonCommand(handle.db, ['sweep', '--now', later.toISOString()])
    expect(first.ok).toBe(true)
    expect(first.output).toBe(
      `untreated: ${expectedUntreated.length}, AE expired to AV: ${fetchedAe.length}, deletable: 0`,
    )
    for (const id of fetchedAe) expect(await statusOf(id)).toBe('AV')
    expect(await sweep(handle.db, { now: later })).toEqual({ untreated: 0, expiredAe: 0, deletable: 0 })

    // Four years on, everything CANCELED/UNTREATED/AV is past retention.
    const muchLater = new Date(Date.now() + 4 * 366 * 86_400_000)
    const ending = await idsWhere(handle.db, sql`status in ('CANCELED', 'UNTREATED', 'AV')`)
    const result = await sweep(handle.db, { now: muchLater })
    expect(result.deletable).toBeGreaterThanOrEqual(ending.length)
    expect(await sweep(handle.db, { now: muchLater })).toEqual({ untreated: 0, expiredAe: 0, deletable: 0 })
    const systemRows = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.actorSubject, 'system'), eq(auditLog.action, 'svn.mark-deletable')))
    expect(systemRows[0]?.n).toBeGreaterThanOrEqual(ending.length)
  })
})
