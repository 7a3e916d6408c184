/**
 * PostgreSQL restarted under load (issue 10 item 3, ADR 602): requests in flight get the 503 error page,
 * later ones succeed without restarting the server. A throw-away cluster of our own is restarted, so
 * CI's shared PostgreSQL is not disturbed.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CookieJar } from '../../idp/testing/harness.ts'
import { DEMO_PASSWORD } from '../../server/seed.ts'
import { loginOverHttp, startServerProcess, type ServerProcess } from '../../server/testing/process.ts'
import { pgBinaries, pgUrl, START_TIMEOUT_MS, startCluster, tempDir, type Cluster } from './support.ts'

const binaries = pgBinaries()
if (!binaries) console.warn('db-restart: skipped — no PostgreSQL 15 binaries in /usr/lib/postgresql/15/bin')

let cluster: Cluster
let server: ServerProcess
let jar: CookieJar
let dataDir: string

const UNAVAILABLE = 'Der Dienst ist vorübergehend nicht verfügbar.'
/** The pickup screen's own 503 (ADR 602): the session was read, the register's query then failed. */
const REGISTER_UNAVAILABLE = 'Das Register ist zurzeit nicht erreichbar.'

/** One page load that needs the session (database) and the register (database): status and page. */
async function load(): Promise<{ status: number; html: string; retryAfter: string | null }> {
  const res = await jar.fetch(`${server.url}/svn/untreated`)
  return { status: res.status, html: await res.text(), retryAfter: res.headers.get('retry-after') }
}

/** A 503 with Retry-After: the error page, or (mid-restart) the screen with its form and notice. */
function expectUnavailablePage(
  answer: { status: number; html: string; retryAfter: string | null },
  { screen = false } = {},
) {
  expect(answer.status).toBe(503)
  expect(answer.retryAfter).toBe('5')
  const texts = screen ? [UNAVAILABLE, REGISTER_UNAVAILABLE] : [UNAVAILABLE]
  expect(
    texts.some((text) => answer.html.includes(text)),
    answer.html.slice(0, 300),
  ).toBe(true)
  expect(answer.html).not.toMatch(/Unexpected Server Error|at \S+\.[jt]s:\d+/)
}

async function untilOk(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if ((await load()).status === 200) return
    if (Date.now() > deadline) throw new Error('no 200 after the database came back')
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe.skipIf(!pgUrl || !binaries)('PostgreSQL restarted under load', () => {
  beforeAll(async () => {
    cluster = await startCluster()
    dataDir = tempDir('restart')
    server = await startServerProcess({
      dataDir,
      databaseUrl: cluster.url,
      timeoutMs: START_TIMEOUT_MS,
    })
    jar = await loginOverHttp(server.url, 'clerk@alpina.example', DEMO_PASSWORD)
  })

  afterAll(async () => {
    if (server && server.child.exitCode !== null) console.error(`server exited:\n${server.output()}`)
    await server?.stop()
    cluster?.remove()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers 503 while it restarts and 200 afterwards, without a server restart', async () => {
    expect((await load()).status).toBe(200)
    let driving = true
    const answers: Array<Awaited<ReturnType<typeof load>>> = []
    // Four clients keep loading pages while the cluster restarts.
    const clients = Array.from({ length: 4 }, async () => {
      while (driving) answers.push(await load())
    })
    await new Promise((r) => setTimeout(r, 300))
    await cluster.restart()
    await new Promise((r) => setTimeout(r, 300))
    driving = false
    await Promise.all(clients)

    expect(answers.length).toBeGreaterThanOrEqual(4)
    const count = (status: number) => answers.filter((a) => a.status === status).length
    console.log(`during the restart: ${count(200)} × 200, ${count(503)} × 503 of ${answers.length}`)
    for (const answer of answers) {
      // Where the database goes away between the session and the register call, the screen answers.
      if (answer.status === 503) expectUnavailablePage(answer, { screen: true })
      else expect(answer.status).toBe(200)
    }
    await untilOk(20_000)
    for (let i = 0; i < 3; i++) expect((await load()).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  })

  it('answers the 503 page while the database is down, and recovers when it is back', async () => {
    await cluster.stop()
    try {
      expectUnavailablePage(await load())
      const login = await fetch(`${server.url}/svn/untreated`, { redirect: 'manual' })
      expect([302, 503]).toContain(login.status)
    } finally {
      await cluster.start()
    }
    await untilOk(20_000)
    expect(server.child.exitCode).toBeNull()
  })
})
