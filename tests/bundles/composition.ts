/**
 * What the shell is made of, by package (`bench/bundles.ts`): read from the `modules.json` that the
 * build's module-stats plugin (scripts/module-stats.ts) writes.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { ChunkModules } from '../../scripts/module-stats.ts'
import { clientDir } from './route-js.ts'

/** What a part of a first load is: a package's name, or "our code" (app/, domain/). */
function partOf(id: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)
  if (match) return match[1]!
  if (id.includes('vite/')) return 'vite (preload helper)'
  return 'our code (app/, domain/)'
}

/** The portal build's `modules.json`: what each client chunk is made of. */
const MODULE_STATS = path.join(clientDir, '.vite/modules.json')

/** The chunks of the portal build's `modules.json`; null when the build has none. */
export function readChunkModules(): ChunkModules[] | null {
  if (!existsSync(MODULE_STATS)) return null
  return JSON.parse(readFileSync(MODULE_STATS, 'utf8')) as ChunkModules[]
}

/**
 * Gzip of a set of chunks by part (package or our code). A chunk's gzip is shared among its parts in
 * proportion to each part's own gzip size before minification: an estimate (gzip does not split), but
 * each chunk's total is exact. Null when the build has no modules.json.
 */
export function composition(
  files: readonly { file: string; gzip: number }[],
): { part: string; gzip: number }[] | null {
  const stats = readChunkModules()
  if (!stats) return null
  const chunks = new Map(stats.map((c) => [c.file, c]))
  const parts = new Map<string, number>()
  for (const file of files) {
    const chunk = chunks.get(file.file)
    if (!chunk) continue
    const code = new Map<string, string[]>()
    for (const m of chunk.modules) code.set(partOf(m.id), [...(code.get(partOf(m.id)) ?? []), m.code])
    const weights = [...code].map(([part, texts]) => [part, gzipSync(texts.join('\n')).length] as const)
    const total = weights.reduce((s, [, w]) => s + w, 0)
    for (const [part, w] of weights) parts.set(part, (parts.get(part) ?? 0) + (file.gzip * w) / total)
  }
  return [...parts].map(([part, gzip]) => ({ part, gzip: Math.round(gzip) })).sort((a, b) => b.gzip - a.gzip)
}
