/**
 * The HTTP load of the SSR bench (ADR 526): 50 keep-alive connections on one page, as fast as the
 * server answers (closed loop), or at a fixed offered rate. On a 2-core machine the load generator
 * shares the cores with the server, so it should cost as little as possible: wrk (C, Debian package
 * `wrk`) when it is installed, autocannon (Node, in this process: about as much CPU per request as the
 * bare page itself) otherwise; as root on Debian or Ubuntu the bench installs wrk with apt, as `npm test`
 * installs its Chromium (ADR 900). A fixed rate runs `openLoop` below (wrk has no rate, and autocannon's
 * `overallRate` fires every connection on the same tick: bursts, not clerks). `BENCH_LOAD=autocannon`
 * forces autocannon for the closed loop.
 */
import { execFile, execFileSync } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import autocannon from 'autocannon'
import { thisMachine } from '../../scripts/browser.ts'

export interface LoadOptions {
  url: string
  headers: Record<string, string>
  connections: number
  seconds: number
  /** Requests per second offered over all connections; none = as fast as the server answers. */
  rate?: number
}

export interface LoadResult {
  tool: 'wrk' | 'autocannon' | 'open loop'
  requests: number
  /** Answers per second over the run. */
  rps: number
  /** Latency percentiles in ms. */
  p50: number
  p99: number
  /** Socket errors and timeouts (no answer). */
  errors: number
  /** Answers by status code. */
  statuses: Record<string, number>
}

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk-report.lua')

let wrkFound: boolean | undefined
/** True when `wrk` runs here and autocannon is not forced. */
export function wrkAvailable(): boolean {
  if (process.env.BENCH_LOAD === 'autocannon') return false
  if (wrkFound === undefined) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' })
      wrkFound = true
    } catch (error) {
      // wrk prints its version and exits 1; only a missing binary is "not there".
      wrkFound = (error as NodeJS.ErrnoException).code !== 'ENOENT'
    }
  }
  return wrkFound
}

export const WRK_APT_INSTALL = 'apt-get update && apt-get install -y wrk'

/** Installs wrk where that can be done unattended (root, apt, Debian or Ubuntu); says what it did. */
export function provideWrk(log: (message: string) => void): void {
  if (process.env.BENCH_LOAD === 'autocannon' || wrkAvailable()) return
  const machine = thisMachine()
  const apt =
    machine.uid === 0 && machine.hasCommand('apt-get') && ['debian', 'ubuntu'].includes(machine.osId ?? '')
  if (apt) {
    log(`no wrk: installing it (${WRK_APT_INSTALL})`)
    wrkFound = machine.run(WRK_APT_INSTALL) ? undefined : false
  }
  if (!wrkAvailable())
    log(
      'no wrk: the closed-loop load runs on autocannon in this process (install wrk for figures with less load-generator CPU)',
    )
}

/** The tool a closed-loop run uses on this machine, for the report. */
export const loadTool = (): LoadResult['tool'] => (wrkAvailable() ? 'wrk' : 'autocannon')

export async function httpLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.rate !== undefined) return openLoop({ ...options, rate: options.rate })
  return wrkAvailable() ? wrk(options) : cannon(options)
}

/**
 * Requests arriving at `rate` a second at random moments (exponential gaps: independent clerks), each
 * sent on one of `connections` keep-alive sockets; latency counts from the moment the request was due,
 * so time spent waiting for a free socket or behind a slow answer is in it (no coordinated omission).
 */
async function openLoop(options: LoadOptions & { rate: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections })
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  let errors = 0
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(options.url, { agent, headers: options.headers }, (res) => {
        res.resume()
        res.on('end', () => {
          latencies.push(performance.now() - due)
          statuses[String(res.statusCode)] = (statuses[String(res.statusCode)] ?? 0) + 1
          resolve()
        })
      })
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')))
      req.on('error', () => {
        errors++
        resolve()
      })
    })
  const started = performance.now()
  const end = started + options.seconds * 1000
  const pending: Promise<void>[] = []
  for (let due = started; due < end; due += (-Math.log(1 - Math.random()) * 1000) / options.rate) {
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    pending.push(send(due))
  }
  await Promise.all(pending)
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)
  return {
    tool: 'open loop',
    requests: sorted.length,
    rps: sorted.length / options.seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    statuses,
  }
}

async function wrk(options: LoadOptions): Promise<LoadResult> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s']
  const { stdout } = await promisify(execFile)('wrk', [...args, ...headerArgs, '-s', SCRIPT, options.url], {
    maxBuffer: 1 << 20,
  })
  const line = /WRK_JSON (.*)/.exec(stdout)?.[1]
  if (!line) throw new Error(`wrk printed no report:\n${stdout}`)
  const r = JSON.parse(line) as {
    requests: number
    durationUs: number
    p50: number
    p99: number
    errors: number
    statuses: Record<string, number>
  }
  return {
    tool: 'wrk',
    requests: r.requests,
    rps: r.requests / (r.durationUs / 1e6),
    p50: Math.round(r.p50 / 1000),
    p99: Math.round(r.p99 / 1000),
    errors: r.errors,
    statuses: r.statuses,
  }
}

async function cannon(options: LoadOptions): Promise<LoadResult> {
  const r = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  })
  const statuses: Record<string, number> = {}
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = s?.count ?? 0
  return {
    tool: 'autocannon',
    requests: r.requests.total,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    statuses,
  }
}
