/**
 * WEB_CONCURRENCY (issue 18 item 3, ADR 522): the built server with two workers on PostgreSQL answers on
 * one port from two processes, and a login through one worker holds on the other (the state is in the
 * database); with PGlite it stays one process and says so.
 */
import http from 'node:http'
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase, type TestDatabase } from '../../db/testing.ts'
import { DEMO_PASSWORD } from '../../server/seed.ts'
import {
  freePort,
  logEntries,
  loginOverHttp,
  portIsFree,
  startServerProcess,
  type ServerProcess,
} from '../../server/testing/process.ts'
import { expireAccessToken, latestSession, pgUrl, START_TIMEOUT_MS, tempDir } from './support.ts'

/** GET on a fresh connection each time, so the primary hands each one to the next worker. */
function getFresh(url: string, cookie = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { cookie } }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      .on('error', reject)
  })
}

/** The pids in the request log lines of the given path (only workers write a pid). */
function answeringPids(output: string, path: string): Set<number> {
  const pids = new Set<number>()
  for (const entry of logEntries(output))
    if (entry.event === 'request' && entry.path === path && typeof entry.pid === 'number') pids.add(entry.pid)
  return pids
}

describe.skipIf(!pgUrl)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: TestDatabase
  let server: ServerProcess
  let metricsPort: number
  const dir = tempDir('workers')

  beforeAll(async () => {
    database = await openTestDatabase()
    // Two free ports in a row: one metrics endpoint per worker (ADR 950).
    do metricsPort = await freePort()
    while (!(await portIsFree(metricsPort + 1)))
    server = await startServerProcess({
      dataDir: dir,
      databaseUrl: database.url,
      env: { WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) },
      timeoutMs: START_TIMEOUT_MS,
    })
  })

  afterAll(async () => {
    await server?.stop()
    await database?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers from two worker processes on one port', async () => {
    // Both workers listen once each has printed its ready line.
    for (let i = 0; i < 100 && (server.output().match(/ready in .* \(worker/g) ?? []).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100))
    for (let i = 0; i < 12; i++) expect(await getFresh(`${server.url}/404`)).toBe(404)
    await new Promise((r) => setTimeout(r, 200))
    const pids = answeringPids(server.output(), '/404')
    expect(pids.size, server.output()).toBe(2)
    expect(pids.has(server.child.pid!)).toBe(false)
  })

  it('keeps a login made through one worker on every worker', async () => {
    const jar = await loginOverHttp(server.url, 'clerk@alpina.example', DEMO_PASSWORD)
    const cookie = jar.header(server.url)
    for (let i = 0; i < 8; i++) expect(await getFresh(`${server.url}/svn/untreated`, cookie)).toBe(200)
    await new Promise((r) => setTimeout(r, 200))
    expect(answeringPids(server.output(), '/svn/untreated').size).toBe(2)
  })

  it('stays signed in when requests on both workers find the token due together', async () => {
    // ADR 533: the IdP revokes the whole grant when a rotated refresh token is used twice.
    const cookie = (await loginOverHttp(server.url, 'clerk@alpina.example', DEMO_PASSWORD)).header(server.url)
    for (let round = 0; round < 2; round++) {
      const before = await latestSession(database.db)
      await expireAccessToken(database.db, before.idHash)
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () => getFresh(`${server.url}/svn/untreated`, cookie)),
      )
      expect(statuses, `round ${round + 1}`).toEqual(Array(12).fill(200))
      expect((await latestSession(database.db)).data.refreshToken).not.toBe(before.data.refreshToken)
    }
  })

  it('serves each worker its own metrics on METRICS_PORT and the next port', async () => {
    const urls = [...server.output().matchAll(/"metrics\.listening".*?"url":"([^"]+)"/g)].map((m) => m[1])
    expect(urls.sort()).toEqual([
      `http://127.0.0.1:${metricsPort}/metrics`,
      `http://127.0.0.1:${metricsPort + 1}/metrics`,
    ])
    // Each endpoint is one worker's: its process id differs from the other's.
    const pids = await Promise.all(
      urls.map(async (url) => {
        const text = await (await fetch(url!)).text()
        return /process_pid="(\d+)"/.exec(text)?.[1] ?? text.slice(0, 200)
      }),
    )
    expect(new Set(pids).size).toBe(2)
  })

  it('stops every worker on SIGTERM', async () => {
    const code = await server.stop('SIGTERM')
    expect(code).toBe(0)
    expect(server.output()).toMatch(/SIGTERM: stopping 2 workers/)
  })
})

describe('WEB_CONCURRENCY=2 with PGlite', () => {
  const dir = tempDir('workers-pglite')
  let server: ServerProcess

  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  // A fresh PGlite directory migrates and seeds before it listens: slow on a busy machine.
  it('runs one process and logs one line saying so', { timeout: 2 * START_TIMEOUT_MS + 30_000 }, async () => {
    server = await startServerProcess({
      dataDir: dir,
      env: { WEB_CONCURRENCY: '2' },
      timeoutMs: 2 * START_TIMEOUT_MS,
    })
    expect(await getFresh(`${server.url}/404`)).toBe(404)
    const output = server.output()
    expect(output.match(/WEB_CONCURRENCY=2 ignored: PGlite runs in one process/g)).toHaveLength(1)
    expect(output).not.toMatch(/workers \(WEB_CONCURRENCY\)/)
    expect(answeringPids(output, '/404').size).toBe(0)
  })
})
