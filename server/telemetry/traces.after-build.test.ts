/**
 * The span tree of a search (issue 22, ADR 950): the built server composed with an in-memory span
 * exporter (testing/search-trace.ts), a demo clerk logged in, one search by name and plate. One trace:
 * HTTP server → loader → register call → database queries, the trace id in the request's log line,
 * and nothing the user typed (name, plate) or who they are (e-mail) in any span.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spanContent, type SpanLike } from './testing/span-content.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

interface Span extends SpanLike {
  traceId: string
  spanId: string
  parentSpanId?: string
  attributes: Record<string, unknown>
}

let dir: string
let result: { status: number; spans: Span[]; lines: string[] }

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'traces-'))
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/telemetry/testing/search-trace.ts',
      dir,
      '/svn/search?name=Muster&firstName=Hans&canton=ZH&schildNr=987654',
    ],
    { cwd: root, env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' }, maxBuffer: 64 << 20 },
  )
  const last = stdout.trim().split('\n').pop() ?? ''
  result = JSON.parse(last) as typeof result
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('a search as traces', () => {
  it('is one span tree from the HTTP server through the loader and register call to the database', () => {
    expect(result.status).toBe(200)
    const { spans } = result
    const server = spans.find((s) => s.name === 'GET /svn/search')
    expect(server, spans.map((s) => s.name).join(', ')).toBeDefined()
    const inTrace = spans.filter((s) => s.traceId === server!.traceId)
    const parentOf = (s: Span) => inTrace.find((p) => p.spanId === s.parentSpanId)

    expect(server!.attributes['http.route']).toBe('/svn/search')
    expect(server!.attributes['http.response.status_code']).toBe(200)
    const loader = inTrace.find((s) => s.name === 'loader routes/svn.search')
    expect(loader && parentOf(loader)).toBe(server)
    const search = inTrace.find((s) => s.attributes['svn.register.operation'] === 'GET /svn/search')
    expect(search?.name).toBe('register GET')
    expect(search && parentOf(search)).toBe(loader)
    const queries = inTrace.filter((s) => s.attributes['db.system.name'] === 'postgresql')
    expect(
      queries.some((q) => parentOf(q) === search && q.attributes['db.operation.name'] === 'SELECT'),
    ).toBe(true)
  })

  it('has no personal data in span names, attributes, events or status', () => {
    expect(spanContent(result.spans)).not.toMatch(/Muster|Hans|987654|schildNr|name=|clerk@|alpina\.example/i)
  })

  it('writes the trace id into the request log line', () => {
    const server = result.spans.find((s) => s.name === 'GET /svn/search')!
    const request = result.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.event === 'request' && l.path === '/svn/search')
    expect(request?.traceId).toBe(server.traceId)
  })
})
