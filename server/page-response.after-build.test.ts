/**
 * A page goes out as one buffer with its length, not streamed in React's 4 KB chunks (ADR 527): the
 * built server, a signed-in clerk, the search page with results and a page of the shell. And the
 * connection it came on stays open while idle as long as a proxy in front expects (ADR 613).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { CookieJar } from '../idp/testing/harness.ts'
import { DEMO_PASSWORD } from './seed.ts'
import { loginOverHttp, startServerProcess, type ServerProcess } from './testing/process.ts'

let server: ServerProcess
let dataDir: string
let jar: CookieJar

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'page-response-'))
  server = await startServerProcess({ dataDir, timeoutMs: 120_000 })
  jar = await loginOverHttp(server.url, 'clerk@alpina.example', DEMO_PASSWORD)
})

afterAll(async () => {
  await server?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

it.each([
  ['the search with results', '/svn/search?name=m', 200],
  ['a page of the shell', '/no-permission', 403],
])('%s: one body with its Content-Length, the whole document', async (_, pagePath, status) => {
  const response = await jar.fetch(`${server.url}${pagePath}`)
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(response.headers.get('transfer-encoding')).toBeNull()
  const body = new Uint8Array(await response.arrayBuffer())
  expect(Number(response.headers.get('content-length'))).toBe(body.byteLength)
  // Larger than one of React's 4 KB views, so the page really was put together from several.
  expect(body.byteLength).toBeGreaterThan(8192)
  const html = new TextDecoder().decode(body)
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
  expect(html.trimEnd().endsWith('</html>')).toBe(true)
})

it('keeps an idle keep-alive connection past Node’s 5 s default, as a proxy in front expects (ADR 613)', async () => {
  const socket = connect(server.port, '127.0.0.1')
  let received = ''
  let closed = false
  socket.on('data', (d: Buffer) => (received += d.toString()))
  socket.on('close', () => (closed = true))
  const ask = async () => {
    received = ''
    socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost:${server.port}\r\nConnection: keep-alive\r\n\r\n`)
    await expect.poll(() => received, { timeout: 10_000 }).toMatch(/\r\n\r\n[\s\S]+/)
    return received
  }
  try {
    const first = await ask()
    expect(first).toMatch(/^HTTP\/1\.1 200/)
    expect(first.toLowerCase()).toContain('keep-alive: timeout=65')
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    expect(closed).toBe(false)
    expect(await ask()).toMatch(/^HTTP\/1\.1 200/)
  } finally {
    socket.destroy()
  }
})
