import { applyNodeEnv, ConfigError, loadConfig, type Config } from './config.ts'
import { KeysEncryptionError } from './db/key-encryption.ts'
import { isUnavailable, unavailableReason } from './domain/unavailable.ts'

/** A refused configuration or keys that do not decrypt: one line on stderr, no stack trace (ADR 700). */
function refuse(error: unknown): never {
  if (error instanceof ConfigError || error instanceof KeysEncryptionError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const started = performance.now()
let config: Config
try {
  config = loadConfig()
} catch (error) {
  refuse(error)
}
applyNodeEnv(config)
// Imported only now: Express and React read NODE_ENV when they load.
const { createServer } = await import('./server/app.ts')
const { DEMO_LOGINS, DEMO_PASSWORD } = await import('./server/seed.ts')
const { app, close } = await createServer(config).catch(refuse)

const server = app.listen(config.port, () => {
  const ms = Math.round(performance.now() - started)
  console.log(`SVN Portal ${config.nodeEnv} ready in ${ms} ms at ${config.origin}`)
  if (config.demo && config.embeddedIdp) {
    console.log(`Demo logins (password "${DEMO_PASSWORD}"):`)
    for (const login of DEMO_LOGINS) {
      console.log(`  ${login}`)
    }
  }
})

function shutdown(signal: string) {
  console.log(`${signal}: shutting down`)
  server.close(() => {
    void close().finally(() => process.exit(0))
  })
  // close() drops the connections idle now; a keep-alive connection whose request finishes later
  // would otherwise hold the exit until its keep-alive timeout.
  setInterval(() => server.closeIdleConnections(), 200).unref()
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))

// A lost database connection can surface as a rejection nobody awaits (seen while PostgreSQL restarts,
// ADR 602): that must not take the whole server down. Any other unhandled rejection still does.
process.on('unhandledRejection', (reason) => {
  if (!isUnavailable(reason)) throw reason
  console.warn('unhandled rejection of an unavailable dependency:', unavailableReason(reason))
})
