/**
 * Cold start (issue 9, ADR 512): from spawning the built server to the first 200 of /healthz, of the
 * login page and to the first server-rendered portal page; median of 3 starts, on the bench PostgreSQL
 * and on a fresh PGlite data directory (which also migrates and seeds on start). Then the built server
 * against `server.ts` through tsx (issue 22 item 3, ADR 960): spawn to /readyz and RSS at that moment,
 * started in pairs, side by side in one run, as ratios.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServerProcess } from '../server/testing/process.ts'
import type { BenchContext, BenchModule, BenchSection } from './lib/report.ts'

const STARTS = 3
/** Pairs of starts, built against tsx, after one uncounted start of each. */
const PAIRS = 5
/** A busy shared machine can take minutes for a fresh PGlite start; a slow start is a figure, not a failure. */
const START_TIMEOUT_MS = 300_000

interface Start {
  healthz: number
  login: number
  page: number
}

/** GET /login and its redirects until the IdP's login form answers 200. */
async function loginPage(url: string): Promise<void> {
  let next = `${url}/login`
  const cookies: string[] = []
  for (let i = 0; i < 10; i++) {
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookies.join('; ') } })
    for (const c of res.headers.getSetCookie()) cookies.push(c.split(';')[0]!)
    await res.arrayBuffer()
    if (res.status === 200) return
    const location = res.headers.get('location')
    if (!location) throw new Error(`login page: ${next} answered ${res.status}`)
    next = new URL(location, next).href
  }
  throw new Error('login page: too many redirects')
}

async function start(dataDir: string, databaseUrl: string | undefined): Promise<Start> {
  const server = await startServerProcess({
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    timeoutMs: START_TIMEOUT_MS,
  })
  try {
    // readyMs counts from the spawn (polling /healthz every 100 ms); the pages are asked right after.
    let t = performance.now()
    await loginPage(server.url)
    const login = server.readyMs + (performance.now() - t)
    t = performance.now()
    // The first React render: /404 is a full portal page (shell, translations) that needs no login.
    const res = await fetch(`${server.url}/404`)
    const html = await res.text()
    if (res.status !== 404 || !html.includes('<html')) throw new Error(`/404 answered ${res.status}`)
    const page = login + (performance.now() - t)
    return { healthz: server.readyMs, login, page }
  } finally {
    await server.stop()
  }
}

interface LoaderStart {
  readyMs: number
  rssMb: number
}

/** Resident memory of a process now, from /proc (Linux). */
function rssMb(pid: number | undefined): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`)
  return Number(kb) / 1024
}

/** One start to the first 200 of /readyz (database reachable, migrations all applied), then stop. */
async function loaderStart(
  entry: 'built' | 'source',
  dataDir: string,
  databaseUrl: string,
): Promise<LoaderStart> {
  const server = await startServerProcess({
    dataDir,
    databaseUrl,
    entry,
    readyPath: '/readyz',
    pollMs: 10,
    timeoutMs: START_TIMEOUT_MS,
  })
  try {
    return { readyMs: server.readyMs, rssMb: rssMb(server.child.pid) }
  } finally {
    await server.stop()
  }
}

/** Built and tsx in pairs on one data directory and the bench PostgreSQL, alternating which goes first. */
async function loaderPairs(ctx: BenchContext): Promise<Array<{ built: LoaderStart; source: LoaderStart }>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-loader-'))
  try {
    // Uncounted: the first start of each fills the page cache (and tsx's transform cache).
    await loaderStart('source', dataDir, ctx.pgUrl)
    await loaderStart('built', dataDir, ctx.pgUrl)
    const pairs: Array<{ built: LoaderStart; source: LoaderStart }> = []
    for (let i = 0; i < PAIRS; i++) {
      const first = i % 2 === 0 ? 'built' : 'source'
      const a = await loaderStart(first, dataDir, ctx.pgUrl)
      const b = await loaderStart(first === 'built' ? 'source' : 'built', dataDir, ctx.pgUrl)
      const pair = first === 'built' ? { built: a, source: b } : { built: b, source: a }
      pairs.push(pair)
      ctx.log(
        `built vs tsx #${i + 1}: /readyz ${seconds(pair.built.readyMs)} vs ${seconds(pair.source.readyMs)}, ` +
          `RSS ${pair.built.rssMb.toFixed(0)} vs ${pair.source.rssMb.toFixed(0)} MB`,
      )
    }
    return pairs
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

