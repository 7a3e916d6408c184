import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Writable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'

/**
 * The mass-import upload is checked as a ZIP container *before* exceljs (unzipper) unpacks anything
 * (DESIGN §5 "Mass import"): we read the central directory ourselves, refuse too many entries, too much
 * declared content, suspicious compression ratios, encryption, hidden data between entries, and then
 * inflate every entry into a counter (nothing kept) to prove it is no larger than it claims.
 */

export const ZIP_LIMITS = {
  /** A workbook holds a dozen parts; a thousand is far beyond any real one. */
  maxEntries: 1000,
  /** All parts unpacked together (5 000 rows are a few MB of XML). */
  maxTotalUncompressed: 100 * 1024 * 1024,
  /** Per part, once it is large enough for the ratio to mean something. */
  maxRatio: 200,
  ratioFloor: 1024 * 1024,
} as const

export type ZipProblem = 'broken' | 'encrypted' | 'bomb'

export interface ZipEntry {
  name: string
  method: number
  flags: number
  compressedSize: number
  uncompressedSize: number
  localOffset: number
}

export type ZipInspection = { ok: true; entries: ZipEntry[] } | { ok: false; problem: ZipProblem }

const SIG_EOCD = 0x06054b50
const SIG_EOCD64 = 0x06064b50
const SIG_EOCD64_LOCATOR = 0x07064b50
const SIG_CENTRAL = 0x02014b50
const SIG_LOCAL = 0x04034b50
const MAX32 = 0xffffffff
const MAX16 = 0xffff

class Broken extends Error {}

function u16(buf: Buffer, at: number): number {
  if (at < 0 || at + 2 > buf.length) throw new Broken('out of range')
  return buf.readUInt16LE(at)
}
function u32(buf: Buffer, at: number): number {
  if (at < 0 || at + 4 > buf.length) throw new Broken('out of range')
  return buf.readUInt32LE(at)
}
function u64(buf: Buffer, at: number): number {
  if (at < 0 || at + 8 > buf.length) throw new Broken('out of range')
  const value = buf.readBigUInt64LE(at)
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return Number.MAX_SAFE_INTEGER
  return Number(value)
}

function findEocd(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65 535 bytes, at the very end.
  const stop = Math.max(0, buf.length - 22 - MAX16)
  for (let at = buf.length - 22; at >= stop; at--) {
    if (buf.readUInt32LE(at) === SIG_EOCD) return at
  }
  throw new Broken('no end of central directory')
}

interface Directory {
  count: number
  size: number
  offset: number
}

function readDirectory(buf: Buffer): Directory {
  const eocd = findEocd(buf)
  let count = u16(buf, eocd + 10)
  let size = u32(buf, eocd + 12)
  let offset = u32(buf, eocd + 16)
  if (count === MAX16 || size === MAX32 || offset === MAX32) {
    const locator = eocd - 20
    if (u32(buf, locator) !== SIG_EOCD64_LOCATOR) throw new Broken('zip64 without locator')
    const at = u64(buf, locator + 8)
    if (u32(buf, at) !== SIG_EOCD64) throw new Broken('zip64 record missing')
    count = u64(buf, at + 32)
    size = u64(buf, at + 40)
    offset = u64(buf, at + 48)
  }
  if (offset + size > buf.length) throw new Broken('central directory outside the file')
  return { count, size, offset }
}

/** Sizes from the zip64 extra field (id 1) where the 32-bit ones are saturated. */
function zip64Sizes(extra: Buffer, entry: ZipEntry): void {
  let at = 0
  while (at + 4 <= extra.length) {
    const id = extra.readUInt16LE(at)
    const length = extra.readUInt16LE(at + 2)
    if (id === 1) {
      let field = at + 4
      if (entry.uncompressedSize === MAX32) {
        entry.uncompressedSize = u64(extra, field)
        field += 8
      }
      if (entry.compressedSize === MAX32) {
        entry.compressedSize = u64(extra, field)
        field += 8
      }
      if (entry.localOffset === MAX32) entry.localOffset = u64(extra, field)
      return
    }
    at += 4 + length
  }
}

