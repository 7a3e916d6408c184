import { eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { idpAccounts } from '../../db/schema/idp.ts'
import { auditLog, users } from '../../db/schema/register.ts'
import { openTestDatabase } from '../../db/testing.ts'
// Test only: the composition (server/app.ts) wires the same function; register code never imports idp/.
import { createSetupLink, hashSetupToken } from '../../idp/setup-links.ts'
import { seedRegisterDemo, type SeededUser } from '../seed/demo.ts'
import {
  TEST_CLIENT_ID,
  TEST_ISSUER,
  bearer,
  createCheckedRegisterApp,
  createTestIdp,
  type TestIdp,
} from '../testing.ts'
import type { CreateIdpAccount } from '../users/migrate.ts'

let handle: DatabaseHandle
let idp: TestIdp
let seeded: SeededUser[]
let failLogin: string | null = null

const embedded: CreateIdpAccount = async (input) => {
  if (input.login === failLogin) throw new Error('IdP refused')
  return { setupUrl: `${TEST_ISSUER}/setup/${await createSetupLink(handle.db, input)}` }
}

function appWith(createIdpAccount?: CreateIdpAccount) {
  return createCheckedRegisterApp({
    db: handle.db,
    issuer: TEST_ISSUER,
    clientId: TEST_CLIENT_ID,
    getKey: idp.getKey,
    createIdpAccount,
  })
}

async function migrate(app: ReturnType<typeof appWith>, gsCode: string, email: string, roles = ['ADMIN']) {
  const user = seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  const token = await idp.token({ sub: user.subject, roles })
  return app.request(`/users/migrate/${gsCode}`, { method: 'POST', ...bearer(token) })
}

const unmigrated = async () =>
  (
    await handle.db
      .select({ email: users.email, gsCode: users.gsCode })
      .from(users)
      .where(isNull(users.idpSubject))
  ).map((u) => u.email)

beforeAll(async () => {
  handle = await openTestDatabase()
  seeded = await seedRegisterDemo(handle.db)
  idp = await createTestIdp()
})

afterAll(async () => {
  await handle?.close()
})

describe('POST /users/migrate/{gsCode}', () => {
  it('is ADMIN only, and POST only', async () => {
    const app = appWith(embedded)
    expect((await migrate(app, '1001', 'clerk@alpina.example', ['SVN_SUCHEN'])).status).toBe(403)
    expect((await app.request('/users/migrate/1001', { method: 'POST' })).status).toBe(401)
    const admin = seeded.find((u) => u.email === 'admin@alpina.example')
    const get = await app.request(
      '/users/migrate/1001',
      bearer(await idp.token({ sub: admin?.subject, roles: ['ADMIN'] })),
    )
    expect(get.status).toBe(404)
    expect(await unmigrated()).toEqual(['new.clerk@alpina.example'])
  })

  it('answers 404 for another insurer, migrating nothing', async () => {
    const res = await migrate(appWith(embedded), '1001', 'admin@leman.example')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'not found' })
    expect(await unmigrated()).toEqual(['new.clerk@alpina.example'])
  })

  it('answers 501 when no identity provider is wired (external IdP)', async () => {
    const res = await migrate(appWith(), '1001', 'admin@alpina.example')
    expect(res.status).toBe(501)
    expect(((await res.json()) as { error: string }).error).toMatch(/embedded identity provider/)
  })

  it('keeps the user unmigrated when the IdP refuses, and says why', async () => {
    failLogin = 'new.clerk@alpina.example'
    const res = await migrate(appWith(embedded), '1001', 'admin@alpina.example')
    failLogin = null
    expect(res.status).toBe(502)
    const body = (await res.json()) as { error: string; migrated: unknown[] }
    expect(body.error).toBe('new.clerk@alpina.example: IdP refused')
    expect(body.migrated).toEqual([])
    expect(await unmigrated()).toEqual(['new.clerk@alpina.example'])
  })

  it('gives users without an account one with a one-time setup link; users with one are skipped', async () => {
    const res = await migrate(appWith(embedded), '1001', 'admin@alpina.example')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      migrated: Array<{ userId: number; email: string; setupUrl: string }>
      message: string
    }
    expect(body.message).toBe('VG(1001) migrated successfully!')
    expect(body.migrated).toHaveLength(1)
    const [entry] = body.migrated
    expect(entry?.email).toBe('new.clerk@alpina.example')
    expect(entry?.setupUrl).toMatch(new RegExp(`^${TEST_ISSUER}/setup/[A-Za-z0-9_-]{43}$`))

    const [user] = await handle.db.select().from(users).where(eq(users.email, 'new.clerk@alpina.example'))
    const [account] = await handle.db
      .select()
      .from(idpAccounts)
      .where(eq(idpAccounts.subject, user?.idpSubject ?? ''))
    const token = entry?.setupUrl.split('/').pop() ?? ''
    expect(account).toMatchObject({
      login: 'new.clerk@alpina.example',
      passwordHash: null,
      setupTokenHash: hashSetupToken(token),
    })
    expect(account?.setupTokenHash).not.toBe(token)
    const days = ((account?.setupTokenExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)

    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'migrate'))
    expect(JSON.stringify(audit)).not.toContain(token)

    const again = await migrate(appWith(embedded), '1001', 'admin@alpina.example')
    expect(await again.json()).toEqual({ migrated: [], message: 'VG(1001) migrated successfully!' })
  })
})
