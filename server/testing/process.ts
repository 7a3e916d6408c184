/**
 * Runs the real built server (`build/server/server.js`) as a child process (tests of scale-out and
 * faults, benchmarks), and logs a demo user in over plain HTTP the way a browser without JavaScript would. Test and bench support only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CookieJar } from '../../idp/testing/harness.ts'
import { SERVER_BUNDLE } from '../../scripts/build-server.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** A fixed key for test and bench servers (never a real one). */
export const TEST_KEYS_ENCRYPTION_KEY = Buffer.alloc(32, 42).toString('base64')

export interface ServerProcess {
  /** Base URL, e.g. http://localhost:4100 */
  url: string
  port: number
  child: ChildProcess
  /** Milliseconds from spawn to the first 200 of /healthz (or readyPath). */
  readyMs: number
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** SIGTERM (or the given signal) and wait for the exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export interface ServerProcessOptions {
  port?: number
  /** ORIGIN; defaults to the instance's own URL (set it to a load balancer's URL behind one). */
  origin?: string
  dataDir: string
  /** PostgreSQL URL; unset = PGlite in dataDir. */
  databaseUrl?: string
  env?: Record<string, string>
  /** Node options before the script, e.g. `--cpu-prof` (bench profiles). */
  nodeArgs?: string[]
  /** How long to wait for readiness (default 60 s). */
  timeoutMs?: number
  /** What counts as started: the first 200 of /healthz (default) or of /readyz (database and migrations). */
  readyPath?: '/healthz' | '/readyz'
  /** How often readiness is asked (default 100 ms). */
  pollMs?: number
  /**
   * `built` (default): `node build/server/server.js`, as production runs it. `source`: `server.ts`
   * through tsx, as before ADR 960 — only the cold-start bench compares the two.
   */
  entry?: 'built' | 'source'
}

/** How node starts the server: the bundle, or the TypeScript entry through the tsx loader. */
export function serverCommand(entry: 'built' | 'source' = 'built'): string[] {
  return entry === 'built' ? [SERVER_BUNDLE] : ['--import', 'tsx', 'server.ts']
}

/** Whether a TCP port on 127.0.0.1 can be bound now (e.g. the next of several ports in a row). */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** The server's structured log lines (ADR 611) in what it printed; other output is left out. */
export function logEntries(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** A free TCP port on localhost. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

/** Starts the built server (run `npm run build` first). */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const url = `http://localhost:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...serverCommand(options.entry)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      ORIGIN: options.origin ?? url,
      DATA_DIR: options.dataDir,
      DEMO: 'true',
      // One process per instance unless a test asks for workers (ADR 522).
      WEB_CONCURRENCY: '1',
      // Metrics on a free port of their own: several test servers run at once (ADR 950).
      METRICS_PORT: '0',
      // Instances sharing one PostgreSQL share its sealed keys: one KEYS_ENCRYPTION_KEY, not each its
      // own generated into its DATA_DIR (ADR 702).
      ...(options.databaseUrl
        ? { DATABASE_URL: options.databaseUrl, KEYS_ENCRYPTION_KEY: TEST_KEYS_ENCRYPTION_KEY }
        : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`)
    try {
      const res = await fetch(`${url}${options.readyPath ?? '/healthz'}`)
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server not ready within the timeout:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, options.pollMs ?? 100))
  }
  const readyMs = performance.now() - started

  return {
    url,
    port,
    child,
    readyMs,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/**
 * Logs in at the portal over HTTP: /login → IdP login form → credentials → callback. Returns the jar
 * holding the portal's session cookie (jar.header(url) gives the Cookie header for other clients).
 */
export async function loginOverHttp(baseUrl: string, login: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar()
  let res = await jar.fetch(`${baseUrl}/login`)
  let loginPage: string | undefined
  for (let i = 0; i < 10; i++) {
    const location = res.headers.get('location')
    if (!location) break
    const next = new URL(location, res.url || baseUrl).href
    if (/\/interaction\/[^/]+$/.test(new URL(next).pathname)) loginPage = next
    res = await jar.fetch(next)
  }
  if (!loginPage) throw new Error(`no IdP login page reached from ${baseUrl}/login (last ${res.status})`)
  res = await jar.fetch(`${loginPage}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  })
  for (let i = 0; i < 10; i++) {
    const location = res.headers.get('location')
    if (!location) break
    res = await jar.fetch(new URL(location, `${baseUrl}/`).href)
  }
  // Signed in when landing sends us to a screen instead of to the login.
  const check = await jar.fetch(`${baseUrl}/landing`)
  if (check.status !== 302 || (check.headers.get('location') ?? '/login').startsWith('/login')) {
    throw new Error(
      `login as ${login} failed: answered ${check.status} ${check.headers.get('location') ?? ''}`,
    )
  }
  return jar
}
