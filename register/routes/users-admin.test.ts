import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { auditLog, userRoles, users } from '../../db/schema/register.ts'
import type { SeededUser } from '../seed/demo.ts'
import { foreignKey, openRegisterTestbed, type RegisterTestbed, type TestIdp } from '../testing.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: RegisterTestbed['app']
let seeded: SeededUser[]

const ADMIN = ['ADMIN']

function seededUser(email: string): SeededUser {
  const user = seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  return user
}

async function call(method: string, path: string, email: string, roles = ADMIN, body?: unknown) {
  const token = await idp.token({ sub: seededUser(email).subject, roles })
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

async function userRow(id: number) {
  const [row] = await handle.db.select().from(users).where(eq(users.id, id))
  return row
}

async function auditCount() {
  return (await handle.db.select({ id: auditLog.id }).from(auditLog)).length
}

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  vorname: 'Anna',
  nachname: 'Muster',
  strasse: 'Seestrasse 1',
  plz: '8002',
  ort: 'Zürich',
  staat: 'CH',
  email,
  type: 'NURLESEN',
  ...extra,
})

interface UserBody {
  id: number
  version: number
  email: string
  type: string
  roles: string[]
  groupRoles: string[]
  maklerNummer: string | null
  [key: string]: unknown
}

beforeAll(async () => {
  ;({ handle, seeded, idp, app } = await openRegisterTestbed())
})

afterAll(async () => {
  await handle?.close()
})

describe('authentication and authorisation of every user endpoint', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['GET', '/users'],
    ['POST', '/users', newUser('x@example.ch')],
    ['PUT', '/users', { ...newUser('x@example.ch'), id: 1, version: 0 }],
    ['GET', '/users/1'],
    ['DELETE', '/users/1'],
    ['GET', '/users/1/roles'],
    ['PUT', '/users/1/roles', ['SVN_SUCHEN']],
    ['POST', '/users/migrate/1001'],
  ]

  it.each(endpoints)('%s %s: 401 without or with a bad token', async (method, path, body) => {
    const init = { method, body: body === undefined ? undefined : JSON.stringify(body) }
    const none = await app.request(path, init)
    expect(none.status).toBe(401)
    const bad = await idp.token({
      sub: seededUser('admin@alpina.example').subject,
      roles: ADMIN,
      key: await foreignKey(),
    })
    const res = await app.request(path, { ...init, headers: { Authorization: `Bearer ${bad}` } })
    expect(res.status).toBe(401)
  })

  it.each(endpoints)('%s %s: 403 for a caller without ADMIN, nothing written', async (method, path, body) => {
    const before = await auditCount()
    const res = await call(method, path, 'clerk@alpina.example', ['SVN_SUCHEN', 'GROUP_ADMIN'], body)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'forbidden' })
    expect(await auditCount()).toBe(before)
  })
})

describe('GET /users and GET /users/{id}', () => {
  it("lists exactly the caller's insurer's users in the User shape", async () => {
    const res = await call('GET', '/users', 'admin@alpina.example')
    expect(res.status).toBe(200)
    const list = (await res.json()) as UserBody[]
    expect(list.map((u) => u.email).sort()).toEqual([
      'admin@alpina.example',
      'clerk@alpina.example',
      'new.clerk@alpina.example',
      'reader@alpina.example',
    ])
    const clerk = list.find((u) => u.email === 'clerk@alpina.example')
    expect(Object.keys(clerk ?? {}).sort()).toEqual(
      [
        'id',
        'version',
        'vorname',
        'nachname',
        'strasse',
        'plz',
        'ort',
        'staat',
        'fax',
        'telefon',
        'email',
        'oeReferenz',
        'type',
        'roles',
        'groupRoles',
        'maklerNummer',
        'aktiv',
      ].sort(),
    )
    expect(clerk?.roles).toContain('AE_ZURUECKGEWIESEN')
    expect(clerk?.groupRoles).toContain('SVN_ERSTELLEN')
  })

  it('answers one user of the own insurer, and 404 with no data for another insurer', async () => {
    const clerk = seededUser('clerk@alpina.example')
    const own = await call('GET', `/users/${clerk.userId}`, 'admin@alpina.example')
    expect(own.status).toBe(200)
    expect(((await own.json()) as UserBody).email).toBe(clerk.email)
    const foreign = await call('GET', `/users/${clerk.userId}`, 'admin@leman.example')
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toEqual({ error: 'not found' })
    expect((await call('GET', '/users/999999', 'admin@leman.example')).status).toBe(404)
    expect((await call('GET', '/users/abc', 'admin@leman.example')).status).toBe(404)
  })
})

