/**
 * Test support (traces.after-build.test.ts): composes the built server in this process with an
 * in-memory span exporter, logs a demo clerk in over HTTP, runs one search by name and plate, and
 * prints one JSON object: the spans of the search and the log lines written meanwhile. A process of its
 * own because under vitest the build and the server would load two copies of react-router.
 */
import type { Server } from 'node:http'
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { applyNodeEnv, loadConfig } from '../../../config.ts'
import { configureLog } from '../../../domain/log.ts'
import { DEMO_PASSWORD } from '../../seed.ts'
import { freePort, loginOverHttp } from '../../testing/process.ts'
import { startTelemetry } from '../sdk.ts'

const [dataDir, search] = process.argv.slice(2)
if (!dataDir || !search) throw new Error('usage: search-trace.ts <dataDir> <search path>')

const exporter = new InMemorySpanExporter()
const port = await freePort()
const url = `http://localhost:${port}`
const config = loadConfig({
  NODE_ENV: 'production',
  DEMO: 'true',
  PORT: String(port),
  DATA_DIR: dataDir,
  METRICS_PORT: 'off',
  LOG_LEVEL: 'info',
})
applyNodeEnv(config)
const telemetry = await startTelemetry(config, { spanProcessors: [new SimpleSpanProcessor(exporter)] })
const lines: string[] = []
configureLog({ write: (line) => void lines.push(line) })
const { createServer } = await import('../../app.ts')
const server = await createServer(config)
const http = await new Promise<Server>((resolve) => {
  const s = server.app.listen(port, () => resolve(s))
})

const jar = await loginOverHttp(url, 'clerk@alpina.example', DEMO_PASSWORD)
exporter.reset()
lines.length = 0
const res = await jar.fetch(`${url}${search}`)
await res.text()
// The server span ends on the response's finish, just after the body.
await new Promise((r) => setTimeout(r, 200))

const spans = exporter.getFinishedSpans().map((s) => ({
  name: s.name,
  traceId: s.spanContext().traceId,
  spanId: s.spanContext().spanId,
  parentSpanId: s.parentSpanContext?.spanId,
  kind: s.kind,
  attributes: s.attributes,
  events: s.events,
  status: s.status,
}))
process.stdout.write(`${JSON.stringify({ status: res.status, spans, lines })}\n`)
await new Promise((resolve) => http.close(resolve))
await server.close()
await telemetry.shutdown()
process.exit(0)
