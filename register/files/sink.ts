import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { exportFileChunks } from '../../db/schema/files.ts'

/** Content is stored in chunks of this size (ADR 150), the last one shorter; one row each. */
export const CHUNK_BYTES = 1024 * 1024
/** export_file_chunks.seq is a smallint. */
const MAX_CHUNKS = 32_767

/**
 * Collects the bytes of a file being generated and writes a chunk to `export_file_chunks` each time
 * `chunkBytes` have gathered, so at most one chunk and one batch of text are held in memory whatever
 * the file's size. A chunk may end inside a UTF-8 sequence: the file is the chunks' bytes in order.
 */
export class ChunkSink {
  private pending: Buffer[] = []
  private pendingBytes = 0
  private seq = 0
  private written = 0

  constructor(
    private readonly tx: Database,
    private readonly fileId: number,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {}

  async write(text: string): Promise<void> {
    if (text.length === 0) return
    const bytes = Buffer.from(text, 'utf8')
    this.pending.push(bytes)
    this.pendingBytes += bytes.length
    if (this.pendingBytes < this.chunkBytes) return
    let data = Buffer.concat(this.pending, this.pendingBytes)
    while (data.length >= this.chunkBytes) {
      await this.insert(data.subarray(0, this.chunkBytes))
      data = data.subarray(this.chunkBytes)
    }
    // Copy the rest so the large buffer it was cut from can be collected.
    this.pending = data.length > 0 ? [Buffer.from(data)] : []
    this.pendingBytes = data.length
  }

  /** Writes what is pending as the last chunk; returns the file's size in bytes. */
  async finish(): Promise<number> {
    if (this.pendingBytes > 0) await this.insert(Buffer.concat(this.pending, this.pendingBytes))
    this.pending = []
    this.pendingBytes = 0
    return this.written
  }

  private async insert(data: Buffer): Promise<void> {
    if (this.seq >= MAX_CHUNKS) throw new Error('export file too large')
    // Sent as base64 text that the server decodes: the driver would send a bytea as hex, twice the
    // bytes to encode and write to the socket, which cost Node about twice the time (ADR 535). The
    // statement starts with its verb as drizzle's would (tests/ops/kill.test.ts waits for it).
    const base64 = data.toString('base64')
    await this.tx.execute(
      sql`insert into ${exportFileChunks} (file_id, seq, data) values (${this.fileId}, ${this.seq}, decode(${base64}, 'base64'))`,
    )
    this.seq += 1
    this.written += data.length
  }
}
