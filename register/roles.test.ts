import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { users } from '../db/schema/register.ts'
import { openTestDatabase } from '../db/testing.ts'
import { rolesForSubject } from './roles.ts'
import { seedRegisterDemo, type SeededUser } from './seed/demo.ts'

let handle: DatabaseHandle
let seeded: SeededUser[]

function subjectOf(email: string): string {
  const user = seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  return user.subject
}

beforeAll(async () => {
  handle = await openTestDatabase()
  seeded = await seedRegisterDemo(handle.db)
})

afterAll(async () => {
  await handle?.close()
})

describe('rolesForSubject', () => {
  it("answers the user's register roles (user_roles) and name claims", async () => {
    expect(await rolesForSubject(handle.db, subjectOf('admin@alpina.example'))).toEqual({
      roles: ['ADMIN', 'GROUP_ADMIN'],
      givenName: 'Katharina',
      familyName: 'Meier',
      email: 'admin@alpina.example',
    })
    const broker = await rolesForSubject(handle.db, subjectOf('broker@seeland.example'))
    expect(broker?.roles).toContain('MAKLER')
  })

  it('answers null for an unknown subject', async () => {
    expect(await rolesForSubject(handle.db, 'no-such-subject')).toBeNull()
  })

  it('answers null for a deactivated user', async () => {
    const subject = subjectOf('clerk@leman.example')
    await handle.db.update(users).set({ aktiv: false }).where(eq(users.idpSubject, subject))
    expect(await rolesForSubject(handle.db, subject)).toBeNull()
  })
})
