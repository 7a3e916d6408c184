/**
 * SSR throughput (issue 9 and 18, ADR 512, 520, 526): the real server (production build) on the bench
 * database, one signed-in clerk, 50 connections (wrk, or autocannon without it: bench/lib/http-load.ts)
 * on the search page with 100 results and on the shell-only /no-permission page, and in the same run
 * the bare React Router page of bench/bare (one route, a 15-row table, `react-router-serve`): every
 * figure is a ratio to it. Beside it, our markup in the bare app (ADR 532), the bare app on every core
 * and the bare app in our route table (ADR 541). Then the search's latency at a fixed offered rate, as
 * clerks load it.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { SEARCH_LIMIT } from '../domain/svn/search-rows.ts'
import { freePort, loginOverHttp, startServerProcess } from '../server/testing/process.ts'
import portalRoutes from '../app/routes.ts'
import type { BareTable } from './bare/table.ts'
import { BARE, BARE_MARKUP, bareBuild, buildBare } from './lib/bare.ts'
import { postgresCpuMs, selfAndReapedCpuMs, treeCpuMs } from './lib/cpu.ts'
import { httpLoad, loadTool, provideWrk } from './lib/http-load.ts'
import { bodyMarkup, countElements, type MarkupNode } from './lib/markup.ts'
import type { BenchContext, BenchModule, BenchSection } from './lib/report.ts'

const CONNECTIONS = 50
/** The portal's routes, layouts included (app/routes.ts): what React Router walks on every request. */
const routeCount = (function count(entries: typeof portalRoutes): number {
  return entries.reduce((n, e) => n + 1 + count(e.children ?? []), 0)
})(portalRoutes)
/**
 * The offered rate of the latency row: 50 clerks each sending a search every second, far more than
 * "dozens of searches an hour" each (issue 18), so the row is what a clerk waits at a busy moment;
 * the closed loop above measures throughput, where by Little's law latency = 50 / throughput.
 */
const OFFERED_RATE = Number(process.env.BENCH_SSR_RATE ?? 50)
const RATE_SECONDS = Number(process.env.BENCH_SSR_RATE_SECONDS ?? 20)
/** Seconds per page in each round; the pages take turns, round after round (below). */
const DURATION_S = Number(process.env.BENCH_SSR_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_SSR_ROUNDS ?? 3)
/** Warm-up (ADR 543): slices of WARMUP_S until one answers within WARMUP_STEADY of the one before. */
const WARMUP_S = 5
const WARMUP_STEADY = 0.05
const WARMUP_MAX_SLICES = 8
/**
 * Before each measured turn, REWARM_S of unmeasured load (ADR 543): a server idle for the other pages'
 * turns (80 s) came back slow — a search on 2 workers cost 7.4 ms of CPU in the first 3 s, 5.3 ms after
 * 9 s, against 4.4 ms before — and the more workers, the fewer requests each gets to recover.
 */
