import { z } from 'zod'
import { CANTONS } from '../../domain/svn/cantons.ts'
import { isIsoDay } from '../../domain/svn/dates.ts'
import { IV_GRUND_CODES, SCHIFFSARTEN } from '../../domain/svn/enums.ts'
import { isValidStemNumber } from '../../domain/svn/stem-number.ts'

const isoDay = z.string().refine(isIsoDay, 'date format yyyy-mm-dd')
const grund = z
  .number()
  .int()
  .refine((v) => (IV_GRUND_CODES as number[]).includes(v), 'unknown reason')
const positive = z.number().positive()

const MotorSchema = z.object({
  markeTyp: z.string().max(60).nullable(),
  motorNr: z.string().max(30).nullable(),
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
    schaleNr: z.string().max(28),
    art: z
      .number()
      .int()
      .refine((v) => v in SCHIFFSARTEN, 'unknown boat type'),
    markeTyp: z.string().max(60),
    material: z.string().max(40),
    laenge: positive.max(500),
    breite: positive.max(100),
    anzPersonen: z.number().int().positive().max(10_000),
    ladung: z.number().int().nonnegative(),
    typenscheinNr: z.string().max(30),
    segelflaeche: positive.max(5_000),
    standort: z.string().max(60),
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
export const IdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'only digits allowed')
    .transform(Number),
})
