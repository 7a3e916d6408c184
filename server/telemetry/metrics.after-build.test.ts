/**
 * Metrics of the real built server (issue 22, ADR 950): after a search journey its Prometheus
 * endpoint (own port, not the public one) has the search route's histogram under the route pattern.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../../db/testing.ts'
import { DEMO_PASSWORD } from '../seed.ts'
import { loginOverHttp, startServerProcess, type ServerProcess } from '../testing/process.ts'

const METRICS_PORT = 4512
let dir: string
let server: ServerProcess
let database: TestDatabase | undefined

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'metrics-'))
  // PostgreSQL with TEST_DATABASE_URL (a database of its own), else PGlite in the data directory.
  database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined
  server = await startServerProcess({
    dataDir: dir,
    databaseUrl: database?.url,
    env: { METRICS_PORT: String(METRICS_PORT) },
    // The demo seed on PGlite takes minutes on a loaded 2-core machine.
    timeoutMs: 280_000,
  })
}, 300_000)
afterAll(async () => {
  await server?.stop()
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
    const detail = await jar.fetch(`${server.url}/svn/999999999`)
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
    expect(text).not.toContain('999999999')
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
    // Nothing the user typed ends up in a label.
    expect(text).not.toMatch(/Muster|Hans|987654|clerk@/)
  })
})
