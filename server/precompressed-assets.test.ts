import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressFile } from '../scripts/precompress-assets.ts'
import { chooseEncoding, formsDir, precompressedAssets } from './precompressed-assets.ts'
import { rawRequest } from './testing/raw-request.ts'

describe('chooseEncoding', () => {
  it.each([
    ['what Chromium sends: Brotli, though gzip comes first', 'gzip, deflate, br, zstd', 'br'],
    ['gzip only', 'gzip', 'gzip'],
    ['Brotli refused', 'br;q=0, gzip', 'gzip'],
    ['gzip preferred by weight', 'gzip;q=0.9, br;q=0.5', 'gzip'],
    ['any coding', '*', 'br'],
    ['any but Brotli', 'br;q=0, *;q=0.1', 'gzip'],
    ['upper case and spaces', ' GZIP ; Q=1 ', 'gzip'],
    ['only identity', 'identity', null],
    ['everything refused', '*;q=0', null],
    ['a weight that is no number', 'br;q=x, gzip', 'gzip'],
    ['no header', undefined, null],
    ['an empty header', '', null],
    ['the file as it is weighted above every coding', 'identity;q=1, br;q=0.5, gzip;q=0.5', null],
    ['the file as it is weighted equal: the coding', 'identity, br', 'br'],
    ['the old name of gzip', 'x-gzip', 'gzip'],
    ['a weight above 1 is no weight', 'br;q=2, gzip', 'gzip'],
    ['a weight in hexadecimal is no weight', 'br;q=0x1, gzip;q=0.5', 'gzip'],
  ])('%s', (_, header, expected) => {
    expect(chooseEncoding(header, ['br', 'gzip'])).toBe(expected)
  })

  it('offers only what the asset has', () => {
    expect(chooseEncoding('gzip, br', ['gzip'])).toBe('gzip')
    expect(chooseEncoding('br', ['gzip'])).toBeNull()
  })
})

describe('precompressedAssets', () => {
  const script = `export const text = ${JSON.stringify('Versicherungsnachweis '.repeat(200))}\n`
  let dir: string
  let server: Server
  let base: string

  const request = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(`${base}/assets/${file}`, headers, method)

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'client-'))
    const assets = path.join(dir, 'assets')
    await mkdir(assets)
    await writeFile(path.join(assets, 'page-abc.js'), script)
    await precompressFile(dir, 'assets/page-abc.js')
    // Too small to gain from compression: no forms are written.
    await writeFile(path.join(assets, 'tiny-abc.js'), 'x()')
    await precompressFile(dir, 'assets/tiny-abc.js')
    // An asset that is itself a .gz file (no build of ours writes one): not a compressed form of another.
    await writeFile(path.join(assets, 'archive-abc.gz'), 'not a form')
    // Its Brotli form is deleted after the listing (a build replaced under a running server).
    await writeFile(path.join(assets, 'gone-abc.js'), script)
    await precompressFile(dir, 'assets/gone-abc.js')
    const app = express()
    app.use('/assets', precompressedAssets(dir))
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    await rm(dir, { recursive: true, force: true })
    await rm(formsDir(dir), { recursive: true, force: true })
  })

  it('writes the forms beside the build, none among the files served', async () => {
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
      'archive-abc.gz',
      'gone-abc.js',
      'page-abc.js',
      'tiny-abc.js',
    ])
    expect((await readdir(path.join(formsDir(dir), 'assets'))).sort()).toEqual([
      'gone-abc.js.br',
      'gone-abc.js.gz',
      'page-abc.js.br',
      'page-abc.js.gz',
    ])
  })

  it('sends Brotli to a browser that takes it, with the script’s type and the cache rules', async () => {
    const { status, headers, body } = await request('page-abc.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(status).toBe(200)
    expect(headers['content-encoding']).toBe('br')
    expect(headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(headers['vary']).toBe('Accept-Encoding')
    expect(headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(body.length).toBeLessThan(script.length / 10)
    expect(brotliDecompressSync(body).toString()).toBe(script)
  })

  it('sends gzip where Brotli is not taken', async () => {
    const { headers, body } = await request('page-abc.js', { 'accept-encoding': 'gzip' })
    expect(headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(body).toString()).toBe(script)
  })

  it('sends the file as it is without Accept-Encoding, and says that the answer varies by it', async () => {
    const { status, headers, body } = await request('page-abc.js')
    expect(status).toBe(200)
    expect(headers['content-encoding']).toBeUndefined()
    expect(headers['vary']).toBe('Accept-Encoding')
    expect(body.toString()).toBe(script)
  })

  it('gives each form its own ETag, so a cache never mixes them', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(
        async (coding) => (await request('page-abc.js', { 'accept-encoding': coding })).headers.etag,
      ),
    )
    expect(new Set(tags).size).toBe(3)
  })

  it('answers HEAD with the headers of the Brotli form and no body', async () => {
    const { headers, body } = await request('page-abc.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(headers['content-encoding']).toBe('br')
    expect(body.length).toBe(0)
  })

  it('leaves a file without compressed forms, and unknown names, to express.static', async () => {
    const tiny = await request('tiny-abc.js', { 'accept-encoding': 'br, gzip' })
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body.toString()).toBe('x()')
    expect((await request('missing.js', { 'accept-encoding': 'br' })).status).toBe(404)
  })

  it('does not send the compressed forms by their own names, however spelled: they are not found', async () => {
    const spellings = [
      'page-abc.js.br',
      'page-abc.js.gz',
      'page-abc.js%2Ebr',
      'page-abc.js.b%72',
      './page-abc.js.br',
      '/page-abc.js.gz',
      'x/../page-abc.js.br',
    ]
    for (const form of spellings) {
      const { status, headers } = await request(form, { 'accept-encoding': 'br, gzip' })
      expect(status, form).toBe(404)
      expect(headers['content-encoding'], form).toBeUndefined()
    }
    expect((await request('page-abc.js%E0%A4%A', { 'accept-encoding': 'br' })).status).toBe(404)
    const archive = await request('archive-abc.gz')
    expect(archive.status).toBe(200)
    expect(archive.body.toString()).toBe('not a form')
  })

  it('sends the file as it is when its compressed form has gone since the listing', async () => {
    await rm(path.join(formsDir(dir), 'assets/gone-abc.js.br'))
    const { status, headers, body } = await request('gone-abc.js', { 'accept-encoding': 'br' })
    expect(status).toBe(200)
    expect(headers['content-encoding']).toBeUndefined()
    expect(headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(body.toString()).toBe(script)
  })

  it('answers a range beyond the Brotli form 416, never with bytes of the plain file', async () => {
    const brotli = await request('page-abc.js', { 'accept-encoding': 'br' })
    const { status, body } = await request('page-abc.js', {
      'accept-encoding': 'br',
      range: `bytes=${brotli.body.length}-`,
    })
    expect(status).toBe(416)
    expect(body.toString()).not.toContain('Versicherungsnachweis')
  })

  it('answers a range within the Brotli form with its bytes', async () => {
    const brotli = await request('page-abc.js', { 'accept-encoding': 'br' })
    const { status, headers, body } = await request('page-abc.js', {
      'accept-encoding': 'br',
      range: 'bytes=0-9',
    })
    expect(status).toBe(206)
    expect(headers['content-encoding']).toBe('br')
    expect(body.equals(brotli.body.subarray(0, 10))).toBe(true)
  })
})
