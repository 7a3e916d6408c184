/**
 * `node --import tsx bench/ssr-profile.ts <path> [seconds]` (issue 18, ADR 523): the production server
 * (one worker) on the bench PostgreSQL (BENCH_DATABASE_NAME, default svn_bench, seeded by `npm run
 * bench`) under `node --cpu-prof`, a signed-in clerk, autocannon at 20 connections on one page; then
 * the profile's top costs: self time per function and inclusive time of the portal's own steps, as a
 * share of the server's CPU samples with idle left out; last, self time by owner (ADR 544). Shares,
 * not req/s: the machine is shared.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { buildStale } from '../scripts/build-stale.js'
import { loginOverHttp, startServerProcess } from '../server/testing/process.ts'
import { ownerOf, type CallFrame } from './lib/profile-owner.ts'

interface Node {
  id: number
  callFrame: CallFrame
  hitCount: number
  children?: number[]
}

const [pagePath = '/no-permission', seconds = '15'] = process.argv.slice(2)
await buildStale()
const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1/test')
const pgUrl = Object.assign(admin, { pathname: `/${process.env.BENCH_DATABASE_NAME || 'svn_bench'}` })
/** Milliseconds from the spawn to the measured load: start-up, login and warm-up are left out. */
let measuredFrom = 0
/** Requests answered in the measured window. */
let requests = 0
const profileDir = mkdtempSync(path.join(tmpdir(), 'ssr-profile-'))
const dataDir = mkdtempSync(path.join(tmpdir(), 'ssr-profile-data-'))
const spawnedAt = performance.now()
const server = await startServerProcess({
  dataDir,
  databaseUrl: pgUrl.toString(),
  env: { WEB_CONCURRENCY: '1' },
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
})
try {
  const cookie = (await loginOverHttp(server.url, 'clerk@alpina.example', 'demo')).header(server.url)
  const run = (duration: number) =>
    autocannon({
      url: `${server.url}${pagePath}`,
      connections: 20,
      duration,
      headers: { cookie, 'accept-language': 'de' },
    })
  await run(3)
  measuredFrom = performance.now() - spawnedAt
  const result = await run(Number(seconds))
  requests = result.requests.total
  console.log(`${pagePath}: ${requests} requests, statuses`, result.statusCodeStats)
} finally {
  await server.stop()
}

const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
if (!file) throw new Error(`no profile in ${profileDir}`)
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
}
rmSync(dataDir, { recursive: true, force: true })
console.log(`profile: ${path.join(profileDir, file)}`)

const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map<number, number>()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const name = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/wt-[^/]+\//, '')}:${n.callFrame.lineNumber + 1}`
const idle = (n: Node) => ['(idle)', '(program)'].includes(n.callFrame.functionName)

// Samples of the measured window only; time is in microseconds from the first sample.
const self = new Map<string, number>()
const inclusive = new Map<string, number>()
/** Microseconds of self time by owner (ADR 544); each sample counts the time since the one before. */
const owned = new Map<string, number>()
/** The functions (by `name`) that are this repository's code, as `ownerOf` decides it, node by node. */
const oursByName = new Set<string>()
const oursIds = new Set(profile.nodes.filter((n) => ownerOf(n.callFrame).ours).map((n) => n.id))
let busy = 0
let at = 0
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0
  at += delta
  const node = byId.get(id)!
  if (at < measuredFrom * 1000 || idle(node)) return
  busy++
  self.set(name(node), (self.get(name(node)) ?? 0) + 1)
  const owner = ownerOf(node.callFrame).name
  owned.set(owner, (owned.get(owner) ?? 0) + delta)
  // Each function once per sample, also under recursion.
  const seen = new Set<string>()
  for (let n: Node | undefined = node; n; n = byId.get(parent.get(n.id) ?? -1)) {
    const key = name(n)
    if (seen.has(key)) continue
    seen.add(key)
    if (oursIds.has(n.id)) oursByName.add(key)
    inclusive.set(key, (inclusive.get(key) ?? 0) + 1)
  }
})

const pct = (v: number) => `${((v / busy) * 100).toFixed(1)}%`
const top = (m: Map<string, number>, count: number, filter: (k: string) => boolean = () => true) =>
  [...m]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([k, v]) => `  ${pct(v).padStart(6)}  ${k}`)
    .join('\n')
console.log(`busy samples ${busy}\nself time, top 40:\n${top(self, 40)}`)
console.log(
  `inclusive, the portal's and register's own code, top 50:\n${top(inclusive, 50, (k) => oursByName.has(k))}`,
)
console.log(`inclusive, libraries, top 40:\n${top(inclusive, 40)}`)

const busyUs = [...owned.values()].reduce((sum, us) => sum + us, 0)
const byOwner = [...owned]
  .sort((a, b) => b[1] - a[1])
  .map(([owner, us]) => {
    const share = `${((us / busyUs) * 100).toFixed(1)}%`
    return `  ${share.padStart(6)} · ${(us / 1000 / requests).toFixed(3)} ms  ${owner}`
  })
console.log(`self time by owner, share · ms of the main thread per request (${requests} requests):`)
console.log(`${byOwner.join('\n')}\n  total ${(busyUs / 1000 / requests).toFixed(2)} ms`)
