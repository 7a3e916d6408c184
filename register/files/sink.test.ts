import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { exportFileChunks, exportFiles } from '../../db/schema/files.ts'
import { insurers } from '../../db/schema/register.ts'
import type { TestDatabase } from '../../db/testing.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { ChunkSink } from './sink.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
  await database.db.insert(insurers).values({ gsCode: '1001', name: 'Alpina Versicherungen' })
})
afterAll(() => database?.close())

let names = 0
/** Appends `texts` through a sink of `chunkBytes` to a new file; returns its size and its chunks. */
async function store(texts: string[], chunkBytes: number) {
  const db = database.db
  const [file] = await db
    .insert(exportFiles)
    .values({ gsCode: '1001', type: 'SVN', format: 'CSV', fileName: `sink-${++names}.csv` })
    .returning()
  const sink = new ChunkSink(db, file!.id, chunkBytes)
  for (const text of texts) sink.append(text)
  const size = await sink.finish()
  const rows = await db
    .select({ data: exportFileChunks.data })
    .from(exportFileChunks)
    .where(eq(exportFileChunks.fileId, file!.id))
    .orderBy(asc(exportFileChunks.seq))
  return { size, chunks: rows.map((r) => Buffer.from(r.data)) }
}

// One- to four-byte characters, a text longer than some chunks, a lone surrogate (stored as U+FFFD,
// as Buffer.from writes it) and a pair split across two appends (each half its own U+FFFD).
const TEXTS = [
  'a;Müller;',
  '€ 12,50\n',
  '⛵ 😀 Zürich;',
  'x'.repeat(23),
  '\ud800;',
  '\ud83d',
  '\ude00',
  'ende\n',
]

for (const chunkBytes of [1, 2, 3, 4, 7, 13, 64, 4096]) {
  it(`stores the UTF-8 of every append in order, in full chunks of ${chunkBytes} bytes and a last one`, async () => {
    const expected = Buffer.concat(TEXTS.map((t) => Buffer.from(t, 'utf8')))
    const { size, chunks } = await store(TEXTS, chunkBytes)
    expect(Buffer.concat(chunks).equals(expected)).toBe(true)
    expect(size).toBe(expected.length)
    expect(chunks.slice(0, -1).every((c) => c.length === chunkBytes)).toBe(true)
    expect(chunks.at(-1)!.length).toBeGreaterThan(0)
    expect(chunks.at(-1)!.length).toBeLessThanOrEqual(chunkBytes)
  })
}

it('splits a character at a chunk end and adds no empty chunk after a full one', async () => {
  const { size, chunks } = await store(['abc', '€€', 'efg'], 4)
  expect(chunks.map((c) => c.toString('latin1'))).toEqual(['abc\xe2', '\x82\xac\xe2\x82', '\xacefg'])
  expect(size).toBe(12)
})

it('stores nothing for an empty file', async () => {
  expect(await store(['', ''], 8)).toEqual({ size: 0, chunks: [] })
})

it('writes a text many chunks long in one append', async () => {
  const text = 'Grüezi ⛵ '.repeat(5000)
  const { chunks } = await store([text], 1000)
  expect(Buffer.concat(chunks).toString('utf8')).toBe(text)
  expect(chunks.length).toBe(Math.ceil(Buffer.byteLength(text) / 1000))
})

it('throws the failure of a chunk it sent without waiting, once every chunk has settled', async () => {
  // No such file: each chunk's insert breaks the foreign key.
  const sink = new ChunkSink(database.db, 2_000_000_000, 4)
  sink.append('abcdefghij')
  await expect(sink.sent()).rejects.toThrow()
  sink.append('kl')
  await expect(sink.finish()).rejects.toThrow()
  await expect(sink.sent()).resolves.toBeUndefined()
})