describe('POST /users', () => {
  it('creates a user with the type defaults, writes the audit log, answers 201', async () => {
    const res = await call('POST', '/users', 'admin@alpina.example', ADMIN, newUser('anna@alpina.example'))
    expect(res.status).toBe(201)
    const body = (await res.json()) as UserBody
    expect(body).toMatchObject({ email: 'anna@alpina.example', type: 'NURLESEN', version: 0, aktiv: true })
    expect(body.roles).toEqual(['SVN_SUCHEN', 'AE_SUCHEN'])
    expect((await userRow(body.id))?.gsCode).toBe('1001')
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'create'), eq(auditLog.entityId, String(body.id))))
    expect(entry).toMatchObject({
      entity: 'user',
      gsCode: '1001',
      actorUserId: seededUser('admin@alpina.example').userId,
    })
  })

  it('applies the role rules to given roles', async () => {
    const res = await call(
      'POST',
      '/users',
      'admin@alpina.example',
      ADMIN,
      newUser('bert@alpina.example', { type: 'SACHBEARBEITER', roles: ['SVN_ERSTELLEN', 'AE_STORNIEREN'] }),
    )
    expect(res.status).toBe(201)
    expect(((await res.json()) as UserBody).roles).toEqual([
      'SVN_SUCHEN',
      'SVN_ERSTELLEN',
      'AE_SUCHEN',
      'AE_STORNIEREN',
    ])
  })

  it("answers another insurer's e-mail exactly as an unknown one (no enumeration, ADR 724)", async () => {
    const unknown = await call(
      'POST',
      '/users',
      'admin@leman.example',
      ADMIN,
      newUser('nobody.yet@leman.example'),
    )
    const foreign = await call(
      'POST',
      '/users',
      'admin@leman.example',
      ADMIN,
      newUser('Clerk@ALPINA.example'),
    )
    expect(foreign.status).toBe(unknown.status)
    expect(foreign.status).toBe(201)
    const [a, b] = (await Promise.all([unknown.json(), foreign.json()])) as UserBody[]
    const { id: _a, email: _ea, ...restUnknown } = a!
    const { id: _b, email: _eb, ...restForeign } = b!
    expect(restForeign).toEqual(restUnknown)
    // Two users now: Léman's new one, and Alpina's clerk untouched.
    const rows = await handle.db
      .select({ gsCode: users.gsCode })
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'clerk@alpina.example'))
    expect(rows.map((r) => r.gsCode).sort()).toEqual(['1001', '1002'])
    // Editing towards another insurer's address answers like any free address, too.
    const edit = await call('PUT', '/users', 'admin@leman.example', ADMIN, {
      ...a!,
      email: 'READER@alpina.example',
    })
    expect(edit.status).toBe(200)
  })

  it('refuses a duplicate e-mail (any case) within the insurer with the spec message, storing nothing', async () => {
    const before = (await handle.db.select().from(users)).length
    const res = await call('POST', '/users', 'admin@alpina.example', ADMIN, newUser('Clerk@ALPINA.example'))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'Email must always be unique.',
      fieldErrors: { email: ['Email must always be unique.'] },
    })
    expect((await handle.db.select().from(users)).length).toBe(before)
  })

  it('answers 400 with translation keys per field and stores nothing', async () => {
    const before = await auditCount()
    const res = await call('POST', '/users', 'admin@alpina.example', ADMIN, {
      nachname: '',
      email: 'nope',
      plz: '123456789',
      type: 'SACHBEARBEITER',
      roles: ['SVN_SUCHEN', 'NOT_A_ROLE'],
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'validation failed',
      fieldErrors: {
        nachname: ['validation.required'],
        email: ['validation.email'],
        plz: ['validation.maxLength'],
        'roles.1': ['validation.invalidOption'],
      },
    })
    expect(await auditCount()).toBe(before)
  })

  it('answers 400 for a postcode not of its country and a phone number with letters', async () => {
    const before = await auditCount()
    const post = (address: Record<string, string>) =>
      call('POST', '/users', 'admin@alpina.example', ADMIN, newUser('plz@alpina.example', address))
    const res = await post({ plz: '80O1', staat: 'CH', fax: 'keins' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      fax: ['validation.phone'],
      plz: ['validation.swissPostcode'],
    })
    expect(await auditCount()).toBe(before)
    expect((await post({ plz: 'D-80331', staat: 'DE', fax: '+49 89 123 45-0' })).status).toBe(201)
  })

  it('requires maklerNummer while MAKLER is among the roles (also from the type defaults)', async () => {
    const res = await call(
      'POST',
      '/users',
      'admin@seeland.example',
      ADMIN,
      newUser('m1@seeland.example', { type: 'MAKLER' }),
    )
    expect(res.status).toBe(400)
    expect(((await res.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      maklerNummer: ['validation.required'],
    })
    const ok = await call(
      'POST',
      '/users',
      'admin@seeland.example',
      ADMIN,
      newUser('m1@seeland.example', { type: 'MAKLER', maklerNummer: '815' }),
    )
    expect(ok.status).toBe(201)
    expect(((await ok.json()) as UserBody).roles).toContain('MAKLER')
  })

  it('offers type MAKLER only at a broker insurer and GROUP_ADMIN only with role groups', async () => {
    const makler = await call(
      'POST',
      '/users',
      'admin@leman.example',
      ADMIN,
      newUser('m2@leman.example', { type: 'MAKLER', maklerNummer: '1' }),
    )
    expect(makler.status).toBe(400)
    expect(((await makler.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.type).toEqual([
      'validation.invalidOption',
    ])
    const group = await call(
      'POST',
      '/users',
      'admin@leman.example',
      ADMIN,
      newUser('g@leman.example', { roles: ['GROUP_ADMIN'] }),
    )
    expect(group.status).toBe(400)
    expect(await group.json()).toEqual({
      error: 'validation failed',
      fieldErrors: { roles: ['roles.notGrantable'] },
    })
  })

  it("a broker's new user is a MAKLER with the broker's number; other values are refused", async () => {
    const brokerRoles = ['ADMIN', 'MAKLER']
    const wrong = await call(
      'POST',
      '/users',
      'broker@seeland.example',
      brokerRoles,
      newUser('b1@seeland.example', { type: 'ADMIN' }),
    )
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toMatchObject({
      type: ['user.notChangeable'],
      maklerNummer: ['user.notChangeable', 'validation.required'],
    })
    const res = await call(
      'POST',
      '/users',
      'broker@seeland.example',
      brokerRoles,
      newUser('b1@seeland.example', { type: 'MAKLER', maklerNummer: '4711', roles: ['SVN_SUCHEN'] }),
    )
    expect(res.status).toBe(201)
    // The MAKLER chip is fixed for a broker: kept even when not sent.
    expect(((await res.json()) as UserBody).roles).toEqual(['SVN_SUCHEN', 'MAKLER'])
  })
})

describe('PUT /users', () => {
  async function created(email: string, extra: Record<string, unknown> = {}) {
    const res = await call('POST', '/users', 'admin@alpina.example', ADMIN, newUser(email, extra))
    return (await res.json()) as UserBody
  }

  it('saves with the current version and bumps it; a stale version answers 409 and stores nothing', async () => {
    const user = await created('edit@alpina.example')
    const res = await call('PUT', '/users', 'admin@alpina.example', ADMIN, { ...user, ort: 'Bern' })
    expect(res.status).toBe(200)
    const saved = (await res.json()) as UserBody
    expect(saved).toMatchObject({ id: user.id, version: 1, ort: 'Bern', roles: user.roles })
    const stale = await call('PUT', '/users', 'admin@alpina.example', ADMIN, { ...user, ort: 'Basel' })
    expect(stale.status).toBe(409)
    expect(await stale.json()).toEqual({ error: 'conflict' })
    expect((await userRow(user.id))?.ort).toBe('Bern')
  })

  it('applies the role rules when roles are given (removing SVN_ERSTELLEN takes WIK_C)', async () => {
    const user = await created('rules@alpina.example', { type: 'SACHBEARBEITER' })
    expect(user.roles).toContain('SVN_ERSTELLEN_WIK_C')
    const roles = user.roles.filter((r) => r !== 'SVN_ERSTELLEN' && r !== 'SVN_SUCHEN')
    const res = await call('PUT', '/users', 'admin@alpina.example', ADMIN, { ...user, roles })
    expect(res.status).toBe(200)
    const body = (await res.json()) as UserBody
    expect(body.roles).not.toContain('SVN_ERSTELLEN_WIK_C')
    expect(body.roles).toContain('SVN_SUCHEN') // still implied by SVN_STORNIEREN
  })

  it("answers 404 for another insurer's user and changes nothing", async () => {
    const clerk = seededUser('clerk@alpina.example')
    const row = await userRow(clerk.userId)
    const res = await call('PUT', '/users', 'admin@leman.example', ADMIN, {
      ...newUser('clerk@alpina.example'),
      nachname: 'Hacked',
      id: clerk.userId,
      version: row?.version,
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'not found' })
    expect((await userRow(clerk.userId))?.nachname).toBe('Brunner')
  })

  it('refuses a duplicate e-mail and validation errors', async () => {
    const user = await created('dup@alpina.example')
    const dup = await call('PUT', '/users', 'admin@alpina.example', ADMIN, {
      ...user,
      email: 'READER@alpina.example',
    })
    expect(dup.status).toBe(400)
    expect(((await dup.json()) as { error: string }).error).toBe('Email must always be unique.')
    const invalid = await call('PUT', '/users', 'admin@alpina.example', ADMIN, {
      ...user,
      version: undefined,
      staat: 'CHE12',
    })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      version: ['validation.required'],
      staat: ['validation.maxLength'],
    })
    const huge = await call('PUT', '/users', 'admin@alpina.example', ADMIN, {
      ...user,
      id: 2_147_483_648,
      version: 2_147_483_648,
    })
    expect(huge.status).toBe(400)
    expect(((await huge.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      id: ['validation.invalid'],
      version: ['validation.invalid'],
    })
    expect((await userRow(user.id))?.email).toBe('dup@alpina.example')
  })

  it('a broker cannot change type or broker number, nor remove MAKLER', async () => {
    const broker = ['ADMIN', 'MAKLER']
    const res = await call(
      'POST',
      '/users',
      'broker@seeland.example',
      broker,
      newUser('b2@seeland.example', { type: 'MAKLER', maklerNummer: '4711' }),
    )
    const user = (await res.json()) as UserBody
    const type = await call('PUT', '/users', 'broker@seeland.example', broker, {
      ...user,
      type: 'SACHBEARBEITER',
    })
    expect(type.status).toBe(400)
    expect(((await type.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      type: ['user.notChangeable'],
    })
    const nr = await call('PUT', '/users', 'broker@seeland.example', broker, { ...user, maklerNummer: '9' })
    expect(((await nr.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      maklerNummer: ['user.notChangeable'],
    })
    const chip = await call('PUT', '/users', 'broker@seeland.example', broker, {
      ...user,
      roles: ['SVN_SUCHEN'],
    })
    expect(((await chip.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      roles: ['roles.maklerNotRemovable'],
    })
    // The non-broker admin of the same insurer may.
    const admin = await call('PUT', '/users', 'admin@seeland.example', ADMIN, {
      ...user,
      type: 'SACHBEARBEITER',
      maklerNummer: null,
      roles: ['SVN_SUCHEN'],
    })
    expect(admin.status).toBe(200)
  })

  it('an admin cannot deactivate themselves', async () => {
    const me = seededUser('admin@leman.example')
    const own = (await (await call('GET', `/users/${me.userId}`, me.email)).json()) as UserBody
    const res = await call('PUT', '/users', me.email, ADMIN, { ...own, aktiv: false })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      aktiv: ['user.ownAccountNotDeactivatable'],
    })
  })
})

describe('GET/PUT /users/{id}/roles', () => {
  it('answers the direct roles, and 404 for another insurer', async () => {
    const reader = seededUser('reader@alpina.example')
    const res = await call('GET', `/users/${reader.userId}/roles`, 'admin@alpina.example')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(['SVN_SUCHEN', 'AE_SUCHEN'])
    const foreign = await call('GET', `/users/${reader.userId}/roles`, 'admin@seeland.example')
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toEqual({ error: 'not found' })
  })

  it('saves with the role rules applied and writes the audit log', async () => {
    const reader = seededUser('reader@alpina.example')
    const res = await call('PUT', `/users/${reader.userId}/roles`, 'admin@alpina.example', ADMIN, [
      'SVN_NICHT_EINGELOEST',
      'AE_ZURUECKGEWIESEN',
      'AE_ZURUECKGEWIESEN',
    ])
    expect(res.status).toBe(200)
    const roles = ['SVN_SUCHEN', 'SVN_NICHT_EINGELOEST', 'AE_SUCHEN', 'AE_ZURUECKGEWIESEN']
    expect(await res.json()).toEqual(roles)
    const stored = await handle.db.select().from(userRoles).where(eq(userRoles.userId, reader.userId))
    expect(stored.map((r) => r.role).sort()).toEqual([...roles].sort())
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'roles'), eq(auditLog.entityId, String(reader.userId))))
    expect(entry?.details).toEqual({ from: ['SVN_SUCHEN', 'AE_SUCHEN'], to: roles })
  })

  it('refuses forbidden grants with fieldErrors.roles and stores nothing', async () => {
    const clerk = seededUser('clerk@leman.example')
    const before = await handle.db.select().from(userRoles).where(eq(userRoles.userId, clerk.userId))
    const group = await call('PUT', `/users/${clerk.userId}/roles`, 'admin@leman.example', ADMIN, [
      'GROUP_ADMIN',
    ])
    expect(group.status).toBe(400)
    expect(await group.json()).toEqual({
      error: 'validation failed',
      fieldErrors: { roles: ['roles.notGrantable'] },
    })
    const unknown = await call('PUT', `/users/${clerk.userId}/roles`, 'admin@leman.example', ADMIN, ['ROOT'])
    expect(await unknown.json()).toEqual({
      error: 'validation failed',
      fieldErrors: { roles: ['validation.invalidOption'] },
    })
    const notList = await call('PUT', `/users/${clerk.userId}/roles`, 'admin@leman.example', ADMIN, {
      roles: [],
    })
    expect(notList.status).toBe(400)
    const after = await handle.db.select().from(userRoles).where(eq(userRoles.userId, clerk.userId))
    expect(after).toHaveLength(before.length)
  })

  it('refuses MAKLER from a broker (outside its users: 404) and MAKLER without a broker number', async () => {
    const admin = seededUser('admin@seeland.example')
    const brokerGrant = await call(
      'PUT',
      `/users/${admin.userId}/roles`,
      'broker@seeland.example',
      ['ADMIN'],
      ['ADMIN', 'GROUP_ADMIN', 'MAKLER'],
    )
    // The insurer's own administrator is not among the broker's users (ADR 720); the broker's MAKLER
    // grant refusal itself: domain/users/offering.test.ts.
    expect(brokerGrant.status).toBe(404)
    const noNumber = await call('PUT', `/users/${admin.userId}/roles`, 'admin@seeland.example', ADMIN, [
      'ADMIN',
      'GROUP_ADMIN',
      'MAKLER',
    ])
    expect(((await noNumber.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      maklerNummer: ['validation.required'],
    })
    const own = await call('PUT', `/users/${admin.userId}/roles`, 'admin@seeland.example', ADMIN, [
      'GROUP_ADMIN',
    ])
    expect(((await own.json()) as { fieldErrors: unknown }).fieldErrors).toEqual({
      roles: ['roles.ownAdminNotRemovable'],
    })
  })
})

