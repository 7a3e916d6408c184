import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { bytea, insurers } from './register.ts'

/**
 * A generated pickup file (spec §4 File generation). The content lives in `export_file_chunks` so a
 * file of any size is written and served as a stream, and every instance can serve it.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    id: serial('id').primaryKey(),
    gsCode: text('gs_code')
      .notNull()
      .references(() => insurers.gsCode),
    /** Set when a MAKLER generated it: only that broker sees the file. */
    maklerNr: text('makler_nr'),
    /** 'SVN' | 'IVAV' | 'AE' */
    type: text('type').notNull(),
    /** 'XML' | 'CSV' */
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull().default(0),
    recordCount: integer('record_count').notNull().default(0),
    /** False while the file is still being written; unfinished files are never listed. */
    complete: boolean('complete').notNull().default(false),
    isDownloaded: boolean('is_downloaded').notNull().default(false),
    createdByUserId: integer('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('export_files_name_idx').on(t.gsCode, t.type, t.fileName),
    index('export_files_scope_idx').on(t.gsCode, t.type, t.maklerNr),
  ],
)

export const exportFileChunks = pgTable(
  'export_file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => exportFiles.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
)

/**
 * Which record went out in which file, for the "new" choice (reload=false): a record counts as
 * delivered once any file of that type holds it. recordId is the SVN id (types SVN, AE) or the
 * notification id (IVAV). Deleting a file makes its records new again.
 */
export const exportDeliveries = pgTable(
  'export_deliveries',
  {
    /**
     * The file, without a foreign key (ADR 536): its per-row check was half the database's work in a
     * generation of a million records. Rows are written only by the generation that inserted the file
     * row, in its transaction, and a trigger on `export_files` deletes a file's rows with it (migration
     * 0011), as the cascade did.
     */
    fileId: integer('file_id').notNull(),
    type: text('type').notNull(),
    recordId: integer('record_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.recordId] }),
    index('export_deliveries_record_idx').on(t.type, t.recordId),
  ],
)
