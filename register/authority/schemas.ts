import { z } from 'zod'
import { CANTONS } from '../../domain/svn/cantons.ts'
import { isIsoDay } from '../../domain/svn/dates.ts'
import { IV_GRUND_CODES, SCHIFFSARTEN } from '../../domain/svn/enums.ts'
import { isValidStemNumber } from '../../domain/svn/stem-number.ts'
import { STORED_INT, storable } from '../../domain/text.ts'

const isoDay = z.string().refine(isIsoDay, 'date format yyyy-mm-dd')
const grund = z
  .number()
  .int()
  .refine((v) => (IV_GRUND_CODES as number[]).includes(v), 'unknown reason')
const positive = z.number().positive()
/** Free text of the canton's systems, stored as is. */
const text = (max: number) => z.string().max(max).refine(storable, 'invalid text')

const MotorSchema = z.object({
  markeTyp: text(60).nullable(),
  motorNr: text(30).nullable(),
  leistung: positive.max(10_000).nullable(),
})

/** Boat data of an IV notification (spec §2 notification view); every field optional. */
export const SchiffSchema = z
  .object({
    schildKanton: z.enum(CANTONS),
    schildNr: z.number().int().positive().max(999_999_999_999),
    erstIV: isoDay,
    stammNr: z
      .number()
      .int()
      .positive()
      .refine((v) => isValidStemNumber(String(v)), 'invalid stem number'),
    schaleNr: text(28),
    art: z
      .number()
      .int()
      .refine((v) => v in SCHIFFSARTEN, 'unknown boat type'),
    markeTyp: text(60),
    material: text(40),
    laenge: positive.max(500),
    breite: positive.max(100),
    anzPersonen: z.number().int().positive().max(10_000),
    ladung: z.number().int().nonnegative().max(STORED_INT.max),
    typenscheinNr: text(30),
    segelflaeche: positive.max(5_000),
    standort: text(60),
    motor: z.array(MotorSchema).max(10),
  })
  .partial()
  .strict()

export const IvBody = z.object({
  datum: isoDay.optional(),
  grund: grund.optional(),
  schiff: SchiffSchema.optional(),
})
export const AvBody = z.object({ datum: isoDay.optional(), grund })
export const RejectBody = z.object({ reason: z.string().regex(/^\d{1,4}$/, 'reason code') })
export { IdParam } from '../validation.ts'
