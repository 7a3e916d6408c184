/**
 * `npm run seed`: demo data into the configured database (skipped when it already holds insurers).
 * `npm run seed -- --svn N`: also N bulk SVN (register/seed/bulk-svn.ts, ADR 501) for performance work.
 */
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { zurichDay } from '../domain/svn/dates.ts'
import { progressLog, seedBulkSvn } from '../register/seed/bulk-svn.ts'
import { seedDemo } from '../server/seed.ts'

const svnArg = process.argv.indexOf('--svn')
const bulk = svnArg > 0 ? Number(process.argv[svnArg + 1]) : 0
if (!Number.isInteger(bulk) || bulk < 0) throw new Error('--svn needs a whole number of records')

const config = loadConfig()
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  const logins = await seedDemo(handle.db, { idpAccounts: config.embeddedIdp })
  console.log(
    logins.length ? `Seeded ${logins.length} demo users.` : 'Database already holds data; demo not seeded.',
  )
  if (bulk > 0) {
    const started = Date.now()
    const seconds = () => (Date.now() - started) / 1000
    await seedBulkSvn(handle.db, {
      count: bulk,
      today: zurichDay(new Date()),
      onProgress: progressLog(bulk, console.log),
    })
    console.log(`Seeded ${bulk} bulk SVN in ${seconds().toFixed(1)} s (${handle.kind}, analyzed).`)
  }
} finally {
  await handle.close()
}
