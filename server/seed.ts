import type { Database } from '../db/client.ts'
import { createAccount } from '../idp/index.ts'
import { DEMO_USERS } from '../register/seed/demo-data.ts'
import { seedRegisterDemo } from '../register/seed/demo.ts'

/** The demo password of every demo login (DEMO=true only, never in production). */
export const DEMO_PASSWORD = 'demo'

export const DEMO_LOGINS = DEMO_USERS.map((u) => u.email)

/**
 * Demo data on an empty database: the register's insurers, users and code lists, and a login
 * account at the embedded identity provider for each demo user.
 */
export async function seedDemo(db: Database, options: { idpAccounts: boolean }): Promise<string[]> {
  const users = await seedRegisterDemo(db)
  if (options.idpAccounts) {
    for (const user of users) {
      await createAccount(db, { subject: user.subject, login: user.email, password: DEMO_PASSWORD })
    }
  }
  return users.map((u) => u.email)
}
