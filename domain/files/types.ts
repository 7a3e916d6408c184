import type { Role } from '../roles.ts'

/** Pickup file types (spec §3 File entry): untreated SVN, IV/AV notifications, rejected AE. */
export const FILE_TYPES = ['SVN', 'IVAV', 'AE'] as const
export type FileType = (typeof FILE_TYPES)[number]

export const FILE_FORMATS = ['XML', 'CSV'] as const
export type FileFormat = (typeof FILE_FORMATS)[number]

/**
 * The authority each pickup type needs, the same as its screen's route authority (spec §2 route
 * table, domain/access.ts): listing, counting, generating, downloading and deleting alike.
 */
export const FILE_TYPE_AUTHORITY: Readonly<Record<FileType, Role>> = {
  SVN: 'SVN_NICHT_EINGELOEST',
  IVAV: 'IV_AV_MELDUNGEN',
  AE: 'AE_ZURUECKGEWIESEN',
}

/** The screen (portal path) of each pickup type. */
export const FILE_TYPE_SCREEN: Readonly<Record<FileType, string>> = {
  SVN: '/svn/untreated',
  IVAV: '/svn/iv-av-retrieve',
  AE: '/ae/rejected',
}

export function isFileType(value: unknown): value is FileType {
  return typeof value === 'string' && (FILE_TYPES as readonly string[]).includes(value)
}

export function isFileFormat(value: unknown): value is FileFormat {
  return typeof value === 'string' && (FILE_FORMATS as readonly string[]).includes(value)
}

/** One row of the file table (spec §3 File entry). */
export interface FileEntry {
  id: number
  fileName: string
  /** Size in KiB, rounded up (a non-empty file is at least 1). */
  fileSizeInKb: number
  isDownloaded: boolean
}

/** What `POST /files/{type}/{format}` answers (201): the new entry and how many records it holds. */
export interface GeneratedFile extends FileEntry {
  type: FileType
  format: FileFormat
  recordCount: number
}

/** `GET /files/{type}/count`: complete files not yet downloaded, for the title and menu badges. */
export interface FileCount {
  notDownloaded: number
}
