import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { exportDeliveries, exportFiles } from '../../db/schema/files.ts'
import { auditLog, users } from '../../db/schema/register.ts'
import { svn } from '../../db/schema/svn.ts'
import type { SvnHistory } from '../../domain/svn/history.ts'
import type { createRegisterApp } from '../app.ts'
import type { SeededUser } from '../seed/demo.ts'
import { foreignKey, openRegisterTestbed, type TestIdp } from '../testing.ts'
import { firstId, withStatus } from './testing.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: ReturnType<typeof createRegisterApp>
let seeded: SeededUser[]

const ROLES = ['SVN_SUCHEN', 'SVN_STORNIEREN', 'AE_ERSTELLEN', 'AE_STORNIEREN', 'SVN_ERSTELLEN']
const CLERK = 'clerk@alpina.example'
const LEMAN = 'clerk@leman.example'
const BROKER = 'broker@seeland.example'

async function call(method: string, path: string, email: string | null, roles = ROLES): Promise<Response> {
  const headers: Record<string, string> = {}
  if (email) {
    const user = seeded.find((u) => u.email === email)
    if (!user) throw new Error(`not seeded: ${email}`)
    headers.Authorization = `Bearer ${await idp.token({ sub: user.subject, roles })}`
  }
  return app.request(path, { method, headers })
}

async function history(id: number, email = CLERK): Promise<SvnHistory> {
  const res = await call('GET', `/svn/${id}/history`, email)
  expect(res.status).toBe(200)
  return (await res.json()) as SvnHistory
}

const auditRows = async () =>
  (await handle.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n ?? 0

beforeAll(async () => {
  ;({ handle, idp, app, seeded } = await openRegisterTestbed(undefined, { svnDemo: true }))
})

afterAll(async () => {
  await handle?.close()
})

describe('GET /svn/{id}/history', () => {
  it('answers 401 without a token or with a forged one', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'IV'))
    expect((await call('GET', `/svn/${id}/history`, null)).status).toBe(401)
    const forged = await idp.token({ sub: 'x', roles: ROLES, key: await foreignKey() })
    const res = await app.request(`/svn/${id}/history`, { headers: { Authorization: `Bearer ${forged}` } })
    expect(res.status).toBe(401)
  })

  it('answers 403 without a role that may read SVN', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'IV'))
    expect((await call('GET', `/svn/${id}/history`, CLERK, ['IV_AV_MELDUNGEN'])).status).toBe(403)
    expect((await call('GET', `/svn/${id}/history`, CLERK, ['SVN_SUCHEN'])).status).toBe(200)
  })

  it("answers 404 with no data for another insurer's or another broker's record", async () => {
    const leman = await firstId(handle.db, withStatus('1002', 'IV'))
    const res = await call('GET', `/svn/${leman}/history`, CLERK)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'not found' })
    // An Alpina record without broker number is not the Seeland broker's.
    const alpina = await firstId(handle.db, withStatus('1001', 'IV'))
    expect((await call('GET', `/svn/${alpina}/history`, BROKER, ['SVN_SUCHEN', 'MAKLER'])).status).toBe(404)
    expect((await call('GET', '/svn/999999999/history', CLERK)).status).toBe(404)
  })

  it('answers 400 with field errors for an id that is not one, and writes nothing', async () => {
    const before = await auditRows()
    for (const id of ['abc', '-1', '1.5', '9999999999']) {
      const res = await call('GET', `/svn/${id}/history`, CLERK)
      expect(res.status, id).toBe(400)
      expect(((await res.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty('id')
    }
    expect(await auditRows()).toBe(before)
  })

  it('lists create, every status move and who made it, newest first', async () => {
    // Through AE to AV: created by a clerk, IV by the canton, AE by the clerk, executed by the canton.
    const [row] = await handle.db
      .select({ id: svn.id })
      .from(svn)
      .innerJoin(auditLog, and(eq(auditLog.entity, 'svn'), eq(auditLog.entityId, sql`${svn.id}::text`)))
      .where(and(eq(svn.gsCode, '1001'), eq(svn.status, 'AV'), eq(auditLog.action, 'svn.execute-ae')))
      .limit(1)
    if (!row) throw new Error('demo has no executed AE')
    const { svnId, entries } = await history(row.id)
    expect(svnId).toBe(row.id)
    const events = entries.map((e) => e.event)
    expect(events.at(-1)).toBe('create')
    expect(events).toEqual(expect.arrayContaining(['register-iv', 'create-ae', 'execute-ae']))
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse())

    const created = entries.at(-1)
    expect(created).toMatchObject({ fromStatus: null, toStatus: 'OPEN', actor: { kind: 'user' } })
    expect(created?.actor.kind === 'user' && created.actor.name).toBeTruthy()
    const executed = entries.find((e) => e.event === 'execute-ae')
    expect(executed).toMatchObject({ fromStatus: 'AE', toStatus: 'AV', actor: { kind: 'authority' } })
  })

  it('names the clerk who cancelled a record, at the top', async () => {
    const id = await firstId(handle.db, withStatus('1001', 'OPEN'))
    expect((await call('PUT', `/svn/cancel/${id}`, CLERK)).status).toBe(200)
    const [newest] = (await history(id)).entries
    const [clerk] = await handle.db.select().from(users).where(eq(users.email, CLERK))
    expect(newest).toMatchObject({
      event: 'cancel',
      fromStatus: 'OPEN',
      toStatus: 'CANCELED',
      actor: { kind: 'user', name: [clerk?.vorname, clerk?.nachname].filter(Boolean).join(' ') },
    })
  })

  it('lists the pickup files holding the record and their downloads', async () => {
    const [delivery] = await handle.db
      .select({ id: exportDeliveries.recordId, fileId: exportFiles.id, fileName: exportFiles.fileName })
      .from(exportDeliveries)
      .innerJoin(exportFiles, eq(exportFiles.id, exportDeliveries.fileId))
      .where(and(eq(exportFiles.gsCode, '1001'), eq(exportDeliveries.type, 'SVN'), isNotNull(exportFiles.id)))
      .limit(1)
    if (!delivery) throw new Error('demo has no SVN file')
    const fileEvents = (h: SvnHistory) => h.entries.filter((e) => e.event.startsWith('file-'))
    expect(fileEvents(await history(delivery.id))).toContainEqual(
      expect.objectContaining({ event: 'file-generated', fileName: delivery.fileName }),
    )

    const download = await call('GET', `/files/SVN/${delivery.fileName}`, CLERK, [
      'SVN_SUCHEN',
      'SVN_NICHT_EINGELOEST',
    ])
    expect(download.status).toBe(200)
    await download.arrayBuffer()
    expect(fileEvents(await history(delivery.id))[0]).toMatchObject({
      event: 'file-downloaded',
      fileName: delivery.fileName,
      actor: { kind: 'user' },
    })
    // Another insurer's clerk sees nothing of it.
    expect((await call('GET', `/svn/${delivery.id}/history`, LEMAN)).status).toBe(404)
  })
})
