import { and, eq, isNotNull, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportDeliveries, exportFileChunks, exportFiles } from '../../db/schema/files.ts'
import { auditLog } from '../../db/schema/register.ts'
import { svn, svnNotifications } from '../../db/schema/svn.ts'
import type { FileEntry, FileType, GeneratedFile } from '../../domain/files/types.ts'
import { FILE_TYPE_AUTHORITY, FILE_TYPES } from '../../domain/files/types.ts'
import { zurichDay } from '../../domain/svn/dates.ts'
import { parseCsv, validateXml, xpath } from '../export/testing.ts'
import { seedSvnDemo } from '../seed/svn-demo.ts'
import { foreignKey, openRegisterTestbed, type RegisterTestbed } from '../testing.ts'
import { generateFile } from './service.ts'

let bed: RegisterTestbed

const CLERK = 'clerk@alpina.example'
const LEMAN = 'clerk@leman.example'
const BROKER = 'broker@seeland.example'
const SEELAND_ADMIN = 'admin@seeland.example'
const ALL_PICKUP = ['SVN_NICHT_EINGELOEST', 'IV_AV_MELDUNGEN', 'AE_ZURUECKGEWIESEN']

async function call(
  method: string,
  path: string,
  email: string | null,
  options: { roles?: string[]; body?: unknown; rawBody?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {}
  if (email) {
    const user = bed.seeded.find((u) => u.email === email)
    if (!user) throw new Error(`not seeded: ${email}`)
    const roles = options.roles ?? [...ALL_PICKUP, ...(email === BROKER ? ['MAKLER'] : [])]
    headers.Authorization = `Bearer ${await bed.idp.token({ sub: user.subject, roles })}`
  }
  let body: string | undefined
  if (options.rawBody !== undefined) body = options.rawBody
  else if (options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return bed.app.request(path, { method, headers, body })
}

async function generate(
  type: FileType,
  format: 'XML' | 'CSV',
  email: string,
  body: Record<string, unknown> = {},
): Promise<GeneratedFile> {
  const res = await call('POST', `/files/${type}/${format}`, email, { body })
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as GeneratedFile
}

async function download(type: FileType, fileName: string, email: string): Promise<Response> {
  return call('GET', `/files/${type}/${fileName}`, email)
}

async function list(type: FileType, email: string): Promise<FileEntry[]> {
  const res = await call('GET', `/files/${type}`, email)
  expect(res.status).toBe(200)
  return (await res.json()) as FileEntry[]
}

const db = () => bed.handle.db
const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
const n = sql<number>`count(*)::int`

/** What each type holds for an insurer (and broker), straight from the tables. */
async function expectedCount(type: FileType, gsCode: string, maklerNr?: string): Promise<number> {
  const broker = maklerNr ? eq(svn.maklerNr, maklerNr) : undefined
  const visible = and(eq(svn.gsCode, gsCode), ne(svn.status, 'DELETABLE'), broker)
  if (type === 'SVN') {
    return countOf(
      db()
        .select({ n })
        .from(svn)
        .where(and(visible, eq(svn.status, 'UNTREATED'))),
    )
  }
  if (type === 'AE')
    return countOf(
      db()
        .select({ n })
        .from(svn)
        .where(and(visible, isNotNull(svn.rejectedAe))),
    )
  return countOf(
    db()
      .select({ n })
      .from(svnNotifications)
      .innerJoin(svn, eq(svn.id, svnNotifications.svnId))
      .where(visible),
  )
}

beforeAll(async () => {
  bed = await openRegisterTestbed()
  await seedSvnDemo(bed.handle.db)
})

afterAll(async () => {
  await bed?.handle.close()
})

describe('demo data', () => {
  it('holds untreated SVN, IV and AV notifications and rejected AE for every demo insurer', async () => {
    for (const gsCode of ['1001', '1002', '1003']) {
      for (const type of FILE_TYPES)
        expect(await expectedCount(type, gsCode), `${type} ${gsCode}`).toBeGreaterThan(5)
    }
    for (const type of FILE_TYPES) expect(await expectedCount(type, '1003', '4711')).toBeGreaterThan(3)
  })

  it('holds files waiting for pickup: per picker and type one downloaded, one not', async () => {
    for (const [email, gsCode] of [
      [CLERK, '1001'],
      [LEMAN, '1002'],
      [BROKER, '1003'],
    ] as const) {
      for (const type of FILE_TYPES) {
        const files = await list(type, email)
        expect(
          files.map((f) => f.isDownloaded),
          `${email} ${type}`,
        ).toEqual([false, true])
        expect(files.every((f) => f.fileName.startsWith(`${type}_${gsCode}_`))).toBe(true)
        expect(await (await call('GET', `/files/${type}/count`, email)).json()).toEqual({ notDownloaded: 1 })
      }
    }
    // Together the two files hold every record of the type: nothing is new.
    expect((await generate('IVAV', 'XML', CLERK)).recordCount).toBe(0)
    // The rest of this file starts without files.
    await db().delete(exportFiles)
  })
})

describe('endpoint matrix', () => {
  const files = new Map<FileType, GeneratedFile>()
  const paths = (type: FileType) => {
    const file = files.get(type)
    if (!file) throw new Error('no file')
    return [
      { method: 'GET', path: `/files/${type}` },
      { method: 'GET', path: `/files/${type}/count` },
      { method: 'POST', path: `/files/${type}/CSV` },
      { method: 'GET', path: `/files/${type}/${file.fileName}` },
      { method: 'DELETE', path: `/files/delete/${file.id}` },
    ]
  }

  beforeAll(async () => {
    for (const type of FILE_TYPES) files.set(type, await generate(type, 'XML', CLERK, { reload: true }))
  })

  it('answers 401 without or with a bad token', async () => {
    const forged = await bed.idp.token({ sub: 'x', roles: ALL_PICKUP, key: await foreignKey() })
    for (const type of FILE_TYPES) {
      for (const e of paths(type)) {
        expect((await call(e.method, e.path, null)).status, e.path).toBe(401)
        const res = await bed.app.request(e.path, {
          method: e.method,
          headers: { Authorization: `Bearer ${forged}` },
        })
        expect(res.status, e.path).toBe(401)
      }
    }
  })

  it("answers 403 without the type's role (nothing stored), and passes with only that role", async () => {
    const before = await countOf(db().select({ n }).from(exportFiles))
    for (const type of FILE_TYPES) {
      const others = ALL_PICKUP.filter((r) => r !== FILE_TYPE_AUTHORITY[type])
      for (const e of paths(type)) {
        const delete_ = e.method === 'DELETE'
        // DELETE with another pickup role finds the file but refuses it; with none it reveals nothing.
        expect((await call(e.method, e.path, CLERK, { roles: ['SVN_SUCHEN'] })).status, e.path).toBe(403)
        expect((await call(e.method, e.path, CLERK, { roles: others })).status, e.path).toBe(403)
        if (!delete_) {
          const res = await call(e.method, e.path, CLERK, { roles: [FILE_TYPE_AUTHORITY[type]] })
          expect([200, 201], e.path).toContain(res.status)
          if (e.method === 'POST') {
            await call('DELETE', `/files/delete/${((await res.json()) as GeneratedFile).id}`, CLERK)
          }
        }
      }
    }
    expect(await countOf(db().select({ n }).from(exportFiles))).toBe(before)
  })

  it("answers 404 with no data for another insurer's file id or name, and changes nothing", async () => {
    for (const type of FILE_TYPES) {
      const file = files.get(type)!
      const [before] = await db().select().from(exportFiles).where(eq(exportFiles.id, file.id))
      for (const [method, path] of [
        ['GET', `/files/${type}/${file.fileName}`],
        ['DELETE', `/files/delete/${file.id}`],
      ] as const) {
        const res = await call(method, path, LEMAN)
        expect(res.status, path).toBe(404)
        expect(await res.json()).toEqual({ error: 'not found' })
      }
      expect((await list(type, LEMAN)).map((f) => f.id)).not.toContain(file.id)
      const [row] = await db().select().from(exportFiles).where(eq(exportFiles.id, file.id))
      expect(row).toEqual(before)
    }
  })

  it('answers 404 for unknown types, formats and names', async () => {
    expect((await call('GET', '/files/XY', CLERK)).status).toBe(404)
    expect((await call('GET', '/files/svn', CLERK)).status).toBe(404)
    expect((await call('POST', '/files/SVN/PDF', CLERK, { body: {} })).status).toBe(404)
    expect((await call('GET', '/files/SVN/nope.xml', CLERK)).status).toBe(404)
    expect((await call('GET', '/files/SVN/..%2F..%2Fetc.xml', CLERK)).status).toBe(404)
    expect((await call('DELETE', '/files/delete/999999', CLERK)).status).toBe(404)
    expect((await call('DELETE', '/files/delete/abc', CLERK)).status).toBe(400)
    // A file name of another type is not found under this one.
    expect((await call('GET', `/files/AE/${files.get('SVN')!.fileName}`, CLERK)).status).toBe(404)
  })

  it('answers 400 with translation-key field errors, and stores nothing', async () => {
    const before = await countOf(db().select({ n }).from(exportFiles))
    const cases: [unknown, Record<string, string[]>][] = [
      [{ von: '2026-05-02', bis: '01.05.2026' }, { bis: ['validation.dateRange'] }],
      [{ von: '31.02.2026' }, { von: ['validation.dateNotReal'] }],
      [{ bis: 'yesterday' }, { bis: ['validation.dateFormat'] }],
      [{ referenz: 'X'.repeat(16) }, { referenz: ['validation.maxLength'] }],
      // jsonb (the audit's filter) cannot hold a lone surrogate: refused, not a failed insert.
      [{ referenz: 'Ref\ud800' }, { referenz: ['validation.invalid'] }],
      [{ maklerNr: '12345678901' }, { maklerNr: ['validation.maxLength'] }],
      [{ reload: 'sometimes' }, { reload: ['validation.invalidOption'] }],
    ]
    for (const [body, fieldErrors] of cases) {
      const res = await call('POST', '/files/IVAV/XML', CLERK, { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toEqual({ error: 'validation failed', fieldErrors })
    }
    expect((await call('POST', '/files/IVAV/XML', CLERK, { rawBody: '{nope' })).status).toBe(400)
    expect(await countOf(db().select({ n }).from(exportFiles))).toBe(before)
  })
})

describe('generation', () => {
  it.each(FILE_TYPES)('%s as XML: every record of the insurer, valid against the XSD', async (type) => {
    const file = await generate(type, 'XML', CLERK, { reload: true })
    const expected = await expectedCount(type, '1001')
    expect(file).toMatchObject({ type, format: 'XML', recordCount: expected, isDownloaded: false })
    expect(file.fileName).toMatch(new RegExp(`^${type}_1001_\\d{8}T\\d{6}Z\\.xml$`))
    const res = await download(type, file.fileName, CLERK)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const body = Buffer.from(await res.arrayBuffer())
    expect(body.length).toBe(Number(res.headers.get('Content-Length')))
    expect(file.fileSizeInKb).toBe(Math.ceil(body.length / 1024))
    await validateXml(type, body)
    const record = type === 'IVAV' ? 'meldung' : 'svn'
    expect(await xpath(body, `count(//*[local-name()="${record}"])`)).toBe(String(expected))
    expect(await xpath(body, `count(//*[local-name()="gscode"][.!="1001"])`)).toBe('0')
  })

  it('SVN as CSV: BOM, header, one row per untreated record, fields equal to the record', async () => {
    const file = await generate('SVN', 'CSV', CLERK, { reload: true })
    const res = await download('SVN', file.fileName, CLERK)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1))
    if (!header) throw new Error('no header')
    const column = (name: string) => header.indexOf(name)
    const records = await db()
      .select()
      .from(svn)
      .where(and(eq(svn.gsCode, '1001'), eq(svn.status, 'UNTREATED')))
      .orderBy(svn.id)
    expect(rows).toHaveLength(records.length)
    const text = (v: string | null) => (v === null ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v)
    rows.forEach((row, i) => {
      const r = records[i]!
      expect(row).toHaveLength(header.length)
      expect(row[column('id')]).toBe(String(r.id))
      expect(row[column('status')]).toBe('UNTREATED')
      expect(row[column('statusDatum')]).toBe(zurichDay(r.statusChangedAt))
      expect(row[column('halter.person.name')]).toBe(text(r.name))
      expect(row[column('halter.person.vorname')]).toBe(text(r.firstName))
      expect(row[column('halter.adresse.strasse')]).toBe(text(r.street))
      expect(row[column('schiff.stammNr')]).toBe(r.stammNr === null ? '' : String(r.stammNr))
      expect(row[column('kontakt.telefon')]).toBe(text(r.kontaktTelefon))
      expect(row[column('versicherungsdaten.referenz')]).toBe(text(r.referenz))
      expect(row[column('versicherungsdaten.gueltigAb')]).toBe(r.gueltigAb ?? '')
    })
    // Phone numbers start with + and are neutralised.
    expect(rows.some((row) => row[column('kontakt.telefon')]?.startsWith("'+41"))).toBe(true)
  })

  it('IVAV and AE as CSV parse with the same number of cells in every row', async () => {
    for (const type of ['IVAV', 'AE'] as const) {
      const file = await generate(type, 'CSV', CLERK, { reload: true })
      const bytes = Buffer.from(await (await download(type, file.fileName, CLERK)).arrayBuffer())
      const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1))
      expect(rows).toHaveLength(await expectedCount(type, '1001'))
      expect(rows.every((row) => row.length === header?.length)).toBe(true)
    }
  })

  it('filters on the event date, broker number and reference prefix', async () => {
    const [sample] = await db()
      .select({ datum: svnNotifications.datum, referenz: svn.referenz })
      .from(svnNotifications)
      .innerJoin(svn, eq(svn.id, svnNotifications.svnId))
      .where(eq(svn.gsCode, '1001'))
      .limit(1)
    if (!sample?.referenz) throw new Error('no sample')
    const inDay = await countOf(
      db()
        .select({ n })
        .from(svnNotifications)
        .innerJoin(svn, eq(svn.id, svnNotifications.svnId))
        .where(
          and(eq(svn.gsCode, '1001'), ne(svn.status, 'DELETABLE'), eq(svnNotifications.datum, sample.datum)),
        ),
    )
    const [y, m, d] = sample.datum.split('-')
    const byDay = await generate('IVAV', 'XML', CLERK, {
      reload: true,
      von: `${d}.${m}.${y}`,
      bis: `${d}${m}${y}`,
    })
    expect(byDay.recordCount).toBe(inDay)

    const prefix = sample.referenz.slice(0, 6).toLowerCase()
    const byRef = await generate('IVAV', 'CSV', CLERK, { reload: true, referenz: prefix })
    const bytes = Buffer.from(await (await download('IVAV', byRef.fileName, CLERK)).arrayBuffer())
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1))
    const ref = header?.indexOf('versicherungsdaten.referenz') ?? -1
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row[ref]?.toLowerCase().startsWith(prefix))).toBe(true)

    // Untreated SVN changed status at the demo's sweep (today): yesterday holds none.
    const today = zurichDay(new Date())
    const yesterday = zurichDay(new Date(Date.now() - 86_400_000))
    expect((await generate('SVN', 'XML', CLERK, { reload: true, bis: yesterday })).recordCount).toBe(0)
    expect((await generate('SVN', 'XML', CLERK, { reload: true, von: today })).recordCount).toBe(
      await expectedCount('SVN', '1001'),
    )
    // Broker number filter for insurer staff.
    const staff = await generate('AE', 'XML', SEELAND_ADMIN, { reload: true, maklerNr: '5230' })
    expect(staff.recordCount).toBe(await expectedCount('AE', '1003', '5230'))
    // A percent sign is a literal, not a wildcard.
    expect((await generate('SVN', 'XML', CLERK, { reload: true, referenz: '%' })).recordCount).toBe(0)
  })

  it('writes content in chunks and serves them in order', async () => {
    const scope = { kind: 'insurer', gsCode: '1002', maklerNr: undefined } as const
    const file = await generateFile(db(), {
      type: 'IVAV',
      format: 'XML',
      request: { reload: true },
      scope,
      actor: { subject: 'test' },
      chunkBytes: 8192,
    })
    const chunks = await countOf(
      db().select({ n }).from(exportFileChunks).where(eq(exportFileChunks.fileId, file.id)),
    )
    expect(chunks).toBe(Math.ceil(file.fileSizeInKb / 8))
    const sizes = await db()
      .select({ n: sql<number>`length(${exportFileChunks.data})::int` })
      .from(exportFileChunks)
      .where(eq(exportFileChunks.fileId, file.id))
      .orderBy(exportFileChunks.seq)
    expect(sizes.slice(0, -1).every((s) => s.n === 8192)).toBe(true)
    const body = Buffer.from(await (await download('IVAV', file.fileName, LEMAN)).arrayBuffer())
    await validateXml('IVAV', body)
    expect(await xpath(body, 'count(//*[local-name()="meldung"])')).toBe(String(file.recordCount))
  })
})

