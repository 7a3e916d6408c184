/**
 * Cold start (issue 9, ADR 512): from spawning `server.ts` (production build) to the first 200 of
 * /healthz, of the login page and to the first server-rendered portal page; median of 3 starts, on the
 * bench PostgreSQL and on a fresh PGlite data directory (which also migrates and seeds on start).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServerProcess } from '../server/testing/process.ts'
import type { BenchContext, BenchModule, BenchSection } from './lib/report.ts'

const STARTS = 3

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
  const server = await startServerProcess({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) })
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
  const rows = runs.map(({ label, starts }) => {
    const m = (key: keyof Start) => seconds(median(starts.map((s) => s[key])))
    return `| ${label} | ${m('healthz')} | ${m('login')} | ${m('page')} | ${starts.map((s) => seconds(s.page)).join(', ')} |`
  })
  const markdown = [
    `\`node --import tsx server.ts\` (NODE_ENV=production, production build) spawned ${STARTS} times per ` +
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
  ].join('\n')
  return [{ id: 'cold-start', title: 'Cold start to the first 200', markdown, budgets: [] }]
}