export const run: BenchModule = async (ctx: BenchContext): Promise<BenchSection[]> => {
  const runs: Array<{ label: string; starts: Start[] }> = [
    { label: 'PostgreSQL (bench database)', starts: [] },
    { label: 'PGlite, fresh DATA_DIR', starts: [] },
    { label: 'PGlite, restart on that DATA_DIR', starts: [] },
  ]
  const [pg, fresh, restart] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]]
  for (let i = 0; i < STARTS; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cold-'))
    try {
      pg.starts.push(await start(dataDir, ctx.pgUrl))
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    const pgliteDir = mkdtempSync(path.join(tmpdir(), 'bench-cold-'))
    try {
      fresh.starts.push(await start(pgliteDir, undefined))
      restart.starts.push(await start(pgliteDir, undefined))
    } finally {
      rmSync(pgliteDir, { recursive: true, force: true })
    }
    ctx.log(
      `cold start #${i + 1}: ${runs.map((r) => `${r.label} ${seconds(r.starts.at(-1)!.page)}`).join('; ')}`,
    )
  }
  const pairs = await loaderPairs(ctx)
  const rows = runs.map(({ label, starts }) => {
    const m = (key: keyof Start) => seconds(median(starts.map((s) => s[key])))
    return `| ${label} | ${m('healthz')} | ${m('login')} | ${m('page')} | ${starts.map((s) => seconds(s.page)).join(', ')} |`
  })
  const markdown = [
    `\`node build/server/server.js\` (NODE_ENV=production, \`npm run build\`) spawned ${STARTS} times per ` +
      `row, each time with a fresh temporary DATA_DIR except in the restart row; medians. Times count from the spawn: /healthz is polled every ` +
      `100 ms; the login page (\`/login\` → IdP → its login form, 200) and the first server-rendered ` +
      `portal page (\`/404\`, the full shell; it answers 404 by design) are asked right after. A fresh ` +
      `PGlite directory also creates the database, runs the migrations and seeds the demo data (DEMO=true) ` +
      `before listening; the restart row starts again on the directory the fresh start left. The issue ` +
      `sets no goal for cold start, so there is no budget row.`,
    '',
    '| database | /healthz 200 | login page 200 | first portal page | first page, each start |',
    '| -------- | -----------: | -------------: | ----------------: | ---------------------- |',
    ...rows,
    '',
    ...loaderTable(pairs),
  ].join('\n')
  return [{ id: 'cold-start', title: 'Cold start to the first 200', markdown, budgets: [] }]
}

/** The built server against tsx: medians of each and the median of the pair-by-pair ratios. */
function loaderTable(pairs: Array<{ built: LoaderStart; source: LoaderStart }>): string[] {
  const row = (figure: string, of: (s: LoaderStart) => number, show: (v: number) => string) => {
    const ratios = pairs.map((p) => of(p.built) / of(p.source))
    const x = (r: number) => `${r.toFixed(2)}×`
    const built = show(median(pairs.map((p) => of(p.built))))
    const source = show(median(pairs.map((p) => of(p.source))))
    const spread = `${x(Math.min(...ratios))} – ${x(Math.max(...ratios))}`
    return `| ${figure} | ${source} | ${built} | ${x(median(ratios))} | ${spread} |`
  }
  const mb = (v: number) => `${v.toFixed(0)} MB`
  return [
    `**Built server against the TypeScript loader** (issue 22 item 3, ADR 960): \`node build/server/server.js\` ` +
      `and \`node --import tsx server.ts\` (as production ran before) started in ${PAIRS} pairs in this run, which ` +
      `of the two goes first alternating, after one uncounted start of each; the bench PostgreSQL and one ` +
      `DATA_DIR, NODE_ENV=production, WEB_CONCURRENCY=1. Spawn to the first 200 of \`/readyz\` (database ` +
      `reachable, every migration applied), polled every 10 ms; RSS of the server process (\`VmRSS\`) at ` +
      `that moment. The ratio is built / tsx, taken pair by pair; its median and its range.`,
    '',
    '| figure | tsx | built | built / tsx (median) | range of the pairs |',
    '| ------ | --: | ----: | -------------------: | ------------------ |',
    row('spawn to /readyz 200', (s) => s.readyMs, seconds),
    row('RSS at ready', (s) => s.rssMb, mb),
  ]
}