function readEntries(buf: Buffer, dir: Directory): ZipEntry[] {
  const entries: ZipEntry[] = []
  let at = dir.offset
  for (let i = 0; i < dir.count; i++) {
    if (u32(buf, at) !== SIG_CENTRAL) throw new Broken('bad central directory entry')
    const nameLength = u16(buf, at + 28)
    const extraLength = u16(buf, at + 30)
    const commentLength = u16(buf, at + 32)
    const entry: ZipEntry = {
      flags: u16(buf, at + 8),
      method: u16(buf, at + 10),
      compressedSize: u32(buf, at + 20),
      uncompressedSize: u32(buf, at + 24),
      localOffset: u32(buf, at + 42),
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
    }
    const extraStart = at + 46 + nameLength
    zip64Sizes(buf.subarray(extraStart, extraStart + extraLength), entry)
    entries.push(entry)
    at = extraStart + extraLength + commentLength
  }
  if (at > dir.offset + dir.size) throw new Broken('central directory overruns its size')
  return entries
}

/** Where an entry's compressed data starts (after its local header). */
function dataStart(buf: Buffer, entry: ZipEntry): number {
  if (u32(buf, entry.localOffset) !== SIG_LOCAL) throw new Broken('bad local header')
  return entry.localOffset + 30 + u16(buf, entry.localOffset + 26) + u16(buf, entry.localOffset + 28)
}

/**
 * The streaming unzipper reads local headers one after another, so data the central directory does
 * not list (hidden between or before entries) would still be unpacked: the entries must tile the file
 * from byte 0 to the central directory, with only a data descriptor (≤ 24 bytes) after each.
 */
function checkTiling(buf: Buffer, entries: ZipEntry[], dir: Directory): void {
  const sorted = [...entries].sort((a, b) => a.localOffset - b.localOffset)
  let expected = 0
  for (const entry of sorted) {
    const gap = entry.localOffset - expected
    if (gap < 0 || gap > 24) throw new Broken('entries overlap or leave a gap')
    expected = dataStart(buf, entry) + entry.compressedSize
  }
  const tail = dir.offset - expected
  if (tail < 0 || tail > 24) throw new Broken('data between the last entry and the directory')
}

async function inflatedSize(data: Buffer, limit: number): Promise<number> {
  let total = 0
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.length
      done(total > limit ? new RangeError('larger than declared') : null)
    },
  })
  await pipeline(Readable.from([data]), createInflateRaw(), counter)
  return total
}

/** Checks a ZIP container; does not look at what the parts mean (that is the workbook reader's job). */
export async function inspectZip(buf: Buffer): Promise<ZipInspection> {
  let entries: ZipEntry[]
  try {
    const dir = readDirectory(buf)
    if (dir.count > ZIP_LIMITS.maxEntries) return { ok: false, problem: 'bomb' }
    entries = readEntries(buf, dir)
    if (entries.some((e) => (e.flags & 1) === 1)) return { ok: false, problem: 'encrypted' }
    let total = 0
    for (const e of entries) {
      total += e.uncompressedSize
      const ratio = e.uncompressedSize / Math.max(1, e.compressedSize)
      if (e.uncompressedSize > ZIP_LIMITS.ratioFloor && ratio > ZIP_LIMITS.maxRatio)
        return { ok: false, problem: 'bomb' }
    }
    if (total > ZIP_LIMITS.maxTotalUncompressed) return { ok: false, problem: 'bomb' }
    checkTiling(buf, entries, dir)
  } catch (error) {
    if (error instanceof Broken) return { ok: false, problem: 'broken' }
    throw error
  }

  // The declared sizes could lie: inflate each part into a counter, stopping at its declared size.
  for (const e of entries) {
    const start = dataStart(buf, e)
    const data = buf.subarray(start, start + e.compressedSize)
    if (e.method === 0) {
      if (e.compressedSize !== e.uncompressedSize) return { ok: false, problem: 'broken' }
      continue
    }
    if (e.method !== 8) return { ok: false, problem: 'broken' }
    try {
      const size = await inflatedSize(data, e.uncompressedSize)
      if (size !== e.uncompressedSize) return { ok: false, problem: 'broken' }
    } catch (error) {
      return { ok: false, problem: error instanceof RangeError ? 'bomb' : 'broken' }
    }
  }
  return { ok: true, entries }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])
/** OLE compound file: an encrypted (password-protected) .xlsx, or an old binary .xls. */
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/** What the upload is, by content (never by name or the browser's claim). */
export function sniffSpreadsheet(bytes: Buffer): 'zip' | 'cfb' | null {
  if (bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return 'zip'
  if (bytes.subarray(0, CFB_MAGIC.length).equals(CFB_MAGIC)) return 'cfb'
  return null
}
