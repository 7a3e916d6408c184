/**
 * A Vite plugin for the client build (ADR 537): of every script and stylesheet it writes the Brotli
 * (`.br`, quality 11) and gzip (`.gz`, level 9) forms into `formsDir` (beside the build, not in it), which
 * server/precompressed-assets.ts sends to browsers that accept them. Compressed once per build at the
 * highest levels, not per request.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip, type BrotliOptions } from 'node:zlib'
import type { Plugin } from 'vite'
import { ASSET_ENCODINGS, formsDir } from '../server/precompressed-assets.ts'

/** Brotli at its best for text. */
const brotliOptions = (size: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
})

const COMPRESS: Record<(typeof ASSET_ENCODINGS)[number]['name'], (source: Buffer) => Promise<Buffer>> = {
  br: (source) => promisify(brotliCompress)(source, brotliOptions(source.length)),
  gzip: (source) => promisify(gzip)(source, { level: constants.Z_BEST_COMPRESSION }),
}

/** Scripts and stylesheets at the top of assets/, where the server looks for their forms; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /^assets\/[^/]+\.(js|css)$/

/** Writes `file.br` and `file.gz` of `file` (a path under the client build `dir`) into `formsDir(dir)` where they come out smaller. */
export async function precompressFile(dir: string, file: string): Promise<void> {
  const source = await readFile(path.join(dir, file))
  const target = path.join(formsDir(dir), file)
  await mkdir(path.dirname(target), { recursive: true })
  await Promise.all(
    ASSET_ENCODINGS.map(async ({ name, suffix }) => {
      const compressed = await COMPRESS[name](source)
      if (compressed.length < source.length) await writeFile(target + suffix, compressed)
    }),
  )
}

export function precompressAssets(): Plugin {
  return {
    name: 'svn-precompress-assets',
    apply: 'build',
    // After the files are written: what is compressed is what express.static would send.
    async writeBundle(options, bundle) {
      if (this.environment?.name !== 'client' || !options.dir) return
      const dir = options.dir
      // Vite empties build/client, not this: an earlier build's forms would stay beside the new ones.
      await rm(formsDir(dir), { recursive: true, force: true })
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(files.map((file) => precompressFile(dir, file)))
    },
  }
}
