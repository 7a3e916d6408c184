import type { Database } from '../../db/client.ts'
import { exportFileChunks } from '../../db/schema/files.ts'

/** Content is stored in chunks of about this size (ADR 150): one row each, written as they fill. */
export const CHUNK_BYTES = 1024 * 1024
/** export_file_chunks.seq is a smallint. */
const MAX_CHUNKS = 32_767

/**
 * Collects the text of a file being generated and writes it to `export_file_chunks` whenever about
 * `chunkBytes` have gathered, so only one chunk is ever held in memory whatever the file's size.
 */
export class ChunkSink {
  private parts: string[] = []
  private pendingChars = 0
  private seq = 0
  /** Bytes written so far (UTF-8), including what is still pending. */
  private written = 0

  constructor(
    private readonly tx: Database,
    private readonly fileId: number,
    private readonly chunkBytes = CHUNK_BYTES,
  ) {}

  async write(text: string): Promise<void> {
    if (text.length === 0) return
    this.parts.push(text)
    // A UTF-16 unit is at least one UTF-8 byte: the chunk holds at least chunkBytes bytes.
    this.pendingChars += text.length
    if (this.pendingChars >= this.chunkBytes) await this.flush()
  }

  /** Writes what is pending as one chunk; returns the file's total size in bytes. */
  async flush(): Promise<number> {
    if (this.parts.length === 0) return this.written
    if (this.seq >= MAX_CHUNKS) throw new Error('export file too large')
    const data = Buffer.from(this.parts.join(''), 'utf8')
    this.parts = []
    this.pendingChars = 0
    await this.tx.insert(exportFileChunks).values({ fileId: this.fileId, seq: this.seq, data })
    this.seq += 1
    this.written += data.length
    return this.written
  }

  get chunks(): number {
    return this.seq
  }
}
