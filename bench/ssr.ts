/**
 * SSR throughput (issue 9, ADR 512): the real server (production build) on the bench database, one
 * signed-in clerk, autocannon at 50 connections on the search page with 100 results and on the
 * shell-only /no-permission page, in the same run. The ratio of the two is the figure.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import postgres from 'postgres'
import { SEARCH_LIMIT } from '../domain/svn/search-rows.ts'
import { loginOverHttp, startServerProcess } from '../server/testing/process.ts'
import type { BenchContext, BenchModule, BenchSection } from './lib/report.ts'

const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_SSR_SECONDS ?? 20)
const WARMUP_S = 5
const CLERK = 'clerk@alpina.example'

interface Figures {
  label: string
  path: string
  rps: number
  p50: number
  p99: number
  errors: number
  /** Answers with another status than the page's own (the shell answers 403 by design). */
  unexpected: number
  statuses: string
  requests: number
  /** CPU time of the server process per request (Linux /proc), null elsewhere. */
  cpuMs: number | null
}

/** User + system CPU of a process in ms, from /proc (Linux); null where there is none. */
function cpuOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 // clock ticks of 10 ms
  } catch {
    return null
  }
}

async function cannon(url: string, cookie: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie, 'accept-language': 'de' },
  })
}

async function measure(
  base: string,
  cookie: string,
  label: string,
  pagePath: string,
  status: number,
  pid: number | undefined,
): Promise<Figures> {
  const cpuBefore = cpuOf(pid)
  const r = await cannon(`${base}${pagePath}`, cookie, DURATION_S)
  const cpuAfter = cpuOf(pid)
  const counts = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0] as const)
  return {
    label,
    path: pagePath,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    unexpected: counts.filter(([code]) => Number(code) !== status).reduce((sum, [, n]) => sum + n, 0),
    statuses: counts.map(([code, n]) => `${code}: ${n}`).join(', '),
    requests: r.requests.total,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / r.requests.total,
  }
}

/**
 * The search measured: the name prefix (typed as a clerk types it) with the fewest matches that still
 * fills the register's 100 rows. So the figure is the page — register round trip, 100 rows, render —
 * rather than a count over a large share of the table, which the search bench measures per filter.
 */
async function searchPath(
  ctx: BenchContext,
  base: string,
  cookie: string,
): Promise<{ path: string; matches: number }> {
  const db = postgres(ctx.pgUrl, { max: 1, onnotice: () => {} })
  try {
    for (const length of [6, 5, 4, 3, 2, 1]) {
      const [row] = await db<Array<{ prefix: string; matches: number }>>`
        select left(lower(s.name), ${length}) as prefix, count(*)::int as matches
        from svn s join users u on u.gs_code = s.gs_code
        where lower(u.email) = ${CLERK} and s.status <> 'DELETABLE' and s.name is not null
          and btrim(left(s.name, ${length})) = left(s.name, ${length})
        group by 1 having count(*) >= ${SEARCH_LIMIT} order by 2, 1 limit 1`
      if (!row) continue
      const pagePath = `/svn/search?${new URLSearchParams({ name: row.prefix })}`
      const res = await fetch(`${base}${pagePath}`, { headers: { cookie } })
      const html = await res.text()
      // 100 rows paged 15 per page: 7 pages.
      if (res.status !== 200 || !html.includes('page=7') || html.includes('page=8'))
        throw new Error(`${pagePath} did not show 100 results (${res.status})`)
      return { path: pagePath, matches: row.matches }
    }
    throw new Error(`no name prefix matches ${SEARCH_LIMIT} SVN of ${CLERK}: seed more SVN`)
  } finally {
    await db.end({ timeout: 5 })
  }
}

export const run: BenchModule = async (ctx: BenchContext): Promise<BenchSection[]> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ssr-'))
  const server = await startServerProcess({ dataDir, databaseUrl: ctx.pgUrl })
  try {
    const jar = await loginOverHttp(server.url, CLERK, 'demo')
    const cookie = jar.header(server.url)
    const { path: search, matches } = await searchPath(ctx, server.url, cookie)
    ctx.log(`ssr: ${search} (${matches} matches, 100 results), warm-up ${WARMUP_S} s each`)
    await cannon(`${server.url}${search}`, cookie, WARMUP_S)
    await cannon(`${server.url}/no-permission`, cookie, WARMUP_S)
    ctx.log(`ssr: measuring ${DURATION_S} s each at ${CONNECTIONS} connections`)
    const shell = await measure(
      server.url,
      cookie,
      'shell (/no-permission)',
      '/no-permission',
      403,
      server.child.pid,
    )
    const found = await measure(server.url, cookie, 'search, 100 results', search, 200, server.child.pid)
    const ratio = found.rps / shell.rps
    const rows = [shell, found].map(
      (f) =>
        `| ${f.label} | \`${f.path}\` | ${f.rps.toFixed(0)} | ${f.p50} ms | ${f.p99} ms | ${f.requests} | ${f.statuses} | ${f.errors} | ${f.cpuMs === null ? 'n/a' : `${f.cpuMs.toFixed(1)} ms`} |`,
    )
    const markdown = [
      `Production build (\`server.ts\` as a child process, NODE_ENV=production) on the bench PostgreSQL ` +
        `(${ctx.records.toLocaleString('en')} bulk SVN), signed in as ${CLERK}; autocannon, ${CONNECTIONS} ` +
        `connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per page, the shell first. The search ` +
        `(\`${search}\`, ${matches} matches: the name prefix with the fewest matches that still fills the ` +
        `register's 100 rows) fetches 100 results and renders page 1 of 7 (15 rows, spec §5).`,
      '',
      '| page | path | req/s | p50 | p99 | requests | statuses | errors | server CPU / request |',
      '| ---- | ---- | ----: | --: | --: | -------: | -------- | -----: | -------------------: |',
      ...rows,
      '',
      `Search / shell throughput: **${ratio.toFixed(2)}**. The shell page answers 403 by design (a ` +
        `signed-in user without the authority); any other status, and any socket error or timeout, ` +
        `counts as an error. By Little's law the mean latency at ${CONNECTIONS} connections is ` +
        `${CONNECTIONS} / throughput (here ${((CONNECTIONS / found.rps) * 1000).toFixed(0)} ms for the search ` +
        `page): a p99 under 100 ms needs more than ${CONNECTIONS / 0.1} pages a second, i.e. under ` +
        `${(1000 / (CONNECTIONS / 0.1)).toFixed(0)} ms of CPU per page in the one Node process.`,
    ].join('\n')
    const clean = found.errors + found.unexpected + shell.errors + shell.unexpected === 0
    return [
      {
        id: 'ssr',
        title: 'SSR throughput: search page vs shell page',
        markdown,
        budgets: [
          {
            name: 'SSR search / shell throughput (50 connections)',
            goal: '≥ 0.70',
            measured: ratio.toFixed(2),
            met: ratio >= 0.7 && clean,
            ...(!clean
              ? { note: 'errors or unexpected statuses' }
              : ratio < 0.7
                ? {
                    note: 'the register call (in-process, ADR 513), its queries and the render share the cores (ADR 512)',
                  }
                : {}),
          },
          {
            name: 'SSR search page p99 (50 connections)',
            goal: '< 100 ms',
            measured: `${found.p99} ms`,
            met: found.p99 < 100 && clean,
            ...(found.p99 < 100
              ? {}
              : { note: `50 connections on one Node process: p50 ≈ 50 / throughput (ADR 512)` }),
          },
        ],
      },
    ]
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
