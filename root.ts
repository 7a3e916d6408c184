import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The checkout's (or image's) root: the nearest directory above this module that holds package.json.
 * From source that is the repository; bundled, this code sits in build/server/ or one of its chunks, so
 * a path relative to the module's own file would point into build/ (ADR 960).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

export const root = findRoot(path.dirname(fileURLToPath(import.meta.url)))
