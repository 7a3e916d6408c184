/**
 * The search result's shape and limits, without the query schema: the browser's search screen imports
 * these, and the schema's zod would otherwise come along into its bundle (ADR 511).
 */
/** Columns of a search result row (spec §3), also the allowed `sort` values. */
export const SEARCH_ROW_KEYS = [
  'sVnId',
  'name',
  'firstName',
  'street',
  'postCode',
  'place',
  'canton',
  'licensePlate',
  'marke',
  'reference',
  'status',
] as const
export type SearchRowKey = (typeof SEARCH_ROW_KEYS)[number]

export interface SearchRow {
  sVnId: number
  name: string | null
  firstName: string | null
  street: string | null
  postCode: string | null
  place: string | null
  canton: string | null
  licensePlate: string | null
  marke: string | null
  reference: string | null
  status: string
}

export interface SearchResult {
  rows: SearchRow[]
  /**
   * The matches, of which `rows` holds at most SEARCH_LIMIT; SEARCH_LIMIT + 1 means "more than
   * SEARCH_LIMIT": the register does not count further (ADR 502).
   */
  total: number
}

/** The register answers at most this many rows (DESIGN §5). */
export const SEARCH_LIMIT = 100
/** Spec §9: more matches than this show the information notice. */
export const SEARCH_NOTICE_THRESHOLD = 99
export const SEARCH_PAGE_SIZE = 15
