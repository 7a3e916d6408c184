/**
 * `npm run bench [-- --svn N] [--only id,id]` (ADR 503): records the machine, creates a fresh PostgreSQL
 * database (BENCH_DATABASE_NAME, default svn_bench, beside TEST_DATABASE_URL), seeds the demo and N bulk
 * SVN, runs every bench module in order and writes docs/benchmarks.md. With --only, the named modules'
 * sections replace theirs between the `<!-- bench:ID -->` markers and the rest of the file stays.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import { format, resolveConfig } from 'prettier'
import { openDatabase } from '../db/client.ts'
import { zurichDay } from '../domain/svn/dates.ts'
import { progressLog, seedBulkSvn } from '../register/seed/bulk-svn.ts'
import { buildStale } from '../scripts/build-stale.js'
import { seedDemo } from '../server/seed.ts'
import type { BenchContext, BenchModule, BenchSection, Budget } from './lib/report.ts'

/**
 * The modules in the order they run; each line: id, its file (which exports `run`), and `built` when it
 * measures or starts the production build (built first from these sources where missing or older).
 */
const MODULES: { id: string; load: () => Promise<{ run: BenchModule }>; built?: true }[] = [
  { id: 'search', load: () => import('./search.ts') },
  { id: 'files', load: () => import('./files.ts') },
  { id: 'import', load: () => import('./import.ts') },
  // perf-client
  { id: 'bundles', load: () => import('./bundles.ts'), built: true },
  { id: 'ssr', load: () => import('./ssr.ts'), built: true },
  { id: 'cold-start', load: () => import('./cold-start.ts'), built: true },
  // ops-deploy
  { id: 'load', load: () => import('./load.ts'), built: true },
  { id: 'telemetry', load: () => import('./telemetry.ts'), built: true },
  // ── Further modules: one line each, { id, load: () => import('./x.ts') } (exports `run: BenchModule`).
]

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const OUTPUT = path.join(root, 'docs/benchmarks.md')

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1] : undefined
}

const records = Number(argument('--svn') ?? 1_000_000)
if (!Number.isInteger(records) || records < 0) throw new Error('--svn needs a whole number of records')
/** --reuse: keep the bench database (and the search module's PGlite copy) when it already holds N SVN. */
const reuse = process.argv.includes('--reuse')
const only = argument('--only')
  ?.split(',')
  .map((id) => id.trim())
const unknown = only?.filter((id) => !MODULES.some((m) => m.id === id)) ?? []
if (unknown.length) throw new Error(`unknown bench module(s): ${unknown.join(', ')}`)
const selected = MODULES.filter((m) => !only || only.includes(m.id))
const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.replace(/ -- $/, '')

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://127.0.0.1/test'
const databaseName = process.env.BENCH_DATABASE_NAME || 'svn_bench'
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName))
  throw new Error('BENCH_DATABASE_NAME: lower-case letters, digits, _')
const pgUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString()

const started = Date.now()
const log = (message: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`)

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')

interface Machine {
  cpu: string
  cores: number
  memoryGb: number
  node: string
  postgres: string
  loadStart: string
  loadEnd?: string
  date: string
  commit: string
}

async function machine(): Promise<Machine> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await admin<{ server_version: string }[]>`show server_version`
    const dirty = git('status', '--porcelain') ? ' (uncommitted changes)' : ''
    return {
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
      cores: os.availableParallelism(),
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      postgres: row?.server_version ?? 'unknown',
      loadStart: loadAverage(),
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: `${git('rev-parse', '--short', 'HEAD')} (${git('rev-parse', '--abbrev-ref', 'HEAD')})${dirty}`,
    }
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** The bulk SVN count of an existing bench database, or undefined when there is none. */
async function existingRecords(): Promise<number | undefined> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${databaseName}`
    if (!exists) return undefined
  } finally {
    await admin.end({ timeout: 5 })
  }
  const bench = postgres(pgUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await bench<{ n: number }[]>`select count(*)::int as n from svn`
    return row?.n
  } catch {
    return undefined
  } finally {
    await bench.end({ timeout: 5 })
  }
}

