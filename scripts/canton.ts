/**
 * `npm run canton -- <command> [args]`: the canton side from the command line (DESIGN §5).
 * Works on the configured database directly (DATABASE_URL or PGlite in DATA_DIR) and calls the same
 * services as the /svnwebaccess/authority endpoints — not HTTP. Stop a running server first when it
 * uses PGlite: PGlite allows one process per data directory.
 */
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { runCantonCommand, CANTON_HELP } from '../register/authority/cli.ts'

const args = process.argv.slice(2)
if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
  console.log(CANTON_HELP)
  process.exit(args.length === 0 ? 1 : 0)
}
const config = loadConfig()
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
try {
  const { output, ok } = await runCantonCommand(handle.db, args)
  console.log(output)
  process.exitCode = ok ? 0 : 1
} finally {
  await handle.close()
}
