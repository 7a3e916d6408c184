import { and, count, desc, eq, max, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { exportDeliveries, exportFileChunks, exportFiles } from '../../db/schema/files.ts'
import { auditLog } from '../../db/schema/register.ts'
import { logEvent } from '../../domain/log.ts'
import type { FileGenerationRequest } from '../../domain/files/generation.ts'
import type { FileEntry, FileFormat, FileType, GeneratedFile } from '../../domain/files/types.ts'
import { CSV_BOM } from '../export/csv.ts'
import { csvHeader, csvRecord, xmlFooter, xmlHeader, xmlRecord, type Layout } from '../export/layout.ts'
import { LAYOUTS } from '../export/layouts.ts'
import type { AuditActor } from '../svn/actor.ts'
import type { SvnScope } from '../svn/scope.ts'
import { ChunkSink, CHUNK_BYTES, settleAll } from './sink.ts'
import { SOURCES, type Batch, type Selection } from './sources.ts'
import { exportFileName, exportFileTime } from './names.ts'

export type FileRow = typeof exportFiles.$inferSelect

/**
 * Whose files a caller sees (DESIGN §5 Tenancy, ADR 150): the insurer's; a broker only those
 * generated with their broker number; a broker without a number none.
 */
export type FileScope = Extract<SvnScope, { kind: 'insurer' }>

export function fileScopeCondition(scope: FileScope): SQL {
  const conditions = [eq(exportFiles.gsCode, scope.gsCode), eq(exportFiles.complete, true)]
  if (scope.maklerNr === null) conditions.push(sql`false`)
  else if (scope.maklerNr !== undefined) conditions.push(eq(exportFiles.maklerNr, scope.maklerNr))
  return and(...conditions) as SQL
}

export function entryOf(row: Pick<FileRow, 'id' | 'fileName' | 'sizeBytes' | 'isDownloaded'>): FileEntry {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSizeInKb: Math.ceil(row.sizeBytes / 1024),
    isDownloaded: row.isDownloaded,
  }
}

/** Complete files of a type the caller sees, newest (name descending) first. */
export async function listFiles(db: Database, type: FileType, scope: FileScope): Promise<FileEntry[]> {
  const rows = await db
    .select({
      id: exportFiles.id,
      fileName: exportFiles.fileName,
      sizeBytes: exportFiles.sizeBytes,
      isDownloaded: exportFiles.isDownloaded,
    })
    .from(exportFiles)
    .where(and(fileScopeCondition(scope), eq(exportFiles.type, type)))
    .orderBy(desc(exportFiles.fileName))
  return rows.map(entryOf)
}

export async function countNotDownloaded(db: Database, type: FileType, scope: FileScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(exportFiles)
    .where(and(fileScopeCondition(scope), eq(exportFiles.type, type), eq(exportFiles.isDownloaded, false)))
  return Number(row?.n ?? 0)
}

export async function findFileByName(
  db: Database,
  type: FileType,
  fileName: string,
  scope: FileScope,
): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(and(fileScopeCondition(scope), eq(exportFiles.type, type), eq(exportFiles.fileName, fileName)))
  return row ?? null
}

export async function findFileById(db: Database, id: number, scope: FileScope): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(and(fileScopeCondition(scope), eq(exportFiles.id, id)))
  return row ?? null
}

function audit(
  tx: Database,
  action: string,
  file: Pick<FileRow, 'id' | 'gsCode'>,
  actor: AuditActor,
  at: Date,
  details: Record<string, unknown>,
) {
  return tx.insert(auditLog).values({
    at,
    gsCode: file.gsCode,
    actorUserId: actor.userId ?? null,
    actorSubject: actor.subject,
    action,
    entity: 'export_file',
    entityId: String(file.id),
    details,
  })
}

/** How a format turns a layout's records into text. */
interface Writer<R> {
  header(): string
  record(record: R): string
  footer(): string
}

function writerOf<R>(layout: Layout<R>, format: FileFormat, attributes: Record<string, string>): Writer<R> {
  if (format === 'CSV') {
    return {
      header: () => CSV_BOM + csvHeader(layout),
      record: (r) => csvRecord(layout, r),
      footer: () => '',
    }
  }
  return {
    header: () => xmlHeader(layout, attributes),
    record: (r) => xmlRecord(layout, r),
    footer: () => xmlFooter(layout),
  }
}