describe('new and all', () => {
  it('new takes only records in no earlier file; all takes every record; deleting makes them new', async () => {
    const total = await expectedCount('AE', '1002')
    const first = await generate('AE', 'XML', LEMAN)
    expect(first.recordCount).toBe(total)
    expect((await generate('AE', 'CSV', LEMAN)).recordCount).toBe(0)
    expect((await generate('AE', 'XML', LEMAN, { reload: 'false' })).recordCount).toBe(0)
    expect((await generate('AE', 'XML', LEMAN, { reload: true })).recordCount).toBe(total)
    // Every record is still in the "all" file: deleting the first one frees nothing.
    expect((await call('DELETE', `/files/delete/${first.id}`, LEMAN)).status).toBe(200)
    expect((await generate('AE', 'XML', LEMAN)).recordCount).toBe(0)
    // Deleting every file of the type makes all records new again.
    for (const f of await list('AE', LEMAN)) {
      expect((await call('DELETE', `/files/delete/${f.id}`, LEMAN)).status).toBe(200)
    }
    expect(await list('AE', LEMAN)).toEqual([])
    expect((await generate('AE', 'CSV', LEMAN)).recordCount).toBe(total)
    // Other types are untouched by AE deliveries.
    expect((await generate('SVN', 'XML', LEMAN)).recordCount).toBe(await expectedCount('SVN', '1002'))
  })

  it('two "new" generations at the same time never deliver a record twice', async () => {
    for (const f of await list('IVAV', LEMAN)) await call('DELETE', `/files/delete/${f.id}`, LEMAN)
    const total = await expectedCount('IVAV', '1002')
    expect(total).toBeGreaterThan(0)
    const [a, b] = await Promise.all([generate('IVAV', 'XML', LEMAN), generate('IVAV', 'CSV', LEMAN)])
    expect(a.recordCount + b.recordCount).toBe(total)
    expect(Math.min(a.recordCount, b.recordCount)).toBe(0)
  })

  it('a new rejection of an already delivered SVN is new again', async () => {
    const [id] = (
      await db()
        .select({ id: svn.id })
        .from(svn)
        .where(and(eq(svn.gsCode, '1002'), isNotNull(svn.rejectedAe)))
        .limit(1)
    ).map((r) => r.id)
    // Everything of 1002 has been delivered by now.
    expect((await generate('AE', 'XML', LEMAN)).recordCount).toBe(0)
    // Rejected once more, tomorrow (as the canton would after a new request).
    const tomorrow = zurichDay(new Date(Date.now() + 86_400_000))
    await db().update(svn).set({ rejectedAe: tomorrow }).where(eq(svn.id, id!))
    const again = await generate('AE', 'XML', LEMAN)
    expect(again.recordCount).toBe(1)
  })
})