/** A fresh database with the demo (IdP accounts) and N bulk SVN, analyzed. */
async function prepareDatabase(): Promise<number> {
  if (reuse) {
    const count = await existingRecords()
    // The demo adds about 2 000 SVN to the bulk ones.
    if (count !== undefined && count >= records && count <= records + 10_000) {
      // Opening migrates: a new migration reaches the kept database.
      const handle = await openDatabase({ databaseUrl: pgUrl, dataDir: '' })
      await handle.close()
      log(`--reuse: database ${databaseName} kept (${count} SVN)`)
      return 0
    }
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`)
    await admin.unsafe(`create database ${databaseName}`)
  } finally {
    await admin.end({ timeout: 5 })
  }
  const handle = await openDatabase({ databaseUrl: pgUrl, dataDir: '' })
  try {
    const seedStart = Date.now()
    await seedDemo(handle.db, { idpAccounts: true })
    log(`demo seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`)
    const bulkStart = Date.now()
    await seedBulkSvn(handle.db, {
      count: records,
      today: zurichDay(new Date()),
      onProgress: progressLog(records, log, 100_000),
    })
    return (Date.now() - bulkStart) / 1000
  } finally {
    await handle.close()
  }
}

const mark = (id: string) => [`<!-- bench:${id} -->`, `<!-- /bench:${id} -->`] as const

function sectionBlock(section: BenchSection, m: Machine): string {
  const [open, close] = mark(section.id)
  const stamp = `_${m.date}, ${m.cpu} × ${m.cores}, load ${m.loadStart}, \`${command}\`._`
  return `${open}\n## ${section.title}\n\n${stamp}\n\n${section.markdown.trim()}\n${close}`
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function budgetRows(sections: BenchSection[]): string[] {
  return sections.flatMap((s) =>
    s.budgets.map(
      (b: Budget) =>
        `| ${s.id} | ${cell(b.name)} | ${cell(b.goal)} | ${cell(b.measured)} | ${b.met ? 'met' : 'GAP'} | ${cell(b.note ?? '')} |`,
    ),
  )
}

const BUDGET_HEAD = [
  '| module | budget | goal | measured | met | note |',
  '| --- | --- | --- | --- | --- | --- |',
]

function fullDocument(sections: BenchSection[], m: Machine, seedSeconds: number): string {
  const [open, close] = mark('budgets')
  return [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` (`bench/run.ts`, ADR 503); do not edit between the `bench:` markers.',
    'How to rerun: README §Benchmarks. Sections can be refreshed alone with `npm run bench -- --only ID`.',
    '',
    `- Date: ${m.date}; command: \`${command}\`; commit ${m.commit}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB; Node ${m.node}; PostgreSQL ${m.postgres}`,
    `- Load average (1/5/15 min) at start ${m.loadStart}, at end ${m.loadEnd ?? '?'}`,
    `- Database: ${records} bulk SVN plus the demo, seeded in ${seedSeconds.toFixed(0)} s (\`npm run seed -- --svn N\`)`,
    '',
    open,
    '## Budgets',
    '',
    ...BUDGET_HEAD,
    ...budgetRows(sections),
    close,
    '',
    ...sections.map((s) => `${sectionBlock(s, m)}\n`),
  ].join('\n')
}

/** --only: swap the named sections and their budget rows; everything else in the file stays. */
function partialDocument(existing: string, sections: BenchSection[], m: Machine): string {
  let text = existing
  for (const section of sections) {
    const [open, close] = mark(section.id)
    const start = text.indexOf(open)
    const end = text.indexOf(close)
    const block = sectionBlock(section, m)
    text =
      start >= 0 && end > start
        ? text.slice(0, start) + block + text.slice(end + close.length)
        : `${text.trimEnd()}\n\n${block}\n`
  }
  const [open, close] = mark('budgets')
  const start = text.indexOf(open)
  const end = text.indexOf(close)
  if (start < 0 || end < start) return text
  const ids = new Set(sections.map((s) => s.id))
  const kept = text
    .slice(start + open.length, end)
    .split('\n')
    .filter((line) => line.startsWith('| '))
    // The file is Prettier-formatted: compare cells, not lines (the head is 'module' and '---').
    .filter((line) => {
      const id = line.split('|')[1]?.trim() ?? ''
      return id !== 'module' && !id.startsWith('---') && !ids.has(id)
    })
  const order = (line: string) => MODULES.findIndex((mod) => line.startsWith(`| ${mod.id} `))
  const rows = [...kept, ...budgetRows(sections)].sort((a, b) => order(a) - order(b))
  const table = [open, '## Budgets', '', ...BUDGET_HEAD, ...rows, close].join('\n')
  return text.slice(0, start) + table + text.slice(end + close.length)
}

async function main() {
  const m = await machine()
  log(
    `${m.cpu} × ${m.cores}, ${m.memoryGb} GB, Node ${m.node}, PostgreSQL ${m.postgres}, load ${m.loadStart}`,
  )
  log(`database ${databaseName}: demo + ${records} bulk SVN`)
  const seedSeconds = await prepareDatabase()
  log(`bulk SVN seeded and analyzed in ${seedSeconds.toFixed(1)} s`)
  // The modules that start the server start the bundle (ADR 960); bundles measures the client build.
  if (selected.some((mod) => mod.built)) await buildStale()
  const ctx: BenchContext = { records, pgUrl, adminUrl, log, reuse }
  const sections: BenchSection[] = []
  for (const mod of selected) {
    log(`── ${mod.id}`)
    try {
      const produced = await (await mod.load()).run(ctx)
      sections.push(...produced)
    } catch (error) {
      // One broken module must not lose the others' figures.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
      log(`${mod.id} failed: ${message}`)
      sections.push({
        id: mod.id,
        title: `${mod.id} (failed)`,
        markdown: `The module failed:\n\n\`\`\`\n${message}\n\`\`\``,
        budgets: [{ name: mod.id, goal: 'runs', measured: 'failed', met: false }],
      })
    }
  }
  m.loadEnd = loadAverage()
  for (const section of sections) console.log(`\n${sectionBlock(section, m)}`)
  const document =
    only && existsSync(OUTPUT)
      ? partialDocument(readFileSync(OUTPUT, 'utf8'), sections, m)
      : fullDocument(sections, m, seedSeconds)
  // Formatted as `prettier --check` (npm run lint) expects it.
  writeFileSync(OUTPUT, await format(document, { ...(await resolveConfig(OUTPUT)), filepath: OUTPUT }))
  const gaps = sections.flatMap((s) => s.budgets.filter((b) => !b.met).map((b) => `${s.id}: ${b.name}`))
  log(
    `wrote ${path.relative(root, OUTPUT)}; ${gaps.length ? `gaps: ${gaps.join('; ')}` : 'every budget met'}`,
  )
}

await main()
