/**
 * The HTTP load of the SSR bench (ADR 526): 50 keep-alive connections on one page, as fast as the
 * server answers (closed loop), or at a fixed offered rate. On a 2-core machine the load generator
 * shares the cores with the server, so it should cost as little as possible: wrk (C, Debian package
 * `wrk`) when it is installed, autocannon (Node, in this process: about as much CPU per request as the
 * bare page itself) otherwise; as root on Debian or Ubuntu the bench installs wrk with apt, as `npm test`
 * installs its Chromium (ADR 900). A fixed rate always uses autocannon (`overallRate`; wrk has no rate).
 * `BENCH_LOAD=autocannon` forces autocannon.
 */
import { execFile, execFileSync } from 'node:child_process'
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
  tool: 'wrk' | 'autocannon'
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
  return options.rate === undefined && wrkAvailable() ? wrk(options) : cannon(options)
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
    ...(options.rate === undefined ? {} : { overallRate: options.rate }),
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
