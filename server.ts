import cluster from 'node:cluster'
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

if (config.webConcurrencyNote && cluster.isPrimary) console.warn(config.webConcurrencyNote)

if (config.webConcurrency > 1 && cluster.isPrimary) {
  runPrimary(config.webConcurrency)
} else {
  await runServer()
}

/**
 * WEB_CONCURRENCY > 1 (ADR 522): this process only forks the workers, which share the port (node:cluster
 * hands connections round-robin), restarts one that dies, and passes SIGTERM/SIGINT on for their drain.
 * Workers keep no state between requests: sessions, one-time tokens, rate limits and the IdP live in
 * PostgreSQL, as for several instances (ADR 601).
 */
function runPrimary(workers: number) {
  console.log(`SVN Portal: ${workers} workers (WEB_CONCURRENCY) on port ${config.port}`)
  let stopping = false
  const listened = new Set<number>()
  cluster.on('listening', (worker) => listened.add(worker.id))
  // The first worker migrates, seeds the demo and makes the shared secrets alone; the others start
  // once it listens, so they find all of it in place.
  const first = cluster.fork()
  first.once('listening', () => {
    for (let i = 1; i < workers; i++) cluster.fork()
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    // A worker that never listened refused to start (keys that do not decrypt): another would too.
    if (!listened.has(worker.id)) process.exit(code || 1)
    console.warn(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`)
    cluster.fork()
  })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: stopping ${workers} workers`)
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
    setTimeout(() => process.exit(1), 12_000).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

async function runServer() {
  // Imported only now: Express and React read NODE_ENV when they load, and the primary of a cluster
  // only forks and needs none of it.
  // Telemetry first: the server's middleware takes its instruments from the SDK (ADR 950).
  const { startTelemetry } = await import('./server/telemetry/sdk.ts')
  const telemetry = await startTelemetry(config)
  const { createServer } = await import('./server/app.ts')
  const { DEMO_LOGINS, DEMO_PASSWORD } = await import('./server/seed.ts')
  const { app, close } = await createServer(config).catch(refuse)
  // Only one worker prints the banner.
  const first = !cluster.isWorker || cluster.worker?.id === 1

  const server = app.listen(config.port, () => {
    const ms = Math.round(performance.now() - started)
    const who = cluster.isWorker ? ` (worker ${cluster.worker?.id}, pid ${process.pid})` : ''
    console.log(`SVN Portal ${config.nodeEnv} ready in ${ms} ms at ${config.origin}${who}`)
    if (first && config.demo && config.embeddedIdp) {
      console.log(`Demo logins (password "${DEMO_PASSWORD}"):`)
      for (const login of DEMO_LOGINS) {
        console.log(`  ${login}`)
      }
    }
  })

  // An idle keep-alive connection is to be closed by the other side first, the proxy in front or the
  // client: with Node's 5 s, a request they sent just as we closed was lost (a proxy's 502, ADR 613).
  server.keepAliveTimeout = config.keepAliveTimeoutMs

  function shutdown(signal: string) {
    console.log(`${signal}: shutting down`)
    server.close(() => {
      void close()
        .then(() => telemetry.shutdown())
        .finally(() => process.exit(0))
    })
    // close() drops the connections idle now; a keep-alive connection whose request finishes later
    // would otherwise hold the exit until its keep-alive timeout.
    setInterval(() => server.closeIdleConnections(), 200).unref()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

// A lost database connection can surface as a rejection nobody awaits (seen while PostgreSQL restarts,
// ADR 602): that must not take the whole server down. Any other unhandled rejection still does.
process.on('unhandledRejection', (reason) => {
  if (!isUnavailable(reason)) throw reason
  console.warn('unhandled rejection of an unavailable dependency:', unavailableReason(reason))
})
