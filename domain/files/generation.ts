import { z } from 'zod'
import { dateInputProblem, parseDateInput } from '../date-input.ts'
import { storable } from '../text.ts'

/** Spec §5 "File-generation form" / §9 field caps. */
export const REFERENZ_MAX = 15
export const MAKLER_NR_MAX = 10

/** Empty or blank means "not given". */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema)

const text = (max: number) =>
  blankAsMissing(
    z.string().trim().max(max, 'validation.maxLength').refine(storable, 'validation.invalid').optional(),
  )

/** A typed day in any accepted form (domain/date-input.ts), answered as yyyy-mm-dd. */
const day = blankAsMissing(
  z
    .string()
    .transform((value, ctx) => {
      const iso = parseDateInput(value)
      if (iso) return iso
      ctx.addIssue({ code: 'custom', message: dateInputProblem(value) })
      return z.NEVER
    })
    .optional(),
)

/** reload: `true` = all records in range, `false` = only new ones (the default, spec §9). */
const reload = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' || v === '' || v === null || v === undefined ? false : v),
  z.boolean('validation.invalidOption'),
)

/**
 * The file-generation form (spec §3, §5), as the portal checks its form and the register checks the
 * body of `POST /files/{type}/{format}`. Messages are translation keys. `von` after `bis` is an error
 * on `bis` (validation.dateRange).
 */
export const FileGenerationSchema = z
  .object({
    von: day,
    bis: day,
    referenz: text(REFERENZ_MAX),
    maklerNr: text(MAKLER_NR_MAX),
    reload: reload.default(false),
  })
  .superRefine((value, ctx) => {
    if (value.von && value.bis && value.von > value.bis) {
      ctx.addIssue({ code: 'custom', path: ['bis'], message: 'validation.dateRange' })
    }
  })
export type FileGenerationInput = z.input<typeof FileGenerationSchema>
export type FileGenerationRequest = z.output<typeof FileGenerationSchema>