const REWARM_S = Number(process.env.BENCH_SSR_REWARM_SECONDS ?? 5)
const CLERK = 'clerk@alpina.example'
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The yardstick: bench/bare (built by the caller, with this checkout's react-router) served by
 * `react-router-serve` (@react-router/serve, same version) on the same Node; with `workers`, in that
 * many node:cluster workers on one port (bench/lib/bare-cluster.ts), as WEB_CONCURRENCY runs ours;
 * with `table: 'portal'`, the build in the portal's route table (ADR 541).
 */
async function startBare({
  workers,
  table = 'yardstick',
}: { workers?: number; table?: BareTable } = {}): Promise<{
  url: string
  pid: number | undefined
  stop(): Promise<void>
}> {
  const port = await freePort()
  const build = path.join(bareBuild(table), 'server/index.js')
  const args =
    workers === undefined
      ? [path.join(root, 'node_modules/@react-router/serve/bin.js'), build]
      : ['--import', 'tsx', path.join(root, 'bench/lib/bare-cluster.ts'), build, String(workers)]
  const child = spawn(process.execPath, args, {
    cwd: BARE,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: 'ignore',
  })
  const url = `http://localhost:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`react-router-serve exited (${child.exitCode})`)
    try {
      if ((await fetch(url)).status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Cluster workers exit on their own once their primary's IPC channel closes.
      child.kill('SIGKILL')
      throw new Error('react-router-serve not ready within 30 s')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/**
 * ADR 532: the body of the shell and of the search page as the clerk gets them, written for the bare
 * app's markup route, which renders each back as host elements; returns their element counts.
 */
async function captureMarkup(base: string, cookie: string, search: string): Promise<Record<string, number>> {
  const pages: Record<string, MarkupNode[]> = {}
  for (const [name, pagePath, status] of [
    ['shell', '/no-permission', 403],
    ['search', search, 200],
  ] as const) {
    const res = await fetch(`${base}${pagePath}`, {
      headers: { cookie, 'accept-language': 'de' },
      redirect: 'manual',
    })
    if (res.status !== status) throw new Error(`markup: ${pagePath} answered ${res.status}, not ${status}`)
    pages[name] = bodyMarkup(await res.text())
  }
  writeFileSync(BARE_MARKUP, JSON.stringify(pages))
  return Object.fromEntries(Object.entries(pages).map(([name, nodes]) => [name, countElements(nodes)]))
}

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
  /** CPU time per request (Linux /proc, null elsewhere) of the server with its workers, of PostgreSQL
   * and of the load generator (wrk, or this process for the open loop). */
  cpuMs: number | null
  postgresMs: number | null
  loadMs: number | null
}

/** A page the bench loads: where, as whom, the status it answers with, and the server process to read. */
interface Page {
  label: string
  base: string
  path: string
  cookie: string
  status: number
  pid: number | undefined
}

const load = (page: Page, seconds: number, rate?: number) =>
  httpLoad({
    url: `${page.base}${page.path}`,
    headers: { cookie: page.cookie, 'accept-language': 'de' },
    connections: CONNECTIONS,
    seconds,
    ...(rate === undefined ? {} : { rate }),
  })

/**
 * Load until the page's throughput holds (ADR 543). V8 optimises a server's code as it runs: one worker
 * of ours took about 15 s at 50 connections before a search cost its steady 4.1 ms of CPU (7.6 ms in the
 * first 5 s), and each of N workers warms up on its own, on its share of the requests. Slices of
 * WARMUP_S seconds until one answers within WARMUP_STEADY of the one before; returns the seconds spent.
 */
async function warmUp(page: Page): Promise<number> {
  let previous = (await load(page, WARMUP_S)).rps
  for (let slice = 2; slice <= WARMUP_MAX_SLICES; slice++) {
    const rps = (await load(page, WARMUP_S)).rps
    if (Math.abs(rps - previous) <= WARMUP_STEADY * previous) return slice * WARMUP_S
    previous = rps
  }
  return WARMUP_MAX_SLICES * WARMUP_S
}

async function measure(page: Page, rate?: number): Promise<Figures> {
  if (REWARM_S > 0) await load(page, REWARM_S)
  // CPU of the server's process tree, of PostgreSQL and of the load generator.
  const readers = [() => treeCpuMs(page.pid), postgresCpuMs, selfAndReapedCpuMs]
  const before = readers.map((read) => read())
  const r = await load(page, rate === undefined ? DURATION_S : RATE_SECONDS, rate)
  const [cpuMs = null, postgresMs = null, loadMs = null] = readers.map((read, i) => {
    const after = read()
    const start = before[i] ?? null
    return after === null || start === null ? null : (after - start) / r.requests
  })
  const counts = Object.entries(r.statuses)
  return {
    label: page.label,
    path: page.path,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    errors: r.errors,
    unexpected: counts.filter(([code]) => Number(code) !== page.status).reduce((sum, [, n]) => sum + n, 0),
    statuses: counts.map(([code, n]) => `${code}: ${n}`).join(', '),
    requests: r.requests,
    cpuMs,
    postgresMs,
    loadMs,
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

const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} ms`)
const row = (f: Figures) =>
  `| ${f.label} | \`${f.path}\` | ${f.rps.toFixed(0)} | ${f.p50} ms | ${f.p99} ms | ${f.requests} | ${f.statuses} | ${f.errors} | ${ms(f.cpuMs)} | ${ms(f.postgresMs)} | ${ms(f.loadMs)} |`
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** One page's rounds as one row: mean req/s, median latencies, all requests, errors and statuses. */
function combine(all: Figures[]): Figures {
  const first = all[0]!
  const statuses = new Map<string, number>()
  for (const f of all)
    for (const part of f.statuses.split(', ').filter(Boolean)) {
      const [code, n] = part.split(': ')
      statuses.set(code!, (statuses.get(code!) ?? 0) + Number(n))
    }
  const medianOf = (values: Array<number | null>) =>
    values.every((c) => c !== null) ? median(values as number[]) : null
  return {
    ...first,
    rps: all.reduce((sum, f) => sum + f.rps, 0) / all.length,
    p50: median(all.map((f) => f.p50)),
    p99: median(all.map((f) => f.p99)),
    errors: all.reduce((sum, f) => sum + f.errors, 0),
    unexpected: all.reduce((sum, f) => sum + f.unexpected, 0),
    requests: all.reduce((sum, f) => sum + f.requests, 0),
    statuses: [...statuses].map(([code, n]) => `${code}: ${n}`).join(', '),
    cpuMs: medianOf(all.map((f) => f.cpuMs)),
    postgresMs: medianOf(all.map((f) => f.postgresMs)),
    loadMs: medianOf(all.map((f) => f.loadMs)),
  }
}

const clean = (...all: Figures[]) => all.every((f) => f.errors + f.unexpected === 0)

/** BENCH_SSR_PROFILE=dir: the one-worker server runs with `--cpu-prof` and writes its profile there. */
const PROFILE_DIR = process.env.BENCH_SSR_PROFILE

export const run: BenchModule = async (ctx: BenchContext): Promise<BenchSection[]> => {
  provideWrk(ctx.log)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ssr-'))
  const workersDir = mkdtempSync(path.join(tmpdir(), 'bench-ssr-workers-'))
  const server = await startServerProcess({
    dataDir,
    databaseUrl: ctx.pgUrl,
    env: { WEB_CONCURRENCY: '1' },
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
  })
  const cores = os.availableParallelism()
  let workers: Awaited<ReturnType<typeof startServerProcess>> | undefined
  let bare: Awaited<ReturnType<typeof startBare>> | undefined
  let bareMany: typeof bare
  let bareRoutes: typeof bare
  try {
    const jar = await loginOverHttp(server.url, CLERK, 'demo')
    const cookie = jar.header(server.url)
    const { path: search, matches } = await searchPath(ctx, server.url, cookie)
    const elements = await captureMarkup(server.url, cookie, search)
    buildBare()
    buildBare('portal')
    bare = await startBare()
    bareMany = await startBare({ workers: cores })
    bareRoutes = await startBare({ table: 'portal' })
    // Item 3 of issue 18: the same search on WEB_CONCURRENCY workers (ADR 522), against the one worker.
    // Started now and idle until its turn, so every round measures all four side by side.
    workers = await startServerProcess({
      dataDir: workersDir,
      databaseUrl: ctx.pgUrl,
      env: { WEB_CONCURRENCY: String(cores) },
    })
    // /healthz answers once the first worker listens; the others start after it (ADR 522).
    const server2 = workers
    for (let i = 0; i < 1200 && (server2.output().match(/ready in .* \(worker/g) ?? []).length < cores; i++)
      await new Promise((r) => setTimeout(r, 100))
    const workerCookie = (await loginOverHttp(workers.url, CLERK, 'demo')).header(workers.url)

    const page = (
      label: string,
      base: string,
      pagePath: string,
      pid: number | undefined,
      cookie = '',
      status = 200,
    ): Page => ({ label, base, path: pagePath, cookie, status, pid })
    // The nine pages, in the order they take turns in every round.
    const pages = {
      bare: page('bare React Router page', bare.url, '/', bare.pid),
      bareMany: page(`bare page, ${cores} workers`, bareMany.url, '/', bareMany.pid),
      markupShell: page(
        `bare app, the shell's markup (${elements.shell} elements)`,
        bare.url,
        '/markup/shell',
        bare.pid,
      ),
      markupFound: page(
        `bare app, the search's markup (${elements.search} elements)`,
        bare.url,
        '/markup/search',
        bare.pid,
      ),
      routes: page(
        `bare page in our route table (${routeCount} routes)`,
        bareRoutes.url,
        '/',
        bareRoutes.pid,
      ),
      routesShell: page(
        "the shell's markup in our route table",
        bareRoutes.url,
        '/markup/shell',
        bareRoutes.pid,
      ),
      shell: page('shell (/no-permission)', server.url, '/no-permission', server.child.pid, cookie, 403),
      found: page('search, 100 results', server.url, search, server.child.pid, cookie),
      many: page(`search, ${cores} workers`, workers.url, search, workers.child.pid, workerCookie),
    }
    const keys = Object.keys(pages) as Array<keyof typeof pages>

    ctx.log(`ssr: ${search} (${matches} matches, 100 results), warm-up until each page's throughput holds`)
    const warmed: string[] = []
    for (const key of keys) warmed.push(`${pages[key].label}: ${await warmUp(pages[key])} s`)
    ctx.log(`ssr: warm-up ${warmed.join('; ')}`)
    // The machine's speed drifts (a shared 2-core VM): the pages take turns for DURATION_S each,
    // ROUNDS times, and each ratio is the median of the rounds' ratios (as farm-style pairs do).
    ctx.log(
      `ssr: ${ROUNDS} rounds of ${DURATION_S} s per page at ${CONNECTIONS} connections (${loadTool()}), load ${os.loadavg()[0]}`,
    )
    const rounds: Array<Record<keyof typeof pages, Figures>> = []
    for (let r = 0; r < ROUNDS; r++) {
      const round = {} as Record<keyof typeof pages, Figures>
      for (const key of keys) round[key] = await measure(pages[key])
      rounds.push(round)
    }
    // Latency as clerks meet it: the same 50 connections, OFFERED_RATE searches a second in all.
    ctx.log(`ssr: search at ${OFFERED_RATE} req/s offered, ${RATE_SECONDS} s on one worker and on ${cores}`)
    const offered = `${OFFERED_RATE} req/s offered`
    const paced = await measure({ ...pages.found, label: `search, ${offered}` }, OFFERED_RATE)
    const pacedMany = await measure(
      { ...pages.many, label: `search, ${offered}, ${cores} workers` },
      OFFERED_RATE,
    )
    const combined = (key: keyof typeof pages) => combine(rounds.map((r) => r[key]))
    const barePage = combined('bare')
    const shell = combined('shell')
    const found = combined('found')
    const many = combined('many')
    const bareManyPage = combined('bareMany')
    const markupShell = combined('markupShell')
    const markupFound = combined('markupFound')
    const routes = combined('routes')
    const routesShell = combined('routesShell')
    const perRound = (f: (r: (typeof rounds)[number]) => number) => rounds.map(f)
    const shellRatios = perRound((r) => r.shell.rps / r.bare.rps)
    const ratios = perRound((r) => r.found.rps / r.shell.rps)
    const scales = perRound((r) => r.many.rps / r.found.rps)
    const bareScales = perRound((r) => r.bareMany.rps / r.bare.rps)
    const markupRatios = perRound((r) => r.markupFound.rps / r.markupShell.rps)
    const routesRatios = perRound((r) => r.routes.rps / r.bare.rps)
    const routesShellRatios = perRound((r) => r.routesShell.rps / r.bare.rps)
    const ownRatios = perRound((r) => r.shell.rps / r.routesShell.rps)
    const routesRatio = median(routesRatios)
    const routesShellRatio = median(routesShellRatios)
    const ownRatio = median(ownRatios)
    const bareScale = median(bareScales)
    const markupRatio = median(markupRatios)
    const shellRatio = median(shellRatios)
    const ratio = median(ratios)
    const scale = median(scales)
    // What the cores allow: at most `cores` seconds of CPU per second, spent per request by all three.
    const spent = [many.cpuMs, many.postgresMs, many.loadMs]
    const ceiling = spent.every((v) => v !== null)
      ? (cores * 1000) / (spent as number[]).reduce((sum, v) => sum + v, 0)
      : null
    const ceilingText =
      ceiling === null
        ? ''
        : `On ${cores} workers a search took ${spent.map((v) => v!.toFixed(1)).join(' + ')} ms of CPU ` +
          `(server, PostgreSQL, load generator): ${cores} cores hold at most ${ceiling.toFixed(0)} such ` +
          `requests a second, **${(ceiling / found.rps).toFixed(2)}×** what one worker answered.`
    const roundsText = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ')
    const loadEnd = os.loadavg()[0]?.toFixed(2)
    const markdown = [
      `Production build (\`server.ts\` as a child process, NODE_ENV=production, WEB_CONCURRENCY=1) on the ` +
        `bench PostgreSQL (${ctx.records.toLocaleString('en')} bulk SVN), signed in as ${CLERK}; ${loadTool()} ` +
        `(bench/lib/http-load.ts), ${CONNECTIONS} connections, each page warmed up until its throughput holds (slices of ${WARMUP_S} s until one is within ${WARMUP_STEADY * 100} % of the one before; ${warmed.join('; ')}), then ${ROUNDS} rounds in which the nine take ` +
        `turns for ${DURATION_S} s each, each turn after ${REWARM_S} s of unmeasured load, since a server idle during the others' turns comes back slower (ADR 543). The machine's speed drifts: each ratio is the median of the ` +
        `rounds' ratios, req/s the mean, p50/p99 the median of the rounds. The yardstick: ` +
        `\`bench/bare\` (React Router 7 framework mode, one route whose ` +
        `loader returns 15 rows rendered as a table, production build of the same react-router, served by ` +
        `\`react-router-serve\` of @react-router/serve on the same Node), also in ${cores} node:cluster ` +
        `workers; and its second route, which renders the <body> of our shell and of our search page, ` +
        `captured in this run, back as plain elements (ADR 532): React DOM and React Router alone for ` +
        `the same markup, without our components, loaders, session or register call; and the same app ` +
        `built in our route table (app/routes.ts with a stub module for each of its ${routeCount} routes, ` +
        `ADR 541), serving the bare page and the shell's markup: React Router walks every route on ` +
        `every request, so this is what our number of routes costs in it. The search (\`${search}\`, ` +
        `${matches} matches: the name prefix with the fewest matches that still fills the register's 100 ` +
        `rows) fetches 100 results and renders page 1 of 7 (15 rows, spec §5); and the search on a second ` +
        `server with WEB_CONCURRENCY=${cores} (one worker per core, node:cluster, ADR 522). Last, the ` +
        `search at ${OFFERED_RATE} req/s offered over the same ${CONNECTIONS} connections for ` +
        `${RATE_SECONDS} s (open loop: arrivals at random moments, latency counted from when each was due) ` +
        `on each server: the latency a clerk meets at a busy ` +
        `moment, which the closed loop cannot show (there latency = ${CONNECTIONS} / throughput).`,
      '',
      '| page | path | req/s | p50 | p99 | requests | statuses | errors | server CPU / request | PostgreSQL CPU / request | load generator CPU / request |',
      '| ---- | ---- | ----: | --: | --: | -------: | -------- | -----: | -------------------: | -----------------------: | ---------------------------: |',
      ...[
        barePage,
        bareManyPage,
        markupShell,
        markupFound,
        routes,
        routesShell,
        shell,
        found,
        many,
        paced,
        pacedMany,
      ].map(row),
      '',
      `- Shell / bare page: **${shellRatio.toFixed(2)}**; search / bare page: ` +
        `**${(found.rps / barePage.rps).toFixed(2)}**; search / shell: **${ratio.toFixed(2)}**; ` +
        `search on ${cores} workers / one worker: **${scale.toFixed(2)}** (medians; by round: shell / bare ` +
        `${roundsText(shellRatios)}; search / shell ${roundsText(ratios)}; workers ${roundsText(scales)}).`,
      `- The same markup in the bare app: search / shell **${markupRatio.toFixed(2)}** (by round ` +
        `${roundsText(markupRatios)}), the shell's markup / the bare page (mean req/s) ` +
        `**${(markupShell.rps / barePage.rps).toFixed(2)}**; the bare page on ${cores} workers / one: ` +
        `**${bareScale.toFixed(2)}** (by round ${roundsText(bareScales)}). What React DOM, React Router and ` +
        'this machine allow with none of our code; the distance from these to the ratios above is ours ' +
        '(session, texts, middleware, loaders, the register call, components).',
      `- In our route table (${routeCount} routes, stub modules): the bare page at **${routesRatio.toFixed(2)}** ` +
        `of the bare page (by round ${roundsText(routesRatios)}), the shell's markup at ` +
        `**${routesShellRatio.toFixed(2)}** (by round ${roundsText(routesShellRatios)}): React Router's work ` +
        `over our routes, with none of our code. Our shell / the shell's markup in our route table: ` +
        `**${ownRatio.toFixed(2)}** (by round ${roundsText(ownRatios)}): what our own per-request work ` +
        '(session, texts, middleware, loaders, components) leaves of it.',
      `- Load average (1 min) ${os.loadavg()[0] === undefined ? '?' : loadEnd} at the end on ${cores} cores: ` +
        'the machine is shared, so absolute req/s vary from run to run; the ratios are measured side by side.',
      `- CPU per request (Linux /proc, median of the rounds): the server with its workers; PostgreSQL, ` +
        'every `postgres` process of this machine with the backends that ended; the load generator, ' +
        `${loadTool()} (the open loop runs in the bench process). ${ceilingText}`,
      '- The shell page answers 403 by design (a signed-in user without the authority); any other ' +
        "status, and any socket error or timeout, counts as an error. By Little's law the mean latency " +
        `at ${CONNECTIONS} connections is ${CONNECTIONS} / throughput.`,
    ].join('\n')
    // Each budget counts the errors of the pages it compares.
    const budget = (
      name: string,
      goal: string,
      measured: string,
      met: boolean,
      note: string,
      pages: Figures[],
    ) => {
      const ok = clean(...pages)
      return {
        name,
        goal,
        measured,
        met: met && ok,
        ...(ok
          ? met
            ? {}
            : { note }
          : {
              note: `${pages.reduce((n, f) => n + f.errors, 0)} socket errors or timeouts, ${pages.reduce((n, f) => n + f.unexpected, 0)} unexpected statuses; load average in the section`,
            }),
      }
    }
    return [
      {
        id: 'ssr',
        title: 'SSR throughput: bare page, shell page, search page, workers',
        markdown,
        budgets: [
          budget(
            'SSR shell / bare React Router page (50 connections)',
            '≥ 0.50',
            `${shellRatio.toFixed(2)} (${shell.rps.toFixed(0)} vs ${barePage.rps.toFixed(0)} req/s)`,
            shellRatio >= 0.5,
            `React Router over our ${routeCount} routes with stub modules serves the shell's markup at ` +
              `${routesShellRatio.toFixed(2)} of the bare page (ADR 541); our shell / that: ` +
              `${ownRatio.toFixed(2)}, our own per-request work (ADR 532)`,
            [barePage, shell, routesShell],
          ),
          budget(
            'SSR search / shell throughput (50 connections)',
            '≥ 0.70',
            `${ratio.toFixed(2)} (${found.rps.toFixed(0)} vs ${shell.rps.toFixed(0)} req/s)`,
            ratio >= 0.7,
            markupRatio < 0.7
              ? `the bare app renders the same markup at ${markupRatio.toFixed(2)}: below the goal with none of our code (ADR 532)`
              : `the bare app renders the same markup at ${markupRatio.toFixed(2)}: the rest is our per-request work (ADR 532)`,
            [shell, found, markupShell, markupFound],
          ),
          budget(
            `SSR search page p99 (50 connections, closed loop, ${cores} workers)`,
            '< 100 ms',
            `${many.p99} ms (one worker: ${found.p99} ms)`,
            many.p99 < 100,
            `by Little's law p50 ≈ 50 / throughput (${((CONNECTIONS / many.rps) * 1000).toFixed(0)} ms here)`,
            [many],
          ),
          budget(
            `SSR search page p99 (50 connections, ${OFFERED_RATE} req/s offered, ${cores} workers)`,
            '< 100 ms',
            `${pacedMany.p99} ms (one worker: ${paced.p99} ms; ${pacedMany.rps.toFixed(0)} req/s answered)`,
            pacedMany.p99 < 100,
            'load average in the section',
            [pacedMany],
          ),
          budget(
            `SSR search, ${cores} workers / one worker`,
            '≥ 1.6',
            `${scale.toFixed(2)} (${many.rps.toFixed(0)} vs ${found.rps.toFixed(0)} req/s)`,
            scale >= 1.6,
            `the bare page on ${cores} workers / one: ${bareScale.toFixed(2)} (ADR 532); one worker alone used ` +
              `${found.cpuMs === null ? '?' : ((found.rps * found.cpuMs) / 1000).toFixed(2)} cores; ` +
              `${loadTool()}, PostgreSQL and the workers share the same ${cores}` +
              (ceiling === null
                ? ''
                : `, whose CPU per search allows at most ${(ceiling / found.rps).toFixed(2)}× one worker (see the section)`),
            [found, many, barePage, bareManyPage],
          ),
        ],
      },
    ]
  } finally {
    rmSync(BARE_MARKUP, { force: true })
    await bare?.stop()
    await bareMany?.stop()
    await bareRoutes?.stop()
    await server.stop()
    await workers?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(workersDir, { recursive: true, force: true })
  }
}
