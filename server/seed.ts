import type { Database } from '../db/client.ts'
import { createAccount, seedDemoBrokerTokens } from '../idp/index.ts'
import { DEMO_USERS } from '../register/seed/demo-data.ts'
import { seedRegisterDemo } from '../register/seed/demo.ts'
import { seedSvnDemo } from '../register/seed/svn-demo.ts'

/** The demo password of every demo login (DEMO=true only, never in production). */
export const DEMO_PASSWORD = 'demo'

export const DEMO_LOGINS = DEMO_USERS.filter((u) => u.login !== false).map((u) => u.email)

/** The demo login that holds brokered tokens from the pretend external provider `demo-idp` (ADR 402). */
export const DEMO_BROKER_LOGIN = 'admin@alpina.example'

/**
 * Demo data on an empty database: the register's insurers, users and code lists, and a login
 * account at the embedded identity provider for each demo user (plus one demo brokered token pair
 * for the token-info debug page).
 */
export async function seedDemo(db: Database, options: { idpAccounts: boolean }): Promise<string[]> {
  const users = await seedRegisterDemo(db)
  if (users.length > 0) await seedSvnDemo(db)
  if (options.idpAccounts) {
    for (const user of users) {
      await createAccount(db, { subject: user.subject, login: user.email, password: DEMO_PASSWORD })
    }
    const broker = users.find((u) => u.email === DEMO_BROKER_LOGIN)
    const names = DEMO_USERS.find((u) => u.email === DEMO_BROKER_LOGIN)
    if (broker && names) {
      await seedDemoBrokerTokens(db, {
        subject: broker.subject,
        email: broker.email,
        givenName: names.vorname ?? '',
        familyName: names.nachname,
      })
    }
  }
  return users.map((u) => u.email)
}