describe('download, list and count', () => {
  it('lists complete files newest first, counts the ones not downloaded, and a download marks it', async () => {
    const a = await generate('SVN', 'XML', CLERK, { reload: true })
    const b = await generate('SVN', 'CSV', CLERK, { reload: true })
    const files = await list('SVN', CLERK)
    const names = files.map((f) => f.fileName)
    expect(names).toEqual([...names].sort().reverse())
    expect(files[0]).toEqual({
      id: b.id,
      fileName: b.fileName,
      fileSizeInKb: b.fileSizeInKb,
      isDownloaded: false,
    })
    expect(Object.keys(files[0] ?? {}).sort()).toEqual(['fileName', 'fileSizeInKb', 'id', 'isDownloaded'])
    const countRes = await call('GET', '/files/SVN/count', CLERK)
    const count = ((await countRes.json()) as { notDownloaded: number }).notDownloaded
    expect(count).toBe(files.filter((f) => !f.isDownloaded).length)

    const res = await download('SVN', a.fileName, CLERK)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${a.fileName}"; filename*=UTF-8''${a.fileName}`,
    )
    await res.arrayBuffer()
    expect((await list('SVN', CLERK)).find((f) => f.id === a.id)?.isDownloaded).toBe(true)
    expect(await (await call('GET', '/files/SVN/count', CLERK)).json()).toEqual({ notDownloaded: count - 1 })
    // Downloading again works and keeps it downloaded.
    expect((await download('SVN', a.fileName, CLERK)).status).toBe(200)

    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'export_file'), eq(auditLog.entityId, String(a.id))))
    expect(actions.map((r) => r.action).sort()).toEqual(['file.download', 'file.download', 'file.generate'])
  })

  it('unfinished files are never listed, counted or served', async () => {
    const [row] = await db()
      .insert(exportFiles)
      .values({ gsCode: '1001', type: 'SVN', format: 'XML', fileName: 'SVN_1001_29991231T235959Z.xml' })
      .returning()
    expect((await list('SVN', CLERK)).map((f) => f.id)).not.toContain(row!.id)
    expect((await download('SVN', row!.fileName, CLERK)).status).toBe(404)
    expect((await call('DELETE', `/files/delete/${row!.id}`, CLERK)).status).toBe(404)
    await db().delete(exportFiles).where(eq(exportFiles.id, row!.id))
  })

  it('a delete is audited and takes chunks and deliveries with it', async () => {
    const file = await generate('IVAV', 'CSV', CLERK, { reload: true })
    // Delivery rows have no foreign key: the trigger of migration 0011 deletes them (ADR 536).
    const delivered = db().select({ n }).from(exportDeliveries).where(eq(exportDeliveries.fileId, file.id))
    expect(await countOf(delivered)).toBe(file.recordCount)
    expect(file.recordCount).toBeGreaterThan(0)
    const res = await call('DELETE', `/files/delete/${file.id}`, CLERK)
    expect(await res.json()).toEqual({ id: file.id, fileName: file.fileName, type: 'IVAV' })
    for (const table of [exportFileChunks, exportDeliveries]) {
      expect(await countOf(db().select({ n }).from(table).where(eq(table.fileId, file.id)))).toBe(0)
    }
    const [logged] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.delete'), eq(auditLog.entityId, String(file.id))))
    expect(logged?.gsCode).toBe('1001')
    expect((await download('IVAV', file.fileName, CLERK)).status).toBe(404)
  })
})

