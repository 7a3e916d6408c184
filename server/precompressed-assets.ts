import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler } from 'express'

/** The forms the build writes beside each script and stylesheet (scripts/precompress-assets.ts), best first. */
export const ASSET_ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

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

/** A request path's file name as `send` would resolve it, or null for a bad escape. */
function fileName(requestPath: string): string | null {
  try {
    return path.posix.normalize(decodeURIComponent(requestPath)).replace(/^\/+/, '')
  } catch {
    return null
  }
}

/**
 * The build's assets (`build/client/assets`): each in the compressed form the browser takes (ADR 537),
 * else as it is (express.static). The compressed forms are no assets of their own: asked for by name
 * (`x.js.br`), they are not found, as they would be on a server that compresses on the fly; a browser
 * never asks for them, and they would come without the coding that makes them readable.
 * The directory is listed once: an asset's forms are fixed for the life of a build.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : [])
  const asItIs = express.static(dir, { ...ASSET_CACHING, index: false })
  const isForm = (name: string) =>
    ASSET_ENCODINGS.some(({ suffix }) => name.endsWith(suffix) && files.has(name.slice(0, -suffix.length)))
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    // The name as express.static will read it (decoded, `//` and `./` resolved), so that no spelling of
    // a form's name (`x.js%2Ebr`, `/./x.js.br`) gets past the check below.
    const name = fileName(req.path)
    if (name === null || isForm(name)) return next()
    if (!files.has(name)) return asItIs(req, res, next)
    const forms = ASSET_ENCODINGS.filter(({ suffix }) => files.has(name + suffix))
    if (forms.length === 0) return asItIs(req, res, next)
    // Caches keep one copy per coding.
    res.vary('Accept-Encoding')
    const coding = chooseEncoding(
      req.headers['accept-encoding'],
      forms.map((f) => f.name),
    )
    const form = forms.find((f) => f.name === coding)
    if (!form) return asItIs(req, res, next)
    res.setHeader('Content-Encoding', form.name)
    // The asset's own type, not that of `.br` / `.gz` (send keeps a type that is set).
    res.type(path.extname(name))
    res.sendFile(path.join(dir, name + form.suffix), ASSET_CACHING, (error) => {
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
