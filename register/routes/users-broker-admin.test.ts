import { asc, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { userRoles, users } from '../../db/schema/register.ts'
import { svn } from '../../db/schema/svn.ts'
import type { SearchResult } from '../../domain/svn/search.ts'
// Test only: the composition (server/app.ts) wires the same function; register code never imports idp/.
import { createSetupLink } from '../../idp/setup-links.ts'
import type { SeededUser } from '../seed/demo.ts'
import { firstId } from '../svn/testing.ts'
import { TEST_ISSUER, openRegisterTestbed, type RegisterTestbed } from '../testing.ts'

// Issue 17 item 2 (ADR 720): a broker's administrator reads and changes only users of its own broker
// number — never the insurer's own staff, never another broker's users — by every user route.

let bed: RegisterTestbed
let handle: DatabaseHandle

const BROKER_ADMIN = 'broker.admin@seeland.example'
/** What the demo broker administrator's token carries (MAKLER + ADMIN and its type's SVN roles). */
const BROKER_ADMIN_ROLES = [
  'MAKLER',
  'ADMIN',
  'SVN_SUCHEN',
  'SVN_ERSTELLEN',
  'SVN_STORNIEREN',
  'AE_SUCHEN',
  'AE_ERSTELLEN',
  'AE_STORNIEREN',
  'SVN_NICHT_EINGELOEST',
  'IV_AV_MELDUNGEN',
  'AE_ZURUECKGEWIESEN',
]

function seededUser(email: string): SeededUser {
  const user = bed.seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  return user
}

async function call(method: string, path: string, body?: unknown, roles = BROKER_ADMIN_ROLES) {
  const token = await bed.idp.token({ sub: seededUser(BROKER_ADMIN).subject, roles })
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return bed.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** A user of insurer 1003 straight into the table (the demo has no second broker's users). */
async function insertSeelandUser(email: string, maklerNummer: string | null, subject: string | null) {
  const [row] = await handle.db
    .insert(users)
    .values({
      gsCode: '1003',
      email,
      idpSubject: subject,
      nachname: 'Fremd',
      vorname: 'Fritz',
      type: maklerNummer ? 'MAKLER' : 'SACHBEARBEITER',
      maklerNummer,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('not inserted')
  const roles = maklerNummer ? (['MAKLER', 'SVN_SUCHEN'] as const) : (['SVN_SUCHEN'] as const)
  await handle.db.insert(userRoles).values(roles.map((role) => ({ userId: row.id, role })))
  return row.id
}

/** Every stored column of the users and their direct roles: must be the same after a refused call. */
async function snapshot(ids: number[]) {
  return {
    users: await handle.db.select().from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)),
    roles: await handle.db
      .select()
      .from(userRoles)
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(userRoles.userId), asc(userRoles.role)),
  }
}

let insurerStaff: number
let otherBroker: number
let unmigratedStaff: number
let unmigratedOtherBroker: number
let unmigratedOwn: number

beforeAll(async () => {
  bed = await openRegisterTestbed(undefined, {
    svnDemo: true,
    createIdpAccount: (db) => async (input) => ({
      setupUrl: `${TEST_ISSUER}/setup/${await createSetupLink(db, input)}`,
    }),
  })
  handle = bed.handle
  insurerStaff = seededUser('admin@seeland.example').userId
  otherBroker = await insertSeelandUser('other.broker@seeland.example', '5230', 'other-broker-subject')
  unmigratedStaff = await insertSeelandUser('new.staff@seeland.example', null, null)
  unmigratedOtherBroker = await insertSeelandUser('new.other@seeland.example', '5230', null)
  unmigratedOwn = await insertSeelandUser('new.own@seeland.example', '4711', null)
  // The demo SVN (some 2 000 records) on a busy 2-core machine.
}, 180_000)

afterAll(async () => {
  await handle?.close()
})

describe('a broker administrator and users outside its broker number', () => {
  it('GET /users lists only users of its own broker number', async () => {
    const res = await call('GET', '/users')
    expect(res.status).toBe(200)
    const list = (await res.json()) as Array<{ email: string; maklerNummer: string | null }>
    expect(list.map((u) => u.email).sort()).toEqual([
      'broker.admin@seeland.example',
      'broker@seeland.example',
      'new.own@seeland.example',
    ])
    expect(new Set(list.map((u) => u.maklerNummer))).toEqual(new Set(['4711']))
  })

  const targets = [
    ['a non-broker user of the same insurer', () => insurerStaff],
    ["another broker's user of the same insurer", () => otherBroker],
  ] as const

  describe.each(targets)('%s', (_, target) => {
    const routes: Array<[string, (id: number, version: number) => [string, string, unknown?]]> = [
      ['GET /users/{id}', (id) => ['GET', `/users/${id}`]],
      ['GET /users/{id}/roles', (id) => ['GET', `/users/${id}/roles`]],
      ['PUT /users/{id}/roles', (id) => ['PUT', `/users/${id}/roles`, ['SVN_SUCHEN', 'ADMIN']]],
      [
        'PUT /users',
        (id, version) => [
          'PUT',
          '/users',
          {
            id,
            version,
            vorname: 'Hacked',
            nachname: 'Hacked',
            email: `hacked${id}@example.ch`,
            type: 'MAKLER',
            maklerNummer: '4711',
            aktiv: false,
            roles: ['MAKLER', 'ADMIN'],
          },
        ],
      ],
      ['DELETE /users/{id}', (id) => ['DELETE', `/users/${id}`]],
    ]

    it.each(routes)('%s answers 404 with no data and changes nothing', async (_route, request) => {
      const id = target()
      const before = await snapshot([id])
      const version = before.users[0]?.version ?? 0
      const [method, path, body] = request(id, version)
      const res = await call(method, path, body)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'not found' })
      expect(await snapshot([id])).toEqual(before)
    })
  })

  it('migration gives setup links only to its own unmigrated users', async () => {
    const before = await snapshot([unmigratedStaff, unmigratedOtherBroker])
    const res = await call('POST', '/users/migrate/1003')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      migrated: Array<{ userId: number; email: string; setupUrl: string }>
    }
    expect(body.migrated.map((m) => m.email)).toEqual(['new.own@seeland.example'])
    expect(JSON.stringify(body)).not.toContain('new.staff@')
    expect(JSON.stringify(body)).not.toContain('new.other@')
    expect(await snapshot([unmigratedStaff, unmigratedOtherBroker])).toEqual(before)
    const [own] = await handle.db.select().from(users).where(eq(users.id, unmigratedOwn))
    expect(own?.idpSubject).not.toBeNull()
  })

  it('cannot grant itself GROUP_ADMIN, nor change the insurer-wide role groups', async () => {
    const self = seededUser(BROKER_ADMIN).userId
    const before = await snapshot([self])
    const grant = await call('PUT', `/users/${self}/roles`, ['MAKLER', 'ADMIN', 'GROUP_ADMIN'])
    expect(grant.status).toBe(400)
    expect(await grant.json()).toMatchObject({ fieldErrors: { roles: ['roles.notGrantable'] } })
    expect(await snapshot([self])).toEqual(before)

    // Even when the insurer's administrator gave it GROUP_ADMIN: a group's roles reach every member.
    const groups = await call('GET', '/versicherung/rolegroups', undefined, [
      ...BROKER_ADMIN_ROLES,
      'GROUP_ADMIN',
    ])
    expect(groups.status).toBe(200)
    const list = (await groups.json()) as Array<{
      id: number
      name: string
      guiOrder: number
      roles: string[]
    }>
    const changed = list.map((g) => ({ ...g, roles: [...g.roles, 'ADMIN'] }))
    const put = await call('PUT', '/versicherung/rolegroups', changed, [...BROKER_ADMIN_ROLES, 'GROUP_ADMIN'])
    expect(put.status).toBe(403)
    const after = (await (
      await call('GET', '/versicherung/rolegroups', undefined, [...BROKER_ADMIN_ROLES, 'GROUP_ADMIN'])
    ).json()) as unknown
    expect(after).toEqual(list)
  })
})