describe('brokers', () => {
  it('a broker gets only records with their own number, whatever the form says', async () => {
    const file = await generate('IVAV', 'CSV', BROKER, { reload: true, maklerNr: '5230' })
    expect(file.recordCount).toBe(await expectedCount('IVAV', '1003', '4711'))
    const bytes = Buffer.from(await (await download('IVAV', file.fileName, BROKER)).arrayBuffer())
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1))
    const makler = header?.indexOf('versicherungsdaten.maklerNr') ?? -1
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row[makler] === '4711')).toBe(true)
    const xml = await generate('IVAV', 'XML', BROKER, { reload: true })
    const body = Buffer.from(await (await download('IVAV', xml.fileName, BROKER)).arrayBuffer())
    await validateXml('IVAV', body)
    expect(await xpath(body, 'string(/*/@maklerNr)')).toBe('4711')
  })

  it("a broker sees only their own files; the insurer's staff see the broker's too", async () => {
    const staff = await generate('SVN', 'XML', SEELAND_ADMIN, { reload: true })
    const own = await generate('SVN', 'XML', BROKER, { reload: true })
    const brokerList = (await list('SVN', BROKER)).map((f) => f.id)
    expect(brokerList).toContain(own.id)
    expect(brokerList).not.toContain(staff.id)
    expect((await download('SVN', staff.fileName, BROKER)).status).toBe(404)
    expect((await call('DELETE', `/files/delete/${staff.id}`, BROKER)).status).toBe(404)
    expect((await list('SVN', SEELAND_ADMIN)).map((f) => f.id)).toEqual(
      expect.arrayContaining([own.id, staff.id]),
    )
    expect(await (await call('GET', '/files/SVN/count', BROKER)).json()).toEqual({
      notDownloaded: brokerList.length,
    })
  })

  it("a broker's new ignores the staff's deliveries; the staff's new counts the broker's", async () => {
    // Staff delivered every AE of 1003 (reload) earlier in this file; the broker has no AE file yet.
    await generate('AE', 'XML', SEELAND_ADMIN, { reload: true })
    const mine = await expectedCount('AE', '1003', '4711')
    expect((await generate('AE', 'XML', BROKER)).recordCount).toBe(mine)
    expect((await generate('AE', 'XML', BROKER)).recordCount).toBe(0)
    expect((await generate('AE', 'XML', SEELAND_ADMIN)).recordCount).toBe(0)
  })

  it('a broker without a broker number may not generate and sees nothing', async () => {
    const roles = [...ALL_PICKUP, 'MAKLER']
    expect((await call('POST', '/files/SVN/XML', SEELAND_ADMIN, { roles, body: {} })).status).toBe(403)
    expect(await (await call('GET', '/files/SVN', SEELAND_ADMIN, { roles })).json()).toEqual([])
  })
})
