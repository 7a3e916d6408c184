import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler } from 'express'

/** The forms the build writes of each script and stylesheet (scripts/precompress-assets.ts), best first. */
export const ASSET_ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

/**
 * Where the build writes the compressed forms of a client build's files (`build/client` →
 * `build/client-compressed`, same paths below it): beside the files that are served, not among them, so
 * no static handler of the build can send a form by its own name (`x.js.br`) without the coding that
 * makes it readable (ADR 537).
 */
export function formsDir(clientDir: string): string {
  return `${path.resolve(clientDir)}-compressed`
}

/** How long browsers keep a build asset, compressed form or not: its name changes with its content. */
const ASSET_CACHING = { maxAge: '1y', immutable: true } as const

/** A weight as RFC 9110 writes it (0 to 1, three decimals at most); anything else counts as refused. */
const WEIGHT = /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/

/**
 * The content coding of `available` (ours, best first) that an Accept-Encoding header allows, or null
 * for the file as it is. The client's q-values decide; among equals ours do: browsers list gzip before
 * br, and Brotli is the smaller. The file as it is (`identity`) wins only when named with a weight above
 * every coding. No header means no coding, as with most servers.
 */
export function chooseEncoding(header: string | undefined, available: readonly string[]): string | null {
  if (!header) return null
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.replace(/\s+/g, '').toLowerCase())
    if (!coding) continue
    const q = params.find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : WEIGHT.test(q) ? Number(q.slice(2)) : 0
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, weight)
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0
  let best: string | null = null
  let bestWeight = 0
  for (const coding of available) {
    const weight = weightOf(coding)
    if (weight > bestWeight) [best, bestWeight] = [coding, weight]
  }
  // Not named, the file as it is is merely acceptable (RFC 9110 §12.5.3): any accepted coding comes first.
  const identity = weights.get('identity')
  return identity !== undefined && identity > bestWeight ? null : best
}

/**
 * The build's assets (`clientDir/assets`): each in the compressed form the browser takes (ADR 537),
 * else as it is (express.static). The forms are read from `formsDir(clientDir)`, looked up by the
 * asset's name as listed, so a request cannot name one. Both directories are listed once: an asset's
 * forms are fixed for the life of a build.
 */
export function precompressedAssets(clientDir: string): RequestHandler {
  const assets = path.join(clientDir, 'assets')
  const formsOf = path.join(formsDir(clientDir), 'assets')
  const listed = new Set(existsSync(formsOf) ? readdirSync(formsOf) : [])
  const forms = new Map<string, (typeof ASSET_ENCODINGS)[number][]>()
  for (const name of existsSync(assets) ? readdirSync(assets) : []) {
    const available = ASSET_ENCODINGS.filter(({ suffix }) => listed.has(name + suffix))
    if (available.length > 0) forms.set(name, available)
  }
  const asItIs = express.static(assets, { ...ASSET_CACHING, index: false })
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const name = req.path.slice(1)
    const available = forms.get(name)
    if (!available) return asItIs(req, res, next)
    // Caches keep one copy per coding.
    res.vary('Accept-Encoding')
    const coding = chooseEncoding(
      req.headers['accept-encoding'],
      available.map((f) => f.name),
    )
    const form = available.find((f) => f.name === coding)
    if (!form) return asItIs(req, res, next)
    res.setHeader('Content-Encoding', form.name)
    // The asset's own type, not that of `.br` / `.gz` (send keeps a type that is set).
    res.type(path.extname(name))
    res.sendFile(path.join(formsOf, name + form.suffix), ASSET_CACHING, (error) => {
      if (!error) return
      // Gone since the listing (a build replaced under a running server): the file as it is. Any other
      // error (a 412 or 416 for this form, a broken stream) is answered as such.
      if (!res.headersSent && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        res.removeHeader('Content-Encoding')
        res.removeHeader('Content-Type')
        return asItIs(req, res, next)
      }
      next(error)
    })
  }
}
