/**
 * Support for the operations suite: a switchable reverse proxy (the "load balancer"), a throw-away
 * PostgreSQL cluster, and small HTTP helpers for the portal's forms.
 */
import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import { existsSync, mkdtempSync, rmSync, chownSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { desc, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { portalSessions } from '../../db/schema/portal.ts'
import type { CookieJar } from '../../idp/testing/harness.ts'
import { freePort } from '../../server/testing/process.ts'

/** Skips a suite without PostgreSQL (the ops stage of `npm test` runs only with TEST_DATABASE_URL). */
export const pgUrl = process.env.TEST_DATABASE_URL || undefined

/** Generous: a start includes the demo seed, and a shared 2-core machine may be busy. */
export const START_TIMEOUT_MS = 120_000

/** A temporary DATA_DIR per instance: nothing may need a disk shared between instances. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `ops-${prefix}-`))
}

export interface Proxy {
  url: string
  /** Port requests are forwarded to from now on. */
  target(port: number): void
  close(): Promise<void>
}

/** A load balancer in a few lines: forwards every request to the current target, Host unchanged. */
export async function startProxy(initialTarget: number): Promise<Proxy> {
  let target = initialTarget
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, resolve))
  return {
    url: `http://localhost:${port}`,
    target: (p) => void (target = p),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The hidden anti-forgery field of a portal page. */
export function csrfOf(html: string): string {
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
  if (!token) throw new Error('no csrf field on the page')
  return token
}

/** POSTs a form the way the browser does (same-origin Origin header, the page's csrf token). */
export async function postForm(
  jar: CookieJar,
  url: string,
  fields: Record<string, string>,
): Promise<Response> {
  const page = await jar.fetch(url)
  const csrf = csrfOf(await page.text())
  return jar.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
    body: new URLSearchParams({ ...fields, csrf }).toString(),
  })
}

/** The newest portal session (each test database holds only the test's own logins). */
export async function latestSession(db: Database) {
  const [row] = await db.select().from(portalSessions).orderBy(desc(portalSessions.createdAt)).limit(1)
  if (!row) throw new Error('no portal session')
  return { idHash: row.idHash, data: row.data as { accessToken: string; refreshToken: string | null } }
}

/** Makes the session's access token look expired, so the next page refreshes the tokens. */
export async function expireAccessToken(db: Database, idHash: string): Promise<void> {
  await db.execute(sql`
    update portal_sessions
       set data = jsonb_set(data, '{accessExpiresAt}', to_jsonb((extract(epoch from now()) * 1000)::bigint - 1000))
     where id_hash = ${idHash}`)
}

const PG_BIN = '/usr/lib/postgresql/15/bin'

export interface Cluster {
  url: string
  /** pg_ctl restart -m fast: connections are terminated (57P01), the server comes back. */
  restart(): Promise<void>
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops the cluster and deletes its files. */
  remove(): void
}

/** False when the PostgreSQL 15 binaries are missing (the test says so and skips). */
export function pgBinaries(): boolean {
  return existsSync(path.join(PG_BIN, 'initdb')) && existsSync(path.join(PG_BIN, 'pg_ctl'))
}

/** PostgreSQL refuses to run as root, and tests run as root in CI. */
function asPostgres(args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args
}

function runSync(args: string[]): void {
  const [command, ...rest] = asPostgres(args)
  const result = spawnSync(command!, rest, { encoding: 'utf8', timeout: 60_000 })
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

/** Asynchronous, so the test keeps driving requests meanwhile. */
async function run(args: string[]): Promise<void> {
  const [command, ...rest] = asPostgres(args)
  await promisify(execFile)(command!, rest, { timeout: 60_000 })
}

/** A throw-away cluster on a free port, so restarting it cannot disturb the shared CI server. */
export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-pg-'))
  if (process.getuid?.() === 0) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()))
  }
  const data = path.join(dir, 'data')
  const port = await freePort()
  runSync([`${PG_BIN}/initdb`, '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const ctl = (...args: string[]) => [
    `${PG_BIN}/pg_ctl`,
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    ...args,
  ]
  runSync(ctl('start'))
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => run(ctl('restart', '-m', 'fast')),
    stop: () => run(ctl('stop', '-m', 'fast')),
    start: () => run(ctl('start')),
    remove() {
      try {
        runSync(ctl('stop', '-m', 'immediate'))
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
