/**
 * Telemetry overhead (issue 22, ADR 950): the search page's throughput with metrics (and our spans,
 * unsampled without an OTLP endpoint) on against the same build with OTEL_SDK_DISABLED=true. Two
 * production servers on the bench PostgreSQL, one worker each, one signed-in clerk; autocannon
 * alternates between them in short rounds so that the shared machine's drift hits both alike.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { loginOverHttp, startServerProcess, type ServerProcess } from '../server/testing/process.ts'
import type { BenchContext, BenchModule, BenchSection } from './lib/report.ts'

const CONNECTIONS = 20
const ROUNDS = Number(process.env.BENCH_TELEMETRY_ROUNDS ?? 4)
const ROUND_S = Number(process.env.BENCH_TELEMETRY_SECONDS ?? 8)
const WARMUP_S = 4
const CLERK = 'clerk@alpina.example'
/** Every open SVN of the clerk's insurer: the register round trip, up to 100 rows, page 1 rendered. */
const SEARCH = '/svn/search?sVnStatus=OPEN'

interface Side {
  label: string
  server: ServerProcess
  cookie: string
  requests: number
  seconds: number
  errors: number
  p99: number[]
}

async function round(side: Side, seconds: number, count: boolean): Promise<void> {
  const r = await autocannon({
    url: `${side.server.url}${SEARCH}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie: side.cookie, 'accept-language': 'de' },
  })
  if (!count) return
  const other = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => code !== '200')
    .reduce((sum, [, s]) => sum + (s?.count ?? 0), 0)
  side.requests += r.requests.total
  side.seconds += r.duration
  side.errors += r.errors + r.timeouts + other
  side.p99.push(r.latency.p99)
}

export const run: BenchModule = async (ctx: BenchContext): Promise<BenchSection[]> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-telemetry-'))
  const start = (env: Record<string, string>) =>
    startServerProcess({ dataDir, databaseUrl: ctx.pgUrl, env: { WEB_CONCURRENCY: '1', ...env } })
  const on = await start({ METRICS_PORT: '0' })
  const off = await start({ OTEL_SDK_DISABLED: 'true' })
  try {
    const sides: Side[] = []
    for (const [label, server] of [
      ['metrics on', on],
      ['telemetry off', off],
    ] as const) {
      const cookie = (await loginOverHttp(server.url, CLERK, 'demo')).header(server.url)
      const res = await fetch(`${server.url}${SEARCH}`, { headers: { cookie } })
      if (res.status !== 200) throw new Error(`${label}: ${SEARCH} answered ${res.status}`)
      sides.push({ label, server, cookie, requests: 0, seconds: 0, errors: 0, p99: [] })
    }
    if (!/metrics\.listening/.test(on.output())) throw new Error('the metrics server did not start')
    for (const side of sides) await round(side, WARMUP_S, false)
    ctx.log(`telemetry: ${ROUNDS} rounds of ${ROUND_S} s per side, load ${os.loadavg()[0]?.toFixed(2)}`)
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which side goes first, so neither always follows the other's garbage collection.
      const order = i % 2 === 0 ? sides : [...sides].reverse()
      for (const side of order) await round(side, ROUND_S, true)
    }
    const [metrics, none] = sides as [Side, Side]
    const rps = (s: Side) => s.requests / s.seconds
    const ratio = rps(metrics) / rps(none)
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
    const markdown = [
      `Production build, two servers side by side on the bench PostgreSQL ` +
        `(${ctx.records.toLocaleString('en')} bulk SVN), WEB_CONCURRENCY=1 each, signed in as ${CLERK}: one ` +
        `with telemetry as deployed without an OTLP endpoint (Prometheus endpoint, our instruments, spans ` +
        `not sampled), one with OTEL_SDK_DISABLED=true. autocannon, ${CONNECTIONS} connections on ` +
        `\`${SEARCH}\`, ${WARMUP_S} s warm-up each, then ${ROUNDS} alternating rounds of ${ROUND_S} s per side.`,
      '',
      '| server | requests | req/s | p99 (median of rounds) | errors |',
      '| ------ | -------: | ----: | ---------------------: | -----: |',
      ...sides.map(
        (s) => `| ${s.label} | ${s.requests} | ${rps(s).toFixed(1)} | ${median(s.p99)} ms | ${s.errors} |`,
      ),
      '',
      `- Metrics on / off: **${ratio.toFixed(3)}**. Load average (1 min) ${os.loadavg()[0]?.toFixed(2)} at ` +
        `the end on ${os.availableParallelism()} cores (shared machine: the ratio, not the req/s, is the figure).`,
    ].join('\n')
    const ok = sides.every((s) => s.errors === 0)
    return [
      {
        id: 'telemetry',
        title: 'Telemetry overhead: search page with metrics on and off',
        markdown,
        budgets: [
          {
            name: 'Search page throughput, metrics on / off',
            goal: '≥ 0.95',
            measured: `${ratio.toFixed(3)} (${rps(metrics).toFixed(1)} vs ${rps(none).toFixed(1)} req/s)`,
            met: ok && ratio >= 0.95,
            ...(ok ? {} : { note: 'errors or statuses other than 200' }),
          },
        ],
      },
    ]
  } finally {
    await on.stop()
    await off.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
