/**
 * `npm run db:generate` makes the next migration by diffing `db/schema/` against the newest snapshot
 * in `db/migrations/meta`. When hand-written migrations leave no snapshot, or snapshots fork, the next
 * generate re-creates what is already there (it did: 0006's sort indexes and 0007's folded names).
 * On a copy of the folder, generate must find the schema and the migrations in agreement.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'

const run = promisify(execFile)
// drizzle-kit takes `--out` relative to the working directory.
const scratch = await mkdtemp(join('node_modules', '.cache-migrations-'))
afterAll(() => rm(scratch, { recursive: true, force: true }))

it('db/schema and the migrations agree: drizzle-kit generate finds nothing to migrate', async () => {
  const out = join(scratch, 'migrations')
  await cp('db/migrations', out, { recursive: true })
  const before = await readdir(out)
  const { stdout } = await run(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './db/schema/index.ts',
      '--out',
      relative('.', out),
    ],
    { timeout: 60_000 },
  )
  expect(stdout).toContain('No schema changes')
  expect(await readdir(out)).toEqual(before)
}, 90_000)
