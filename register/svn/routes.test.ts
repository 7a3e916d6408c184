import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { auditLog } from '../../db/schema/register.ts'
import { svn } from '../../db/schema/svn.ts'
import { SEARCH_LIMIT, type SearchResult } from '../../domain/svn/search.ts'
import type { Svn } from '../../domain/svn/types.ts'
import type { createRegisterApp } from '../app.ts'
import type { SeededUser } from '../seed/demo.ts'
import { foreignKey, openRegisterTestbed, type TestIdp } from '../testing.ts'
import { firstId, withStatus } from './testing.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: ReturnType<typeof createRegisterApp>
let seeded: SeededUser[]

const ALL = ['SVN_SUCHEN', 'SVN_STORNIEREN', 'AE_ERSTELLEN', 'AE_STORNIEREN']

async function call(
  method: string,
  path: string,
  email: string | null,
  roles: string[] = ALL,
): Promise<Response> {
  const headers: Record<string, string> = {}
  if (email) {
    const user = seeded.find((u) => u.email === email)
    if (!user) throw new Error(`not seeded: ${email}`)
    headers.Authorization = `Bearer ${await idp.token({ sub: user.subject, roles })}`
  }
  return app.request(path, { method, headers })
}

const CLERK = 'clerk@alpina.example'
const LEMAN = 'clerk@leman.example'
const BROKER = 'broker@seeland.example'

beforeAll(async () => {
  ;({ handle, idp, app, seeded } = await openRegisterTestbed(undefined, { svnDemo: true }))
})

afterAll(async () => {
  await handle?.close()
})

describe('endpoint matrix', () => {
  const endpoints = (id: number) => [
    { method: 'GET', path: '/svn/search?name=m', role: 'SVN_SUCHEN' },
    { method: 'GET', path: `/svn/details?svnId=${id}`, role: 'AE_STORNIEREN' },
    { method: 'PUT', path: `/svn/cancel/${id}`, role: 'SVN_STORNIEREN' },
    { method: 'POST', path: `/svn/create/ae/${id}`, role: 'AE_ERSTELLEN' },
    { method: 'PUT', path: `/svn/cancel/ae/${id}`, role: 'AE_STORNIEREN' },
  ]

  it('answers 401 without or with a bad token', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'OPEN'))
    const forged = await idp.token({ sub: 'x', roles: ALL, key: await foreignKey() })
    for (const e of endpoints(id)) {
      expect((await call(e.method, e.path, null)).status).toBe(401)
      const res = await app.request(e.path, {
        method: e.method,
        headers: { Authorization: `Bearer ${forged}` },
      })
      expect(res.status).toBe(401)
    }
  })

  it('answers 403 without the needed role, and passes with only that role', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'CANCELED'))
    for (const e of endpoints(id)) {
      expect((await call(e.method, e.path, CLERK, ['IV_AV_MELDUNGEN'])).status).toBe(403)
      // With just its role the request gets past the role check (200 or a status conflict).
      expect([200, 409]).toContain((await call(e.method, e.path, CLERK, [e.role])).status)
    }
  })

  it("answers 404 with no data for another insurer's id, and changes nothing", async () => {
    const leman = {
      OPEN: await firstId(handle.db, withStatus('1002', 'OPEN')),
      IV: await firstId(handle.db, withStatus('1002', 'IV')),
      AE: await firstId(handle.db, withStatus('1002', 'AE')),
    }
    const cases = [
      ['GET', `/svn/details?svnId=${leman.IV}`],
      ['PUT', `/svn/cancel/${leman.OPEN}`],
      ['POST', `/svn/create/ae/${leman.IV}`],
      ['PUT', `/svn/cancel/ae/${leman.AE}`],
    ] as const
    for (const [method, path] of cases) {
      const res = await call(method, path, CLERK)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'not found' })
    }
    const search = (await (await call('GET', `/svn/search?sVnID=${leman.IV}`, CLERK)).json()) as SearchResult
    expect(search).toEqual({ rows: [], total: 0 })
    const [row] = await handle.db.select({ status: svn.status }).from(svn).where(eq(svn.id, leman.OPEN))
    expect(row?.status).toBe('OPEN')
  })

  it('answers 400 with field errors', async () => {
    const bad = await call(
      'GET',
      '/svn/search?stammNr=123456787&zipCode=12345678&canton=XX&sVnStatus=DELETABLE&sort=x',
      CLERK,
    )
    expect(bad.status).toBe(400)
    const body = (await bad.json()) as { error: string; fieldErrors: Record<string, string[]> }
    expect(body.error).toBe('validation failed')
    expect(Object.keys(body.fieldErrors).sort()).toEqual([
      'canton',
      'sVnStatus',
      'sort',
      'stammNr',
      'zipCode',
    ])
    for (const [method, path] of [
      ['GET', '/svn/details?svnId=abc'],
      ['GET', '/svn/details'],
      ['PUT', '/svn/cancel/12x'],
      ['POST', '/svn/create/ae/-1'],
      ['PUT', '/svn/cancel/ae/1.5'],
    ] as const) {
      const res = await call(method, path, CLERK)
      expect(res.status, path).toBe(400)
      expect(((await res.json()) as { fieldErrors: object }).fieldErrors).toBeTruthy()
    }
  })
})

