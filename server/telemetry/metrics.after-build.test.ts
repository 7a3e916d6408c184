/**
 * Metrics and traces of the real built server (issue 22, ADR 950): after a search journey its
 * Prometheus endpoint (own port, not the public one) has the search route's histogram under the route
 * pattern, a failed login is counted, and the spans reach an OTLP receiver (a local HTTP server standing
 * in for the collector) without personal data, with their trace ids in the request's log lines.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../../db/testing.ts'
import { root } from '../../root.ts'
import { DEMO_PASSWORD } from '../seed.ts'
import {
  freePort,
  logEntries,
  loginOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../testing/process.ts'
import { spanContent, type SpanLike } from './testing/span-content.ts'

let METRICS_PORT: number
let dir: string
let server: ServerProcess
let database: TestDatabase | undefined
/** The OTLP/HTTP receiver: every body POSTed to /v1/traces (JSON, as the exporter sends it). */
let collector: Server
const exported: string[] = []

const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }

interface OtlpSpan extends SpanLike {
  traceId: string
}
interface OtlpResourceSpans {
  resource?: { attributes?: Array<{ key: string; value: { stringValue?: string; intValue?: string } }> }
  scopeSpans?: Array<{ spans?: OtlpSpan[] }>
}
const exportedResources = (): OtlpResourceSpans[] =>
  exported.flatMap(
    (body) => (JSON.parse(body) as { resourceSpans?: OtlpResourceSpans[] }).resourceSpans ?? [],
  )
function exportedSpans(): OtlpSpan[] {
  return exportedResources().flatMap((r) => (r.scopeSpans ?? []).flatMap((s) => s.spans ?? []))
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'metrics-'))
  collector = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') exported.push(body)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  const collectorPort = await freePort()
  await new Promise<void>((resolve) => collector.listen(collectorPort, '127.0.0.1', resolve))
  METRICS_PORT = await freePort()
  // PostgreSQL with TEST_DATABASE_URL (a database of its own), else PGlite in the data directory.
  database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined
  server = await startServerProcess({
    dataDir: dir,
    databaseUrl: database?.url,
    env: {
      METRICS_PORT: String(METRICS_PORT),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      // Export within a fraction of a second rather than the default 5 s batches.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    // The demo seed on PGlite takes minutes on a loaded 2-core machine.
    timeoutMs: 280_000,
  })
}, 300_000)
afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => collector?.close(resolve))
  await database?.close()
  await rm(dir, { recursive: true, force: true })
})

const scrape = async () => (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text()

describe('the metrics endpoint', () => {
  it('is not on the public port', async () => {
    expect((await fetch(`${server.url}/metrics`)).headers.get('content-type')).not.toMatch(/^text\/plain/)
    expect(server.output()).toContain(`"url":"http://127.0.0.1:${METRICS_PORT}/metrics"`)
  })

  it('has the search route histogram after a search, by route pattern and without the query', async () => {
    const jar = await loginOverHttp(server.url, 'clerk@alpina.example', DEMO_PASSWORD)
    const search = await jar.fetch(
      `${server.url}/svn/search?name=Muster&firstName=Hans&canton=ZH&schildNr=987654`,
    )
    expect(search.status).toBe(200)
    const detail = await jar.fetch(`${server.url}/svn/424242424`)
    expect(detail.status).toBeGreaterThanOrEqual(200)

    const text = await scrape()
    const bucket = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('http_server_request_duration_seconds_bucket{') &&
          l.includes('http_route="/svn/search"') &&
          l.includes('http_response_status_code="200"') &&
          l.includes('le="+Inf"'),
      )
    expect(bucket, text).toBeDefined()
    expect(Number(bucket!.split(' ').pop())).toBeGreaterThanOrEqual(1)
    // The detail's id is not a label: the pattern is.
    expect(text).toContain('http_route="/svn/:svnId"')
    // In no label value (a sample's float may hold any digits, e.g. 0.00999999999).
    expect(text).not.toMatch(/="[^"]*424242424/)
    // The search's own register call, by operation.
    expect(text).toMatch(/svn_register_request_duration_seconds_count\{[^}]*operation="GET \/svn\/search"/)
    expect(text).toMatch(/svn_login_successes_total\{[^}]*side="idp"/)
    expect(text).toMatch(/svn_db_query_duration_seconds_count\{[^}]*db_operation_name="SELECT"/)
    for (const name of [
      'nodejs_eventloop_delay_seconds',
      'v8js_memory_heap_used_bytes',
      'process_memory_usage_bytes',
      'svn_sessions_open',
    ]) {
      expect(text).toMatch(new RegExp(`^${name}\\{`, 'm'))
    }
    // Nothing the user typed ends up in a label (in label values only: a sample's float may hold 987654).
    expect(text).not.toMatch(/="[^"]*(Muster|Hans|987654|clerk@)/)
  })

  it('names the service, its release and the worker in target_info', async () => {
    const info = (await scrape()).split('\n').find((l) => l.startsWith('target_info{'))
    expect(info).toBeDefined()
    expect(info).toContain('service_name="svn-portal"')
    expect(info).toContain(`service_version="${version}"`)
    expect(info).toMatch(/process_pid="[1-9]\d*"/)
  })
})

