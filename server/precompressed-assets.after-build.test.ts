/**
 * The built server sends the scripts and stylesheets a page loads in the compressed form the browser
 * takes, written by the build (ADR 537): what a browser decodes is the file the build wrote. The
 * compressed forms are not files of their own, and the files at the top of build/client are served too.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { root } from '../root.ts'
import { startServerProcess, type ServerProcess } from './testing/process.ts'
import { rawRequest } from './testing/raw-request.ts'

let server: ServerProcess
let dataDir: string
let assets: string[]

const request = (url: string, acceptEncoding: string) =>
  rawRequest(url, { 'accept-encoding': acceptEncoding })

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'precompressed-'))
  server = await startServerProcess({ dataDir, timeoutMs: 120_000 })
  // What the not-found page (no login needed) loads: its stylesheet, module preloads and the entry script.
  const html = await (await fetch(`${server.url}/404`)).text()
  assets = [...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!))]
})

afterAll(async () => {
  await server?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

it('finds the scripts and the stylesheet of a page', () => {
  expect(assets.filter((a) => a.endsWith('.js')).length).toBeGreaterThanOrEqual(3)
  expect(assets.some((a) => a.endsWith('.css'))).toBe(true)
})

it.each([
  ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
  ['gzip', 'gzip, deflate', gunzipSync],
] as const)(
  'sends each in %s to a browser that takes it, decoding to the built file',
  async (coding, header, decode) => {
    let checked = 0
    for (const asset of assets) {
      const file = readFileSync(path.join(root, 'build/client', asset))
      // A few dozen bytes come out no smaller: the build writes no forms for them.
      if (file.length < 1000) continue
      const { status, headers, body } = await request(`${server.url}${asset}`, header)
      expect(status, asset).toBe(200)
      expect(headers['content-encoding'], asset).toBe(coding)
      expect(headers['content-type'], asset).toMatch(
        asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/,
      )
      expect(headers['vary'], asset).toBe('Accept-Encoding')
      expect(headers['cache-control'], asset).toBe('public, max-age=31536000, immutable')
      expect(Number(headers['content-length']), asset).toBe(body.length)
      expect(body.length, asset).toBeLessThan(file.length)
      expect(decode(body).equals(file), asset).toBe(true)
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(3)
  },
)

it('sends them as they are to a client that takes no coding', async () => {
  for (const asset of assets) {
    const { headers, body } = await request(`${server.url}${asset}`, 'identity')
    expect(headers['content-encoding'], asset).toBeUndefined()
    expect(body.equals(readFileSync(path.join(root, 'build/client', asset))), asset).toBe(true)
  }
})

it('answers a compressed form asked for by its own name as it answers a missing asset', async () => {
  const script = assets.find(
    (a) =>
      a.endsWith('.js') &&
      existsSync(path.join(root, `build/client-compressed${a}.br`)) &&
      existsSync(path.join(root, `build/client-compressed${a}.gz`)),
  )
  if (!script) throw new Error('no script of the page has both forms')
  const missing = await request(`${server.url}/assets/missing-abc.js`, 'gzip, deflate, br')
  expect(missing.status).not.toBe(200)
  const name = script.replace('/assets/', '')
  // By name, with an escape in the name, and with the slash escaped past the /assets mount.
  for (const form of [`${script}.br`, `${script}.gz`, `/assets/${name}%2Ebr`, `/assets%2F${name}.br`]) {
    const { status, headers } = await request(`${server.url}${form}`, 'gzip, deflate, br')
    expect(status, form).toBe(missing.status)
    expect(headers['content-encoding'], form).toBeUndefined()
    expect(headers['content-type'], form).not.toBe('application/octet-stream')
  }
})

it('writes the forms beside build/client, none among the files it serves', () => {
  const served = readdirSync(path.join(root, 'build/client'), { recursive: true, encoding: 'utf8' })
  expect(served.filter((f) => /\.(br|gz)$/.test(f))).toEqual([])
  const forms = readdirSync(path.join(root, 'build/client-compressed/assets'))
  expect(forms.filter((f) => f.endsWith('.js.br')).length).toBeGreaterThanOrEqual(3)
})

it('serves the files at the top of build/client (the icon)', async () => {
  const { status, headers, body } = await request(`${server.url}/favicon.svg`, 'identity')
  expect(status).toBe(200)
  expect(headers['content-type']).toMatch(/^image\/svg\+xml/)
  expect(body.equals(readFileSync(path.join(root, 'build/client/favicon.svg')))).toBe(true)
})
