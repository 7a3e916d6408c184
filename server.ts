import { loadConfig } from './config.ts'
import { createServer } from './server/app.ts'
import { DEMO_LOGINS, DEMO_PASSWORD } from './server/seed.ts'

const started = performance.now()
const config = loadConfig()
const { app, close } = await createServer(config)

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
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