describe('a failed login', () => {
  it('is counted by side and reason, and its log line carries the trace id of its request', async () => {
    await expect(loginOverHttp(server.url, 'clerk@alpina.example', 'Wrong-Secret-9')).rejects.toThrow()
    expect(await scrape()).toMatch(/^svn_login_failures_total\{[^}]*side="idp"[^}]*\} [1-9]/m)
    const lines = logEntries(server.output())
    const at = lines.findIndex((l) => l.event === 'login.failure')
    expect(lines[at]?.traceId).toMatch(/^[0-9a-f]{32}$/)
    // The request's own line follows once its answer is sent.
    const post = lines
      .slice(at)
      .find((l) => l.event === 'request' && l.method === 'POST' && String(l.path).endsWith('/login'))
    expect(post?.traceId).toBe(lines[at]?.traceId)
  })
})

describe('traces over OTLP (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('reach the collector: the search as one trace, without personal data, its id in every log line of it', async () => {
    const jar = await loginOverHttp(server.url, 'clerk@alpina.example', DEMO_PASSWORD)
    const search = await jar.fetch(`${server.url}/svn/search?name=Muster&firstName=Hans&schildNr=987654`)
    expect(search.status).toBe(200)
    await search.text()
    const requestId = search.headers.get('x-request-id')
    // The request line is written once the answer is sent.
    for (let i = 0; i < 50 && !server.output().includes(`"requestId":"${requestId}"`); i++)
      await new Promise((r) => setTimeout(r, 100))
    // Every log line of that request names its trace.
    const lines = logEntries(server.output()).filter((l) => Object.values(l).includes(requestId))
    expect(lines.length).toBeGreaterThan(0)
    const traceId = lines[0]?.traceId
    expect(traceId).toMatch(/^[0-9a-f]{32}$/)
    for (const line of lines) expect(line.traceId, JSON.stringify(line)).toBe(traceId)

    // The collector receives that trace: server span, loader, register call.
    const inTrace = () => exportedSpans().filter((s) => s.traceId === traceId)
    for (let i = 0; i < 100 && !inTrace().some((s) => s.name === 'GET /svn/search'); i++)
      await new Promise((r) => setTimeout(r, 100))
    const names = inTrace().map((s) => s.name)
    expect(names).toEqual(
      expect.arrayContaining(['GET /svn/search', 'loader routes/svn.search', 'register GET']),
    )

    // Each batch says which service and release sent it.
    for (const { resource } of exportedResources()) {
      const attributes = new Map((resource?.attributes ?? []).map((a) => [a.key, a.value.stringValue]))
      expect(attributes.get('service.name')).toBe('svn-portal')
      expect(attributes.get('service.version')).toBe(version)
    }

    // Every span exported (the logins with their e-mail and passwords included): no personal data.
    expect(spanContent(exportedSpans())).not.toMatch(
      /Muster|Hans|987654|clerk@|alpina\.example|Wrong-Secret-9|"demo"|password|cookie|authorization/i,
    )
  })
})
