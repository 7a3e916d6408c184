/**
 * Numbers as the clerk's language writes them in Switzerland (ADR 824): de-CH, fr-CH, it-CH, en-CH
 * grouping ("5'000", "5 000"), and the kilobyte in its own symbol ("12 kB", French "12 ko"). One
 * formatter per language and style, made once: a file list formats a size per row. Shared by the
 * portal and the register (the import template's limits).
 */
const FORMATS = new Map<string, Intl.NumberFormat>()

function formatter(lng: string, unit?: 'kilobyte'): Intl.NumberFormat {
  const id = `${lng}:${unit ?? ''}`
  let format = FORMATS.get(id)
  if (!format) {
    format = new Intl.NumberFormat(`${lng}-CH`, unit ? { style: 'unit', unit } : undefined)
    FORMATS.set(id, format)
  }
  return format
}

export function formatNumber(value: number, lng: string): string {
  return formatter(lng).format(value)
}

/** A file's size; below 1 kB it still says 1, never 0 for a file with content. */
export function formatKilobytes(kb: number, lng: string): string {
  return formatter(lng, 'kilobyte').format(kb > 0 && kb < 1 ? 1 : Math.round(kb))
}
