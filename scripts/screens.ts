/**
 * `npm run screens`: regenerates the screenshot baselines of tests/e2e/screens.spec.ts (needs a build)
 * and copies them to docs/screens/ for the README (ADR 813).
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

const SNAPSHOTS = 'tests/e2e/screens.spec.ts-snapshots'
const TARGET = 'docs/screens'

const run = spawnSync(
  'npx',
  ['playwright', 'test', 'tests/e2e/screens.spec.ts', '--project', 'screens', '--update-snapshots'],
  { stdio: 'inherit' },
)
if (run.status !== 0) process.exit(run.status ?? 1)

mkdirSync(TARGET, { recursive: true })
for (const file of readdirSync(SNAPSHOTS)) {
  // "search-1280-screens-linux.png" → "search-1280.png"
  const name = /^(.+?)-screens-[a-z0-9]+\.png$/.exec(file)?.[1]
  if (!name) continue
  copyFileSync(join(SNAPSHOTS, file), join(TARGET, `${name}.png`))
  console.log(`${TARGET}/${name}.png`)
}