export interface Generation {
  type: FileType
  format: FileFormat
  request: FileGenerationRequest
  scope: FileScope
  actor: AuditActor
  at?: Date
  /** Tests and the benchmark: a smaller chunk size. */
  chunkBytes?: number
}

/** How many following seconds are tried when concurrent generations want the same name. */
const NAME_ATTEMPTS = 60

/**
 * Generates one pickup file (spec §4, DESIGN §5) in one transaction: reserves its name, reads the
 * matching records in keyset batches, writes them as a stream into chunks, records which records
 * went out (for "new"), completes the file and writes the audit row. Memory stays at one batch and
 * one chunk whatever the number of records.
 */
export async function generateFile(db: Database, generation: Generation): Promise<GeneratedFile> {
  const { type, format, request, scope, actor } = generation
  const at = generation.at ?? new Date()
  const started = performance.now()
  const generated = await db.transaction(async (tx) => {
    // One generation per insurer and type at a time: two concurrent "new" files would otherwise both
    // take the same records (neither sees the other's deliveries before it commits).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`export_files:${scope.gsCode}:${type}`}))`)
    // The chunks are compressed by the server as it stores them; lz4 costs a fraction of the default
    // pglz (ADR 535). Only for this transaction, and only where the server was built with lz4 (PGlite
    // is not): reads are unchanged, the server decompresses whichever was used.
    await tx.execute(sql`
      select set_config('default_toast_compression', 'lz4', true) from pg_settings
      where name = 'default_toast_compression' and 'lz4' = any(enumvals)`)
    // Names sort by time: a new file's stamp is later than every earlier file's of this type.
    const [last] = await tx
      .select({ name: max(exportFiles.fileName) })
      .from(exportFiles)
      .where(and(eq(exportFiles.gsCode, scope.gsCode), eq(exportFiles.type, type)))
    let stamp = Math.floor(at.getTime() / 1000) * 1000
    const lastStamp = last?.name ? exportFileTime(last.name) : null
    if (lastStamp && lastStamp.getTime() >= stamp) stamp = lastStamp.getTime() + 1000
    let file: FileRow | undefined
    for (let attempt = 0; !file && attempt < NAME_ATTEMPTS; attempt++) {
      ;[file] = await tx
        .insert(exportFiles)
        .values({
          gsCode: scope.gsCode,
          maklerNr: scope.maklerNr ?? null,
          type,
          format,
          fileName: exportFileName(type, scope.gsCode, format, new Date(stamp + attempt * 1000)),
          createdByUserId: actor.userId ?? null,
          createdAt: at,
        })
        // A concurrent generation took the name: try the next second.
        .onConflictDoNothing()
        .returning()
    }
    if (!file) throw new Error('no free export file name')

    const sink = new ChunkSink(tx, file.id, generation.chunkBytes ?? CHUNK_BYTES)
    const attributes: Record<string, string> = { gsCode: scope.gsCode, created: at.toISOString() }
    if (scope.maklerNr) attributes.maklerNr = scope.maklerNr
    const selection: Selection = { scope, request }
    const recordCount = await writeRecords(tx, type, format, selection, sink, file.id, attributes)
    const sizeBytes = await sink.finish()

    const [done] = await tx
      .update(exportFiles)
      .set({ complete: true, sizeBytes, recordCount })
      .where(eq(exportFiles.id, file.id))
      .returning()
    if (!done) throw new Error('export file vanished')
    await audit(tx, 'file.generate', done, actor, at, {
      type,
      format,
      fileName: done.fileName,
      recordCount,
      sizeBytes,
      filter: request,
    })
    return { ...entryOf(done), type, format, recordCount }
  })
  // The line the generation metrics are taken from (ADR 950); ids and counts only.
  logEvent('info', 'file.generated', {
    type,
    format,
    records: generated.recordCount,
    durationMs: Math.round(performance.now() - started),
  })
  return generated
}

async function writeRecords(
  tx: Database,
  type: FileType,
  format: FileFormat,
  selection: Selection,
  sink: ChunkSink,
  fileId: number,
  attributes: Record<string, string>,
): Promise<number> {
  // One generic path per type keeps record and layout types together.
  switch (type) {
    case 'SVN':
      return pump(
        tx,
        type,
        SOURCES.SVN(tx, selection),
        writerOf(LAYOUTS.SVN, format, attributes),
        sink,
        fileId,
      )
    case 'AE':
      return pump(tx, type, SOURCES.AE(tx, selection), writerOf(LAYOUTS.AE, format, attributes), sink, fileId)
    case 'IVAV':
      return pump(
        tx,
        type,
        SOURCES.IVAV(tx, selection),
        writerOf(LAYOUTS.IVAV, format, attributes),
        sink,
        fileId,
      )
  }
}

