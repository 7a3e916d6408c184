import { z } from 'zod'
import { storable } from '../text.ts'
import { CANTONS } from './cantons.ts'
import { SEARCHABLE_STATUSES } from './statuses.ts'
import { SEARCH_LIMIT, SEARCH_ROW_KEYS } from './search-rows.ts'
import { stemNumberError, stripNonDigits } from './stem-number.ts'

export {
  SEARCH_LIMIT,
  SEARCH_NOTICE_THRESHOLD,
  SEARCH_PAGE_SIZE,
  SEARCH_ROW_KEYS,
  type SearchResult,
  type SearchRow,
  type SearchRowKey,
} from './search-rows.ts'

/** Messages are translation keys (app/lib/validation.ts); values come from the issue. */

/** Empty or blank means "not given" (spec §5: empty values are not sent). */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema)
const optional = <T extends z.ZodType>(schema: T) => blankAsMissing(schema.optional())

const text = (max: number) =>
  optional(z.string().trim().max(max, 'validation.maxLength').refine(storable, 'validation.invalid'))

const digits = (max: number) =>
  optional(z.string().trim().regex(/^\d+$/, 'validation.digitsOnly').max(max, 'validation.maxLength'))

/** A whole number in [min, max] given as text (a query parameter); 9 digits at most, as for ids. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  blankAsMissing(
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, 'validation.digitsOnly')
      .transform(Number)
      .pipe(z.number().min(min, 'validation.minValue').max(max, 'validation.maxValue'))
      .default(fallback),
  )

/**
 * The search form of spec §5 as sent to `GET svn/search` (query parameter names as in spec §7).
 * The same schema checks the portal's form and the register's query.
 */
export const SvnSearchSchema = z.object({
  // An id is a positive integer; 9 digits keep it inside PostgreSQL's integer.
  sVnID: digits(9),
  schildNr: digits(12),
  stammNr: optional(
    z
      .string()
      .transform(stripNonDigits)
      .superRefine((value, ctx) => {
        const error = stemNumberError(value)
        if (error) ctx.addIssue({ code: 'custom', message: 'validation.stemNumber' })
      }),
  ),
  schaleNr: text(28),
  name: text(30),
  firstName: text(30),
  zipCode: text(7),
  canton: optional(z.enum(CANTONS, 'validation.invalidOption')),
  sVnStatus: optional(z.enum(SEARCHABLE_STATUSES, 'validation.invalidOption')),
  sort: blankAsMissing(z.enum(SEARCH_ROW_KEYS, 'validation.invalidOption').default('sVnId')),
  order: blankAsMissing(z.enum(['asc', 'desc'], 'validation.invalidOption').default('asc')),
  // Paging of the API (ADR 502 addendum): the answer's rows are this page of the first SEARCH_LIMIT
  // matches; the defaults answer all of them. Not form fields: the portal sets them itself.
  page: wholeNumber(1, 999_999_999, 1),
  pageSize: wholeNumber(1, SEARCH_LIMIT, SEARCH_LIMIT),
})
export type SvnSearchInput = z.input<typeof SvnSearchSchema>
export type SvnSearchQuery = z.output<typeof SvnSearchSchema>