describe("a broker administrator and another broker's SVN", () => {
  it('no SVN or pickup route shows or changes a record outside its broker number', async () => {
    const otherIv = await firstId(
      handle.db,
      eq(svn.gsCode, '1003'),
      eq(svn.maklerNr, '5230'),
      eq(svn.status, 'IV'),
    )
    const otherOpen = await firstId(
      handle.db,
      eq(svn.gsCode, '1003'),
      ne(svn.maklerNr, '4711'),
      eq(svn.status, 'OPEN'),
    )
    const rows = async () =>
      handle.db
        .select({ id: svn.id, status: svn.status, version: svn.version })
        .from(svn)
        .where(inArray(svn.id, [otherIv, otherOpen]))
        .orderBy(asc(svn.id))
    const before = await rows()

    const search = (await (await call('GET', '/svn/search?sVnStatus=IV')).json()) as SearchResult
    expect(search.rows.length).toBeGreaterThan(0)
    const ids = search.rows.map((r) => r.sVnId)
    expect(ids).not.toContain(otherIv)
    for (const id of ids.slice(0, 5)) {
      const [row] = await handle.db.select({ m: svn.maklerNr }).from(svn).where(eq(svn.id, id))
      expect(row?.m).toBe('4711')
    }
    for (const [method, path] of [
      ['GET', `/svn/details?svnId=${otherIv}`],
      ['POST', `/svn/create/ae/${otherIv}`],
      ['PUT', `/svn/cancel/${otherOpen}`],
      ['PUT', `/svn/cancel/ae/${otherIv}`],
    ] as const) {
      expect((await call(method, path)).status, `${method} ${path}`).toBe(404)
    }
    expect(await rows()).toEqual(before)

    // Pickup files: a file the insurer's staff generated is neither listed nor served nor deleted.
    const staffToken = await bed.idp.token({
      sub: seededUser('admin@seeland.example').subject,
      roles: ['SVN_NICHT_EINGELOEST'],
    })
    const generated = await bed.app.request('/files/SVN/CSV', {
      method: 'POST',
      headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reload: true }),
    })
    expect(generated.status).toBe(201)
    const staffFile = (await generated.json()) as { id: number; fileName: string }
    const listed = (await (await call('GET', '/files/SVN')).json()) as Array<{ id: number }>
    expect(listed.map((f) => f.id)).not.toContain(staffFile.id)
    expect((await call('GET', `/files/SVN/${staffFile.fileName}`)).status).toBe(404)
    expect((await call('DELETE', `/files/delete/${staffFile.id}`)).status).toBe(404)
  })
})
