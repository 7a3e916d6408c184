import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { root } from '../root.ts'

/** The release's version, from package.json: the "about" dialog and the telemetry's service.version. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version
}

/** The commit the release was built from: COMMIT (set by the image build), else git, else "unknown". */
export function gitCommit(): string {
  if (process.env.COMMIT) return process.env.COMMIT
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
  } catch {
    return 'unknown'
  }
}