/**
 * Reads, writes and records in a pipeline on the transaction's one connection (ADR 535): as soon as a
 * batch arrives the next batch's query and this batch's delivery rows are sent, and its records are
 * encoded while the database works on them, each chunk sent behind them as it fills (ADR 551); a
 * batch's chunk and delivery writes are awaited once the next batch is encoded. The database answers a
 * connection's queries in order, so the writes of at most two batches are in flight and memory stays
 * flat. The caller's `sink.finish()` awaits the last chunks before the transaction commits; the first
 * failure is thrown and rolls the whole file back.
 */
async function pump<R>(
  tx: Database,
  type: FileType,
  source: AsyncGenerator<Batch<R>>,
  writer: Writer<R>,
  sink: ChunkSink,
  fileId: number,
): Promise<number> {
  sink.append(writer.header())
  let writes: Promise<unknown> = Promise.resolve()
  let delivered: Promise<void> = Promise.resolve()
  let recordCount = 0
  let next = source.next()
  try {
    for (;;) {
      const step = await next
      if (step.done) break
      const batch = step.value
      // Sent now: the database reads the next batch and stores this one's deliveries meanwhile.
      next = source.next()
      next.catch(() => {})
      // One array parameter instead of three parameters per row; `then` sends it at once.
      delivered = tx
        .execute(
          sql`
          insert into ${exportDeliveries} (file_id, type, record_id)
          select ${fileId}, ${type}, unnest(${`{${batch.recordIds.join(',')}}`}::int[])`,
        )
        .then(() => undefined)
      delivered.catch(() => {})
      const records = batch.records
      // Record by record into the chunk (ADR 551); a chunk that fills is sent behind the queries above.
      for (let i = 0; i < records.length; i++) sink.append(writer.record(records[i]!))
      // The previous batch's chunks are written by now as a rule; a failure surfaces here.
      await writes
      writes = settleAll([delivered, sink.sent()])
      // Handled where it is awaited; this only keeps a failure meanwhile from counting as unhandled.
      writes.catch(() => {})
      recordCount += records.length
    }
    await writes
    sink.append(writer.footer())
  } catch (error) {
    // A failure leaves the next read, writes or chunks in flight: let them settle before the rollback.
    await Promise.allSettled([next, writes, delivered, sink.sent()])
    throw error
  }
  return recordCount
}

/** Marks a file downloaded (spec §4) and logs the download; called as its content is served. */
export async function markDownloaded(db: Database, file: FileRow, actor: AuditActor): Promise<void> {
  const at = new Date()
  await db.transaction(async (tx) => {
    await tx.update(exportFiles).set({ isDownloaded: true }).where(eq(exportFiles.id, file.id))
    await audit(tx, 'file.download', file, actor, at, {
      type: file.type,
      fileName: file.fileName,
      wasDownloaded: file.isDownloaded,
    })
  })
}

/**
 * The stored content as a stream, one chunk (about 1 MiB) read per pull. A file deleted while it is
 * served ends early; the Content-Length the route sends lets the client notice.
 */
export function fileContent(db: Database, fileId: number): ReadableStream<Uint8Array> {
  let seq = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [chunk] = await db
        .select({ data: exportFileChunks.data })
        .from(exportFileChunks)
        .where(and(eq(exportFileChunks.fileId, fileId), eq(exportFileChunks.seq, seq)))
      if (!chunk) {
        controller.close()
        return
      }
      seq += 1
      controller.enqueue(new Uint8Array(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength))
    },
  })
}

/** Deletes a file with its chunks and deliveries (its records become new again); logged. */
export async function deleteFile(db: Database, file: FileRow, actor: AuditActor): Promise<boolean> {
  const at = new Date()
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(exportFiles)
      .where(eq(exportFiles.id, file.id))
      .returning({ id: exportFiles.id })
    if (gone.length === 0) return false
    await audit(tx, 'file.delete', file, actor, at, {
      type: file.type,
      fileName: file.fileName,
      recordCount: file.recordCount,
    })
    return true
  })
}