describe('GET /svn/search', () => {
  it('answers at most 100 rows, "more than 100" and the row shape', async () => {
    const res = await call('GET', '/svn/search', CLERK)
    expect(res.status).toBe(200)
    const body = (await res.json()) as SearchResult
    expect(body.rows).toHaveLength(100)
    const [{ n }] = (await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(svn)
      .where(and(eq(svn.gsCode, '1001'), sql`status <> 'DELETABLE'`))) as [{ n: number }]
    // More than the limit: the register answers limit + 1 instead of counting (ADR 502).
    expect(n).toBeGreaterThan(SEARCH_LIMIT)
    expect(body.total).toBe(SEARCH_LIMIT + 1)
    const ids = body.rows.map((r) => r.sVnId)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(Object.keys(body.rows[0] ?? {}).sort()).toEqual(
      [
        'canton',
        'firstName',
        'licensePlate',
        'marke',
        'name',
        'place',
        'postCode',
        'reference',
        'sVnId',
        'status',
        'street',
      ].sort(),
    )
    expect(body.rows.every((r) => r.status !== 'DELETABLE')).toBe(true)
  })

  it('filters by each kind of filter', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'IV'))
    const [record] = await handle.db.select().from(svn).where(eq(svn.id, id))
    if (!record?.name || !record.zip || !record.canton) throw new Error('demo record incomplete')
    const search = async (query: string) =>
      (await (await call('GET', `/svn/search?${query}`, CLERK)).json()) as SearchResult
    expect((await search(`sVnID=${id}`)).rows.map((r) => r.sVnId)).toEqual([id])
    const byName = await search(`name=${encodeURIComponent(record.name.slice(0, 3).toUpperCase())}`)
    expect(
      byName.rows.every((r) => r.name?.toLowerCase().startsWith(record.name!.slice(0, 3).toLowerCase())),
    ).toBe(true)
    expect(byName.rows.some((r) => r.sVnId === id) || byName.total > 100).toBe(true)
    const byZip = await search(`zipCode=${record.zip.slice(0, 2)}`)
    expect(byZip.rows.every((r) => r.postCode?.startsWith(record.zip!.slice(0, 2)))).toBe(true)
    const byCanton = await search(`canton=${record.canton}&sVnStatus=IV`)
    expect(byCanton.rows.every((r) => r.canton === record.canton && r.status === 'IV')).toBe(true)
    if (record.stammNr) {
      const formatted = String(record.stammNr).replace(/\B(?=(\d{3})+$)/g, '.')
      expect((await search(`stammNr=${formatted}`)).rows.map((r) => r.sVnId)).toContain(id)
    }
    if (record.schildNr) {
      const byPlate = await search(`schildNr=${record.schildNr}`)
      expect(byPlate.rows.map((r) => r.sVnId)).toContain(id)
      expect(byPlate.rows.find((r) => r.sVnId === id)?.licensePlate).toBe(
        `${record.canton} ${record.schildNr}`,
      )
    }
    if (record.schaleNr)
      expect((await search(`schaleNr=${record.schaleNr.slice(0, 6)}`)).total).toBeGreaterThan(0)
    // % and _ are literal, not wildcards.
    expect((await search('name=%25')).total).toBe(0)
  })

  it('sorts by any column both ways, ties by id', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const body = (await (
        await call('GET', `/svn/search?sort=name&order=${order}`, CLERK)
      ).json()) as SearchResult
      const names = body.rows.map((r) => r.name ?? '')
      const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      expect(names).toEqual(order === 'asc' ? sorted : sorted.reverse())
    }
    const desc = (await (await call('GET', '/svn/search?order=desc', CLERK)).json()) as SearchResult
    expect(desc.rows[0]!.sVnId).toBeGreaterThan(desc.rows[1]!.sVnId)
  })

  it('scopes a broker to their broker number', async () => {
    const body = (await (
      await call('GET', '/svn/search', BROKER, ['SVN_SUCHEN', 'MAKLER'])
    ).json()) as SearchResult
    const [{ n }] = (await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(svn)
      .where(and(eq(svn.gsCode, '1003'), eq(svn.maklerNr, '4711'), sql`status <> 'DELETABLE'`))) as [
      { n: number },
    ]
    // More than the limit: the register answers limit + 1 instead of counting (ADR 502).
    expect(n).toBeGreaterThan(SEARCH_LIMIT)
    expect(body.total).toBe(SEARCH_LIMIT + 1)
    const other = await firstId(
      handle.db,
      eq(svn.gsCode, '1003'),
      eq(svn.maklerNr, '5230'),
      eq(svn.status, 'IV'),
    )
    expect((await call('GET', `/svn/details?svnId=${other}`, BROKER, ['SVN_SUCHEN', 'MAKLER'])).status).toBe(
      404,
    )
    // The same user without MAKLER in the token is an insurer clerk: sees all of 1003.
    expect((await call('GET', `/svn/details?svnId=${other}`, BROKER, ['SVN_SUCHEN'])).status).toBe(200)
  })

  it('answers one page of the first 100 rows, with the same total', async () => {
    const search = async (query: string) => {
      const res = await call('GET', `/svn/search?${query}`, CLERK)
      expect(res.status, query).toBe(200)
      return (await res.json()) as SearchResult
    }
    const ids = (result: SearchResult) => result.rows.map((r) => r.sVnId)
    for (const order of ['asc', 'desc'] as const) {
      for (const sort of ['sVnId', 'name'] as const) {
        const all = await search(`sort=${sort}&order=${order}`)
        expect(all.total).toBe(SEARCH_LIMIT + 1)
        const second = await search(`sort=${sort}&order=${order}&page=2&pageSize=15`)
        expect(second.total, `${sort} ${order}`).toBe(all.total)
        expect(second.rows, `${sort} ${order}`).toEqual(all.rows.slice(15, 30))
        // The last page holds only what is left of the first 100: never the row over the limit.
        const last = await search(`sort=${sort}&order=${order}&page=7&pageSize=15`)
        expect(ids(last), `${sort} ${order}`).toEqual(ids(all).slice(90, 100))
        expect(last.total).toBe(SEARCH_LIMIT + 1)
      }
    }
    // Defaults answer as without them; an empty value is no value.
    expect(await search('page=1&pageSize=100')).toEqual(await search(''))
    expect(await search('page=&pageSize=')).toEqual(await search(''))
  })

  it('answers a page past the end with no rows and the total', async () => {
    // Past the first 100: no row can be on it.
    expect(await (await call('GET', '/svn/search?page=8&pageSize=15', CLERK)).json()).toEqual({
      rows: [],
      total: SEARCH_LIMIT + 1,
    })
    // Within the first 100, past the matches.
    const id = await firstId(handle.db, withStatus('1001', 'IV'))
    const one = (await (await call('GET', `/svn/search?sVnID=${id}`, CLERK)).json()) as SearchResult
    expect(one.total).toBe(1)
    expect(await (await call('GET', `/svn/search?sVnID=${id}&page=2&pageSize=15`, CLERK)).json()).toEqual({
      rows: [],
      total: 1,
    })
    expect(
      await (await call('GET', `/svn/search?sVnID=${id}&page=999999999&pageSize=100`, CLERK)).json(),
    ).toEqual({ rows: [], total: 1 })
    // Nothing found: page 1 and any other page alike.
    expect(await (await call('GET', '/svn/search?name=%25&page=3&pageSize=15', CLERK)).json()).toEqual({
      rows: [],
      total: 0,
    })
  })

  it('answers 400 with field errors for a bad page or page size', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['page=0', { page: ['validation.minValue'] }],
      ['page=abc', { page: ['validation.digitsOnly'] }],
      ['page=1.5', { page: ['validation.digitsOnly'] }],
      ['page=-1', { page: ['validation.digitsOnly'] }],
      ['pageSize=0', { pageSize: ['validation.minValue'] }],
      ['pageSize=101', { pageSize: ['validation.maxValue'] }],
      ['page=0&pageSize=abc', { page: ['validation.minValue'], pageSize: ['validation.digitsOnly'] }],
    ]
    for (const [query, fieldErrors] of cases) {
      const res = await call('GET', `/svn/search?${query}`, CLERK)
      expect(res.status, query).toBe(400)
      expect(await res.json(), query).toEqual({ error: 'validation failed', fieldErrors })
    }
  })

  it('Alpina has more than 100 IV, found with the status filter', async () => {
    const body = (await (await call('GET', '/svn/search?sVnStatus=IV', CLERK)).json()) as SearchResult
    expect(body.total).toBeGreaterThan(100)
    expect(body.rows).toHaveLength(100)
  })
  // The filters' query plans: search-plans.test.ts, on a table large enough to matter.
})

