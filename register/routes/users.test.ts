import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { auditLog, insurers, userRoles, users } from '../../db/schema/register.ts'
import type { SeededUser } from '../seed/demo.ts'
import { bearer, openRegisterTestbed, type RegisterTestbed, type TestIdp } from '../testing.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: RegisterTestbed['app']
let seeded: SeededUser[]

function seededUser(email: string): SeededUser {
  const user = seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  return user
}

async function get(path: string, email: string, roles: string[] = ['SVN_SUCHEN']) {
  return app.request(path, bearer(await idp.token({ sub: seededUser(email).subject, roles })))
}

beforeAll(async () => {
  ;({ handle, seeded, idp, app } = await openRegisterTestbed())
})

afterAll(async () => {
  await handle?.close()
})

describe('GET /users/self', () => {
  it('answers the caller with roles from the register, group roles and the insurer', async () => {
    const clerk = seededUser('clerk@alpina.example')
    const res = await get('/users/self', clerk.email)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      id: clerk.userId,
      version: 0,
      vorname: 'Lukas',
      nachname: 'Brunner',
      strasse: 'Bahnhofstrasse 45',
      plz: '8001',
      ort: 'Zürich',
      staat: 'CH',
      fax: null,
      telefon: '+41 44 215 30 42',
      email: 'clerk@alpina.example',
      oeReferenz: 'ALP-SCH-12',
      type: 'SACHBEARBEITER',
      roles: [
        'SVN_SUCHEN',
        'SVN_ERSTELLEN',
        'SVN_ERSTELLEN_WIK_C',
        'SVN_STORNIEREN',
        'SVN_NICHT_EINGELOEST',
        'IV_AV_MELDUNGEN',
        'AE_SUCHEN',
        'AE_ERSTELLEN',
        'AE_STORNIEREN',
        'AE_ZURUECKGEWIESEN',
      ],
      groupRoles: [
        'SVN_SUCHEN',
        'SVN_ERSTELLEN',
        'SVN_STORNIEREN',
        'SVN_NICHT_EINGELOEST',
        'AE_SUCHEN',
        'AE_ERSTELLEN',
        'AE_STORNIEREN',
        'AE_ZURUECKGEWIESEN',
      ],
      maklerNummer: null,
      aktiv: true,
      versicherungsgesellschaft: {
        version: 0,
        gsCode: '1001',
        name: 'Alpina Versicherungen',
        strasse: 'Bahnhofstrasse 45',
        plz: '8001',
        ort: 'Zürich',
        telefon: '+41 44 215 30 00',
        vgReferenz: 'ALP',
        forceKontaktDetails: false,
        makler: false,
        hasRoleGroups: true,
        logoMimeType: null,
        logoVersion: 0,
      },
    })
  })

  it('works for a token without roles (roles in the body come from the register)', async () => {
    const res = await get('/users/self', 'admin@leman.example', [])
    expect(res.status).toBe(200)
    const body = (await res.json()) as { roles: string[]; groupRoles: string[] }
    expect(body.roles).toEqual(['ADMIN'])
    expect(body.groupRoles).toEqual([])
  })

  it('answers the broker with broker number and the broker insurer', async () => {
    const res = await get('/users/self', 'broker@seeland.example')
    const body = (await res.json()) as Record<string, unknown> & {
      versicherungsgesellschaft: Record<string, unknown>
    }
    expect(body.maklerNummer).toBe('4711')
    expect(body.type).toBe('MAKLER')
    expect(body.roles).toContain('MAKLER')
    expect(body.versicherungsgesellschaft).toMatchObject({
      gsCode: '1003',
      makler: true,
      hasRoleGroups: true,
    })
  })

  it("never carries the logo bytes, and shows the logo's type and version", async () => {
    await handle.db
      .update(insurers)
      .set({ logo: Buffer.from('PNGDATA'), logoMimeType: 'image/png', logoVersion: 3 })
      .where(eq(insurers.gsCode, '1002'))
    const res = await get('/users/self', 'clerk@leman.example')
    const text = await res.text()
    expect(text).not.toContain('logo"')
    expect(text).not.toContain(Buffer.from('PNGDATA').toString('base64'))
    const body = JSON.parse(text) as { versicherungsgesellschaft: Record<string, unknown> }
    expect(body.versicherungsgesellschaft.logoMimeType).toBe('image/png')
    expect(body.versicherungsgesellschaft.logoVersion).toBe(3)
  })

  it("only ever answers the caller's own record and insurer", async () => {
    for (const user of seeded) {
      const res = await get('/users/self', user.email)
      const body = (await res.json()) as {
        id: number
        email: string
        versicherungsgesellschaft: { gsCode: string }
      }
      const [row] = await handle.db.select().from(users).where(eq(users.id, user.userId))
      expect(body.id).toBe(user.userId)
      expect(body.email).toBe(user.email)
      expect(body.versicherungsgesellschaft.gsCode).toBe(row?.gsCode)
    }
  })

  it('reflects role changes in the register at once', async () => {
    const reader = seededUser('reader@alpina.example')
    await handle.db.insert(userRoles).values({ userId: reader.userId, role: 'IV_AV_MELDUNGEN' })
    const body = (await (await get('/users/self', reader.email)).json()) as { roles: string[] }
    expect(body.roles).toEqual(['SVN_SUCHEN', 'IV_AV_MELDUNGEN', 'AE_SUCHEN'])
  })
})

describe('POST /users/logout', () => {
  it('answers 204 and writes an audit entry', async () => {
    const admin = seededUser('admin@seeland.example')
    const token = await idp.token({ sub: admin.subject, roles: ['ADMIN'] })
    const res = await app.request('/users/logout', { method: 'POST', ...bearer(token) })
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const rows = await handle.db.select().from(auditLog).where(eq(auditLog.actorSubject, admin.subject))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'logout',
      entity: 'user',
      entityId: String(admin.userId),
      actorUserId: admin.userId,
      gsCode: '1003',
    })
  })

  it('is POST only', async () => {
    const res = await get('/users/logout', 'admin@seeland.example')
    expect(res.status).toBe(404)
  })
})
