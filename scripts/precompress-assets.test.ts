/**
 * The build plugin (ADR 537) writes the forms of the client build's scripts and stylesheets into
 * formsDir, and only those: an earlier build's forms are gone, fonts and the server build are left alone.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { formsDir } from '../server/precompressed-assets.ts'
import { precompressAssets } from './precompress-assets.ts'

const text = `export const text = ${JSON.stringify('Versicherungsnachweis '.repeat(200))}\n`
let dir: string

beforeAll(async () => {
  dir = path.join(await mkdtemp(path.join(tmpdir(), 'build-')), 'client')
  await mkdir(path.join(dir, 'assets'), { recursive: true })
  for (const file of ['page-new.js', 'app-new.css', 'font-new.woff2'])
    await writeFile(path.join(dir, 'assets', file), text)
  // What an earlier build left.
  await mkdir(path.join(formsDir(dir), 'assets'), { recursive: true })
  await writeFile(path.join(formsDir(dir), 'assets/page-old.js.br'), 'old')
})

afterAll(() => rm(path.dirname(dir), { recursive: true, force: true }))

/** The plugin's hook as Vite calls it after writing an environment's files. */
async function writeBundle(environment: string) {
  const hook = precompressAssets().writeBundle as (
    this: unknown,
    options: { dir: string },
    bundle: Record<string, unknown>,
  ) => Promise<void>
  const bundle = { 'assets/page-new.js': {}, 'assets/app-new.css': {}, 'assets/font-new.woff2': {} }
  await hook.call({ environment: { name: environment } }, { dir }, bundle)
}

it('leaves the server build alone', async () => {
  await writeBundle('ssr')
  expect(await readdir(path.join(formsDir(dir), 'assets'))).toEqual(['page-old.js.br'])
})

it("writes the client build's forms of scripts and stylesheets, and none of an earlier build", async () => {
  await writeBundle('client')
  expect((await readdir(path.join(formsDir(dir), 'assets'))).sort()).toEqual([
    'app-new.css.br',
    'app-new.css.gz',
    'page-new.js.br',
    'page-new.js.gz',
  ])
  expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
    'app-new.css',
    'font-new.woff2',
    'page-new.js',
  ])
})