describe('GET /svn/details', () => {
  it('answers the whole record with IV and AV notifications and motors', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'AV'))
    const res = await call('GET', `/svn/details?svnId=${id}`, CLERK, ['SVN_SUCHEN'])
    expect(res.status).toBe(200)
    const record = (await res.json()) as Svn
    expect(record.id).toBe(id)
    expect(record.status).toBe('AV')
    expect(record.versicherungsdaten.gscode).toBe('1001')
    expect(record.versicherungsdaten.avDatum).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(record.avMeldung?.versicherer).toEqual({ gsCode: '1001', name: 'Alpina Versicherungen' })
    expect(record.avMeldung?.halter.person.name).toBe(record.halter.person.name)
    expect(Array.isArray(record.avMeldung?.schiff.motor)).toBe(true)
    expect(record.ivMeldung?.datum).toBe(record.versicherungsdaten.ivDatum)
    expect(Object.keys(record).sort()).toEqual(
      [
        'ausweisentzug',
        'avMeldung',
        'halter',
        'id',
        'ivMeldung',
        'kontakt',
        'schiff',
        'schild',
        'status',
        'version',
        'versicherungsdaten',
        'wikCGueltigAb',
      ].sort(),
    )
  })

  it('shows a rejected AE with its reason text', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'IV'), sql`rejected_ae is not null`)
    const record = (await (await call('GET', `/svn/details?svnId=${id}`, CLERK)).json()) as Svn
    expect(record.ausweisentzug?.rejectedAE).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(record.ausweisentzug?.reasonAEText?.de).toBeTruthy()
  })

  it('answers 404 for DELETABLE and unknown ids', async () => {
    const gone = await firstId(handle.db, withStatus('1001', 'DELETABLE'))
    expect((await call('GET', `/svn/details?svnId=${gone}`, CLERK)).status).toBe(404)
    expect((await call('GET', '/svn/details?svnId=999999999', CLERK)).status).toBe(404)
  })
})

