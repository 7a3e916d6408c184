/**
 * Client JavaScript per route, from the production build's manifests (ADR 510): what a first load of a
 * page fetches — the entry and the module of every route on the match (root,
 * layouts, the route) with their static imports, transitively — and, listed apart, the chunks those
 * modules import lazily (date calendar, …). Sizes are gzip at zlib level 9, and what a browser that takes
 * Brotli is sent (the build's `.br` files, ADR 537). Used by the budget test and by `bench/bundles.ts`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { formsDir } from '../../server/precompressed-assets.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const clientDir = path.join(root, 'build/client')

/** 1 KB = 1 000 bytes of gzip. */
export const KB = 1000

/** Issue 18's goals for the heaviest page and the shell; the bench reports them (ADR 530). */
export const GOAL = 120 * KB
export const SHELL_GOAL = 115 * KB

/**
 * The test's ceilings (ADR 510, 530, 531, 538, 539): each route about 2 KB above what it measured when they were
 * set — growth is noticed per route, and lowering them is the way to record a cut. The shell every page
 * shares is about 119 KB, of which React DOM, React and React Router are about 108 KB, so issue 18's
 * goals (120 and 115 KB) are not reachable with this runtime; the bench says so with the figures.
 */
export const DEFAULT_BUDGET = 122 * KB

export const ROUTE_BUDGETS: Record<string, number> = {
  'routes/token-info': 124 * KB,
  'routes/user.migrate.$gsCode': 124 * KB,
  // Lists and upload forms.
  'routes/user.administration': 125 * KB,
  'routes/svn.import': 125 * KB,
  'routes/logo': 125 * KB,
  // The role–group matrix (ADR 812).
  'routes/group.administration': 126 * KB,
  // Search form, result table, pagination.
  'routes/svn.search': 128 * KB,
  // The detail with its history table (the one DataTable, ADR 180); its confirm dialogs come on demand.
  'routes/svn.$svnId': 128 * KB,
  // API clients: list, create form; the confirm dialog comes on demand (ADR 181, 531).
  'routes/api-clients': 128 * KB,
  // The date field (its dialog and calendar come on demand) and the create form's rules.
  'routes/svn.create': 130 * KB,
  'routes/svn.untreated': 130 * KB,
  'routes/svn.iv-av-retrieve': 130 * KB,
  'routes/ae.rejected': 130 * KB,
  // The user dialog over the list.
  'routes/user.administration.new': 133 * KB,
  'routes/user.administration.$userId': 133 * KB,
}

interface ViteChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type ViteManifest = Record<string, ViteChunk>

interface RouterRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  hasDefaultExport?: boolean
}
interface RouterManifest {
  entry: { module: string }
  routes: Record<string, RouterRoute>
}

export interface ChunkSize {
  file: string
  bytes: number
  gzip: number
  /** What the server sends a browser that takes Brotli: the build's `.br` file, else the file itself. */
  brotli: number
}

export interface RouteJs {
  id: string
  /** URL pattern, e.g. /svn/:svnId */
  path: string
  /** False for resource and redirect-only routes (no page of their own). */
  page: boolean
  /** Every file of a first load, entry first. */
  files: ChunkSize[]
  bytes: number
  gzip: number
  brotli: number
  /** Chunks imported lazily by the route's modules (not in `files`). */
  lazy: ChunkSize[]
  lazyGzip: number
  budget: number
}

export function hasBuild(): boolean {
  return existsSync(path.join(clientDir, '.vite/manifest.json'))
}

/** React Router's manifest of a client build (`dir`, e.g. build/client). */
function routerManifest(dir: string): RouterManifest {
  const name = readdirSync(path.join(dir, 'assets')).find((f) => /^manifest-.*\.js$/.test(f))
  if (!name) throw new Error(`no React Router manifest in ${path.join(dir, 'assets')}`)
  const text = readFileSync(path.join(dir, 'assets', name), 'utf8')
  return JSON.parse(text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '')) as RouterManifest
}

function readManifests(dir: string): { vite: ViteManifest; router: RouterManifest } {
  const vite = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as ViteManifest
  return { vite, router: routerManifest(dir) }
}

/** One file of a client build (`dir`) as it is, in gzip, and as sent in Brotli. */
function chunkSize(dir: string, file: string): ChunkSize {
  const bytes = readFileSync(path.join(dir, file))
  const served = path.join(formsDir(dir), `${file}.br`)
  return {
    file,
    bytes: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: existsSync(served) ? statSync(served).size : bytes.length,
  }
}

/**
 * Sizes of every route's first-load JavaScript, in the order of the route manifest; `dir` is a client
 * build with Vite's manifest (the portal's, or bench/bare's yardstick).
 */
export function measureRoutes(dir = clientDir): RouteJs[] {
  const { vite, router } = readManifests(dir)
  const byFile = new Map(Object.entries(vite).map(([key, chunk]) => [`/${chunk.file}`, key]))
  const sizes = new Map<string, ChunkSize>()
  const size = (key: string): ChunkSize => {
    let s = sizes.get(key)
    if (!s) {
      s = chunkSize(dir, vite[key]!.file)
      sizes.set(key, s)
    }
    return s
  }
  const keyOf = (file: string) => {
    const key = byFile.get(file)
    if (!key) throw new Error(`${file} is not in the Vite manifest`)
    return key
  }
  // Static imports, transitively, in load order.
  const closure = (keys: string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      if (into.has(key)) return
      into.add(key)
      for (const i of vite[key]?.imports ?? []) visit(i)
    }
    keys.forEach(visit)
    return into
  }

  const entryKey = keyOf(router.entry.module)
  // A page carries the texts it rendered (ADR 530); the language files are on-demand chunks like the
  // calendar. Were one imported statically again, the closure would count it.
  return Object.values(router.routes).map((route) => {
    const chain: RouterRoute[] = []
    for (let r: RouterRoute | undefined = route; r; r = r.parentId ? router.routes[r.parentId] : undefined)
      chain.unshift(r)
    const loaded = closure([entryKey, ...chain.map((r) => keyOf(r.module))])
    const lazyKeys = new Set<string>()
    for (const key of loaded) for (const d of vite[key]?.dynamicImports ?? []) closure([d], lazyKeys)
    for (const key of loaded) lazyKeys.delete(key)
    const files = [...loaded].map(size)
    const lazy = [...lazyKeys].map(size)
    const segments = chain.map((r) => r.path ?? '').filter(Boolean)
    return {
      id: route.id,
      path: `/${segments.join('/')}`,
      page: route.hasDefaultExport !== false,
      files,
      bytes: files.reduce((s, f) => s + f.bytes, 0),
      gzip: files.reduce((s, f) => s + f.gzip, 0),
      brotli: files.reduce((s, f) => s + f.brotli, 0),
      lazy,
      lazyGzip: lazy.reduce((s, f) => s + f.gzip, 0),
      budget: ROUTE_BUDGETS[route.id] ?? DEFAULT_BUDGET,
    }
  })
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