describe('/users/{id} routes with an id PostgreSQL cannot hold', () => {
  it('answer 400 with a field error on id, and change nothing', async () => {
    const before = await handle.db.select({ n: count() }).from(users)
    for (const [method, path, body] of [
      ['GET', '/users/12345678901', undefined],
      ['DELETE', '/users/12345678901', undefined],
      ['GET', '/users/12345678901/roles', undefined],
      ['PUT', '/users/12345678901/roles', ['SVN_SUCHEN']],
    ] as const) {
      const res = await call(method, path, 'admin@alpina.example', ADMIN, body)
      expect(res.status, `${method} ${path}`).toBe(400)
      expect(((await res.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toHaveProperty(
        'id',
      )
    }
    expect(await handle.db.select({ n: count() }).from(users)).toEqual(before)
  })
})

describe('DELETE /users/{id}', () => {
  it('deletes a user of the own insurer (204, audit), 404 for another insurer, 400 for oneself', async () => {
    const res = await call('POST', '/users', 'admin@alpina.example', ADMIN, newUser('gone@alpina.example'))
    const { id } = (await res.json()) as UserBody
    const foreign = await call('DELETE', `/users/${id}`, 'admin@leman.example')
    expect(foreign.status).toBe(404)
    expect(await userRow(id)).toBeDefined()
    const me = seededUser('admin@alpina.example')
    const self = await call('DELETE', `/users/${me.userId}`, me.email)
    expect(self.status).toBe(400)
    expect(await self.json()).toEqual({ error: 'cannot delete yourself' })
    const deleted = await call('DELETE', `/users/${id}`, 'admin@alpina.example')
    expect(deleted.status).toBe(204)
    expect(await userRow(id)).toBeUndefined()
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entityId, String(id))))
    expect(entry?.details).toEqual({ email: 'gone@alpina.example' })
    expect((await call('DELETE', `/users/${id}`, 'admin@alpina.example')).status).toBe(404)
  })
})
