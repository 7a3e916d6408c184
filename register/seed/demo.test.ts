import { asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import {
  codeItems,
  groupRoles,
  insurers,
  roleGroups,
  userRoleGroups,
  userRoles,
  users,
} from '../../db/schema/register.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { batches } from './batch.ts'
import { seedRegisterDemo, type SeededUser } from './demo.ts'

let handle: DatabaseHandle
let seeded: SeededUser[]

beforeAll(async () => {
  handle = await openTestDatabase()
  seeded = await seedRegisterDemo(handle.db)
})

afterAll(async () => {
  await handle?.close()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('seedRegisterDemo', () => {
  it('creates the three insurers', async () => {
    const rows = await handle.db.select().from(insurers).orderBy(asc(insurers.gsCode))
    expect(rows.map((r) => [r.gsCode, r.name, r.makler, r.hasRoleGroups])).toEqual([
      ['1001', 'Alpina Versicherungen', false, true],
      ['1002', 'Léman Assurances', false, false],
      ['1003', 'Seeland Broker AG', true, true],
    ])
    for (const r of rows) expect(r.strasse && r.plz && r.ort && r.vgReferenz).toBeTruthy()
  })

  it('creates the eight demo logins and returns their ids, e-mails and new subjects', async () => {
    expect(seeded).toHaveLength(8)
    const rows = await handle.db.select().from(users)
    // Plus new.clerk@alpina.example, who has no IdP account yet (waits for "migrate").
    expect(rows).toHaveLength(9)
    expect(rows.find((r) => r.email === 'new.clerk@alpina.example')?.idpSubject).toBeNull()
    for (const s of seeded) {
      expect(s.subject).toMatch(UUID)
      const row = rows.find((r) => r.id === s.userId)
      expect(row?.email).toBe(s.email)
      expect(row?.idpSubject).toBe(s.subject)
      expect(row?.vorname && row.nachname && row.oeReferenz).toBeTruthy()
      expect(row?.aktiv).toBe(true)
    }
    expect(new Set(seeded.map((s) => s.subject)).size).toBe(8)
  })

  it('gives the users the type defaults plus the extra roles of DESIGN §6', async () => {
    const rows = await handle.db
      .select({ email: users.email, type: users.type, gsCode: users.gsCode, role: userRoles.role })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
    const rolesOf = (email: string) =>
      rows
        .filter((r) => r.email === email)
        .map((r) => r.role)
        .sort()
    expect(rolesOf('admin@alpina.example')).toEqual(['ADMIN', 'GROUP_ADMIN'])
    expect(rolesOf('admin@leman.example')).toEqual(['ADMIN'])
    expect(rolesOf('admin@seeland.example')).toEqual(['ADMIN', 'GROUP_ADMIN'])
    expect(rolesOf('reader@alpina.example')).toEqual(['AE_SUCHEN', 'SVN_SUCHEN'])
    expect(rolesOf('clerk@alpina.example')).toContain('AE_ZURUECKGEWIESEN')
    expect(rolesOf('clerk@leman.example')).toHaveLength(10)
    expect(rolesOf('broker@seeland.example')).toContain('MAKLER')
    expect(rolesOf('broker@seeland.example')).not.toContain('AE_ZURUECKGEWIESEN')

    const [broker] = await handle.db.select().from(users).where(eq(users.email, 'broker@seeland.example'))
    expect(broker).toMatchObject({ type: 'MAKLER', maklerNummer: '4711', gsCode: '1003' })

    // The broker firm's administrator: MAKLER defaults plus ADMIN, the same broker number.
    expect(rolesOf('broker.admin@seeland.example')).toEqual(
      [...rolesOf('broker@seeland.example'), 'ADMIN'].sort(),
    )
    const [brokerAdmin] = await handle.db
      .select()
      .from(users)
      .where(eq(users.email, 'broker.admin@seeland.example'))
    expect(brokerAdmin).toMatchObject({ type: 'MAKLER', maklerNummer: '4711', gsCode: '1003' })
  })

  it('creates role groups only for insurers with role groups, ordered by guiOrder', async () => {
    const groups = await handle.db
      .select()
      .from(roleGroups)
      .orderBy(asc(roleGroups.gsCode), asc(roleGroups.guiOrder))
    expect(new Set(groups.map((g) => g.gsCode))).toEqual(new Set(['1001', '1003']))
    expect(groups.length).toBeGreaterThanOrEqual(4)
    const [{ value: grants } = { value: 0 }] = await handle.db.select({ value: count() }).from(groupRoles)
    expect(grants).toBeGreaterThan(groups.length)
    // Members belong to groups of their own insurer only.
    const memberships = await handle.db
      .select({ userGs: users.gsCode, groupGs: roleGroups.gsCode })
      .from(userRoleGroups)
      .innerJoin(users, eq(users.id, userRoleGroups.userId))
      .innerJoin(roleGroups, eq(roleGroups.id, userRoleGroups.groupId))
    expect(memberships.length).toBeGreaterThan(0)
    for (const m of memberships) expect(m.userGs).toBe(m.groupGs)
  })

  it('loads every country with de/fr/it names', async () => {
    const lands = await handle.db.select().from(codeItems).where(eq(codeItems.category, 'Land'))
    expect(lands.length).toBeGreaterThanOrEqual(240)
    for (const land of lands) {
      expect(land.id).toMatch(/^[A-Z]{2}$/)
      expect(land.de.length * land.fr.length * land.it.length).toBeGreaterThan(0)
    }
    expect(lands.find((l) => l.id === 'CH')).toMatchObject({ de: 'Schweiz', fr: 'Suisse', it: 'Svizzera' })
    expect(lands.find((l) => l.id === 'DE')).toMatchObject({
      de: 'Deutschland',
      fr: 'Allemagne',
      it: 'Germania',
    })
    expect(lands.some((l) => l.de.includes('ß'))).toBe(false)
  })

  it('loads six rejection reasons', async () => {
    const reasons = await handle.db
      .select()
      .from(codeItems)
      .where(eq(codeItems.category, 'Rueckweisungsgrund'))
    expect(reasons.map((r) => r.id).sort()).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('does nothing on a second run and returns []', async () => {
    expect(await seedRegisterDemo(handle.db)).toEqual([])
    const [{ value: n } = { value: -1 }] = await handle.db.select({ value: count() }).from(users)
    expect(n).toBe(9)
  })

  it('is safe when two seeders run at once', async () => {
    const other = await openTestDatabase()
    try {
      const [a, b] = await Promise.all([seedRegisterDemo(other.db), seedRegisterDemo(other.db)])
      expect([a.length, b.length].sort()).toEqual([0, 8])
    } finally {
      await other.close()
    }
  })
})

describe('batches', () => {
  it('keeps each batch under the bind-parameter limit', () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => i)
    const parts = batches(rows, 6)
    expect(parts.flat()).toEqual(rows)
    for (const part of parts) expect(part.length * 6).toBeLessThan(32_768)
  })
})
