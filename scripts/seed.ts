/** `npm run seed`: demo data into the configured database (skipped when it already holds insurers). */
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { seedDemo } from '../server/seed.ts'

const config = loadConfig()
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  const logins = await seedDemo(handle.db, { idpAccounts: config.embeddedIdp })
  console.log(
    logins.length ? `Seeded ${logins.length} demo users.` : 'Database already holds data; nothing seeded.',
  )
} finally {
  await handle.close()
}
