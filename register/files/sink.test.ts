import { asc, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { exportDeliveries, exportFileChunks, exportFiles } from '../../db/schema/files.ts'
import type { TestDatabase } from '../../db/testing.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { seedRegisterDemo } from '../seed/demo.ts'
import { seedSvnDemo } from '../seed/svn-demo.ts'
import { sqlState } from '../users/db-errors.ts'
import { generateFile } from './service.ts'
import { ChunkSink } from './sink.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
  await seedRegisterDemo(database.db)
  await seedSvnDemo(database.db)
  // A chunk insert fails (SQLSTATE P0001, raise_exception) while its seq is listed in chunk_failures.
  await database.db.execute(sql`create table chunk_failures (seq int primary key)`)
  await database.db.execute(sql`
    create function fail_chunk() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from chunk_failures where seq = new.seq) then
        raise exception 'chunk % refused', new.seq;
      end if;
      return new;
    end $$`)
  await database.db.execute(
    sql`create trigger fail_chunk before insert on export_file_chunks for each row execute function fail_chunk()`,
  )
})
afterAll(() => database?.close())

/** The SQLSTATE a promise rejects with (looking through drizzle's wrapping); undefined if it resolves. */
const stateOf = (promise: Promise<unknown>) => promise.then(() => undefined, sqlState)
const REFUSED = 'P0001'

async function failChunksAt(seq: number | undefined) {
  await database.db.execute(sql`delete from chunk_failures`)
  if (seq !== undefined) await database.db.execute(sql`insert into chunk_failures values (${seq})`)
}

let names = 0
/** A new, empty file row for a sink to write to; returns its id. */
async function newFile(): Promise<number> {
  const [file] = await database.db
    .insert(exportFiles)
    .values({ gsCode: '1001', type: 'SVN', format: 'CSV', fileName: `sink-${++names}.csv` })
    .returning()
  return file!.id
}

/** The file's stored chunks in order. */
async function chunksOf(fileId: number) {
  return database.db
    .select({ seq: exportFileChunks.seq, data: exportFileChunks.data })
    .from(exportFileChunks)
    .where(eq(exportFileChunks.fileId, fileId))
    .orderBy(asc(exportFileChunks.seq))
}

/** Appends `texts` through a sink of `chunkBytes` to a new file; returns its size and its chunks. */
async function store(texts: string[], chunkBytes: number) {
  const fileId = await newFile()
  const sink = new ChunkSink(database.db, fileId, chunkBytes)
  for (const text of texts) sink.append(text)
  const size = await sink.finish()
  return { size, chunks: (await chunksOf(fileId)).map((r) => Buffer.from(r.data)) }
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

it('throws the failure of one chunk once every chunk has settled, the chunks before and after it stored', async () => {
  const fileId = await newFile()
  await failChunksAt(1)
  try {
    const sink = new ChunkSink(database.db, fileId, 4)
    sink.append('abcdefghijkl')
    expect(await stateOf(sink.sent())).toBe(REFUSED)
    await expect(sink.finish()).resolves.toBe(12)
  } finally {
    await failChunksAt(undefined)
  }
  expect((await chunksOf(fileId)).map((r) => r.seq)).toEqual([0, 2])
})

it('a generation whose chunk fails midway throws and leaves no file, chunk or delivery behind', async () => {
  const db = database.db
  const rows = async () =>
    Promise.all(
      [exportFiles, exportFileChunks, exportDeliveries].map(
        async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
      ),
    )
  const before = await rows()
  const generate = () =>
    generateFile(db, {
      type: 'SVN',
      format: 'XML',
      request: { reload: true },
      scope: { kind: 'insurer', gsCode: '1001', maklerNr: undefined },
      actor: { subject: 'test' },
      chunkBytes: 256,
    })
  await failChunksAt(5)
  try {
    expect(await stateOf(generate())).toBe(REFUSED)
  } finally {
    await failChunksAt(undefined)
  }
  expect(await rows()).toEqual(before)
  // The same generation without the failure stores a file of many chunks.
  const file = await generate()
  expect(file.recordCount).toBeGreaterThan(0)
  expect((await rows())[1]).toBeGreaterThan(before[1]! + 5)
})
