import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { exportFileChunks } from '../../db/schema/files.ts'

/** Content is stored in chunks of this size (ADR 150), the last one shorter; one row each. */
export const CHUNK_BYTES = 1024 * 1024
/** export_file_chunks.seq is a smallint. */
const MAX_CHUNKS = 32_767
/** UTF-8 takes at most 3 bytes per UTF-16 code unit (a surrogate pair: 4 bytes for 2 units). */
const MAX_BYTES_PER_UNIT = 3

/** Waits until every promise has settled, then throws the first failure (a rollback waits for all). */
export async function settleAll(promises: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(promises)).find((r) => r.status === 'rejected')
  if (failed) throw failed.reason
}

/**
 * Encodes the text of a file being generated, record by record, straight into one chunk-sized buffer
 * and sends the chunk to `export_file_chunks` each time it is full, without waiting for it (ADR 551):
 * a batch's text is never built as one large string, and no buffer is allocated per batch. The chunks
 * sent are awaited with `sent()`; the database answers them in order on the transaction's connection.
 * A chunk may end inside a UTF-8 sequence: the file is the chunks' bytes in order, every chunk but the
 * last full.
 */
export class ChunkSink {
  private readonly chunk: Buffer
  private filled = 0
  private seq = 0
  private written = 0
  private inFlight: Promise<void>[] = []

  constructor(
    private readonly tx: Database,
    private readonly fileId: number,
    chunkBytes = CHUNK_BYTES,
  ) {
    if (!Number.isInteger(chunkBytes) || chunkBytes < 1) throw new Error('chunkBytes: a whole number ≥ 1')
    this.chunk = Buffer.allocUnsafe(chunkBytes)
  }

  /** Adds text to the file; a chunk that fills is sent at once. */
  append(text: string): void {
    if (text.length * MAX_BYTES_PER_UNIT <= this.chunk.length - this.filled) {
      this.filled += this.chunk.write(text, this.filled)
      if (this.filled === this.chunk.length) this.send()
      return
    }
    // Near a chunk's end: the text's bytes are split across as many chunks as they need.
    const bytes = Buffer.from(text, 'utf8')
    for (let from = 0; from < bytes.length;) {
      const copied = bytes.copy(this.chunk, this.filled, from)
      this.filled += copied
      from += copied
      if (this.filled === this.chunk.length) this.send()
    }
  }

  /** Waits for every chunk sent so far to be stored; throws the first failure. */
  sent(): Promise<void> {
    const inFlight = this.inFlight
    this.inFlight = []
    return settleAll(inFlight)
  }

  /** Sends what is left as the last chunk and waits for every chunk; returns the file's size in bytes. */
  async finish(): Promise<number> {
    try {
      if (this.filled > 0) this.send()
    } finally {
      await this.sent()
    }
    return this.written
  }

  private send(): void {
    if (this.seq >= MAX_CHUNKS) throw new Error('export file too large')
    // Sent as base64 text that the server decodes: the driver would send a bytea as hex, twice the
    // bytes to encode and write to the socket, which cost Node about twice the time (ADR 535). The
    // statement starts with its verb as drizzle's would (tests/ops/kill.test.ts waits for it). The
    // text is taken now, so the buffer is free to fill again at once; `then` sends the statement.
    const base64 = this.chunk.toString('base64', 0, this.filled)
    const stored = this.tx
      .execute(
        sql`insert into ${exportFileChunks} (file_id, seq, data) values (${this.fileId}, ${this.seq}, decode(${base64}, 'base64'))`,
      )
      .then(() => undefined)
    // Handled in `sent()`; this only keeps a failure meanwhile from counting as unhandled.
    stored.catch(() => {})
    this.inFlight.push(stored)
    this.seq += 1
    this.written += this.filled
    this.filled = 0
  }
}