describe('status actions', () => {
  it('cancels an OPEN record once; the second cancel is a conflict', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'OPEN'))
    const res = await call('PUT', `/svn/cancel/${id}`, CLERK)
    expect(res.status).toBe(200)
    const record = (await res.json()) as Svn
    expect(record.status).toBe('CANCELED')
    const again = await call('PUT', `/svn/cancel/${id}`, CLERK)
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: 'conflict', status: 'CANCELED' })
  })

  it('two concurrent cancels: exactly one 200 and one 409, one audit row', async () => {
    const id = await firstId(handle.db, withStatus('1002', 'OPEN'))
    const statuses = (
      await Promise.all([call('PUT', `/svn/cancel/${id}`, LEMAN), call('PUT', `/svn/cancel/${id}`, LEMAN)])
    )
      .map((r) => r.status)
      .sort()
    expect(statuses).toEqual([200, 409])
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'svn.cancel')))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ fromStatus: 'OPEN', toStatus: 'CANCELED', gsCode: '1002' })
  })

  it('creates an AE from IV (applicant, today) and withdraws it again, with audit rows', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'IV'), sql`applicant_ae is null`)
    const created = await call('POST', `/svn/create/ae/${id}`, CLERK)
    expect(created.status).toBe(200)
    const record = (await created.json()) as Svn
    expect(record.status).toBe('AE')
    expect(record.ausweisentzug?.applicantAE).toBe('Lukas Brunner (clerk@alpina.example)')
    expect(record.ausweisentzug?.startAE).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()),
    )
    expect((await call('POST', `/svn/create/ae/${id}`, CLERK)).status).toBe(409)

    const withdrawn = await call('PUT', `/svn/cancel/ae/${id}`, CLERK)
    expect(withdrawn.status).toBe(200)
    const after = (await withdrawn.json()) as Svn
    expect(after.status).toBe('IV')
    expect(after.ausweisentzug).toBeNull()
    expect(after.version).toBe(record.version + 1)
    const audits = await handle.db
      .select({
        action: auditLog.action,
        from: auditLog.fromStatus,
        to: auditLog.toStatus,
        actor: auditLog.actorSubject,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'svn'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id)
    expect(audits.slice(-2)).toEqual([
      {
        action: 'svn.create-ae',
        from: 'IV',
        to: 'AE',
        actor: seeded.find((u) => u.email === CLERK)?.subject,
      },
      {
        action: 'svn.cancel-ae',
        from: 'AE',
        to: 'IV',
        actor: seeded.find((u) => u.email === CLERK)?.subject,
      },
    ])
  })

  it('each insurer action is refused from every other status', async () => {
    for (const status of ['CANCELED', 'UNTREATED', 'RESERVED', 'IV', 'AE', 'AV'] as const) {
      const id = await firstId(handle.db, withStatus('1001', status))
      expect((await call('PUT', `/svn/cancel/${id}`, CLERK)).status).toBe(409)
    }
    for (const status of ['OPEN', 'CANCELED', 'UNTREATED', 'RESERVED', 'AE', 'AV'] as const) {
      const id = await firstId(handle.db, withStatus('1001', status))
      expect((await call('POST', `/svn/create/ae/${id}`, CLERK)).status).toBe(409)
    }
    for (const status of ['OPEN', 'CANCELED', 'UNTREATED', 'RESERVED', 'IV', 'AV'] as const) {
      const id = await firstId(handle.db, withStatus('1001', status))
      expect((await call('PUT', `/svn/cancel/ae/${id}`, CLERK)).status).toBe(409)
    }
  })
})
