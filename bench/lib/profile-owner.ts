/**
 * Who owns a CPU profile sample's function (issue 18: "name the library and the cost"): an npm package,
 * Node itself, V8's native code, or a directory of this repository. The server runs bundled
 * (build/server, ADR 960), so a function of ours is traced back through the bundle's source map to its
 * source file; the portal's bundle (React Router's build) has no map and is named as a whole.
 */
import { existsSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { fileURLToPath } from 'node:url'

export interface CallFrame {
  functionName: string
  url: string
  /** 0-based, as in a .cpuprofile. */
  lineNumber: number
  columnNumber: number
}

const maps = new Map<string, SourceMap | null>()

function mapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`
    maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null)
  }
  return maps.get(file)!
}

/** The package of a path inside node_modules (the innermost, scoped ones with their scope), or null. */
function packageOf(path: string): string | null {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  return match ? match[1]! : null
}

/** Who owns a function, and whether it is this repository's own code (a file of it, bundled or not). */
export interface Owner {
  name: string
  ours: boolean
}

const theirs = (name: string): Owner => ({ name, ours: false })
const ours = (name: string): Owner => ({ name, ours: true })

export function ownerOf(frame: CallFrame): Owner {
  const { url, functionName } = frame
  if (functionName === '(garbage collector)') return theirs('garbage collector')
  if (url === '') return theirs('native (V8 builtins, socket writes, text encoding)')
  if (url.startsWith('node:')) return theirs('Node.js (its JavaScript)')
  const inPackage = packageOf(url)
  if (inPackage) return theirs(inPackage)
  if (!url.startsWith('file:')) return theirs(url)
  const file = fileURLToPath(url)
  const map = mapOf(file)
  if (map) {
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string }
    const source = entry.originalSource
    if (source) {
      const fromPackage = packageOf(source)
      if (fromPackage) return theirs(fromPackage)
      // Sources are relative to the bundle, e.g. ../../../register/svn/search.ts: its top directory.
      const top = source.replace(/^(\.\.\/)+/, '').split('/')[0]!
      return ours(/\.[cm]?[jt]sx?$/.test(top) ? top : `${top}/`)
    }
  }
  if (/build\/server\/assets\/server-build-/.test(file))
    return ours('app/ (the portal as React Router bundles it)')
  return ours(file.replace(/^.*\/build\//, 'build/'))
}
