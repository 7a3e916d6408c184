import type { FileFormat, FileType } from '../../domain/files/types.ts'

/**
 * `{type}_{gsCode}_{yyyymmddThhmmssZ}.{xml|csv}` in UTC (ADR 150): type, insurer and time in the
 * name, and sorting names descending lists the newest first.
 */
export function exportFileName(type: FileType, gsCode: string, format: FileFormat, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '')
  return `${type}_${gsCode}_${stamp}.${format.toLowerCase()}`
}

/** The time in a name made by `exportFileName`, or null. */
export function exportFileTime(fileName: string): Date | null {
  const match = /_(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.[a-z]+$/.exec(fileName)
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)
  return Number.isNaN(time) ? null : new Date(time)
}

/** What a file name may look like in a URL: ours never holds anything else. */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,80}\.(xml|csv)$/

/**
 * RFC 6266 `Content-Disposition: attachment` with an ASCII `filename` fallback and the exact name as
 * RFC 8187 `filename*`.
 */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

export const CONTENT_TYPE: Readonly<Record<FileFormat, string>> = {
  XML: 'application/xml; charset=utf-8',
  CSV: 'text/csv; charset=utf-8',
}
