import { z } from 'zod'
import { isPhoneNumber, postcodeProblem } from '../address.ts'
import { ROLES, USER_TYPES } from '../roles.ts'
import { STORED_INT, storable } from '../text.ts'
import { USER_LIMITS, USER_VALIDATION } from './user-limits.ts'

export { USER_LIMITS, USER_VALIDATION } from './user-limits.ts'

const requiredOr = (otherwise: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? USER_VALIDATION.required : otherwise,
})

/** '' (an empty form field), undefined and null all mean "not given" and are stored as null. */
const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value

function optionalText(max: number) {
  return z.preprocess(
    emptyToNull,
    z
      .string({ error: USER_VALIDATION.invalid })
      .trim()
      .max(max, { error: USER_VALIDATION.maxLength })
      .refine(storable, { error: USER_VALIDATION.invalid })
      .nullable(),
  )
}

/** A phone or fax number (domain/address.ts), or null when not given; the cap is checked first and alone. */
function optionalPhone(max: number) {
  return optionalText(max).refine((v) => v === null || isPhoneNumber(v), {
    error: USER_VALIDATION.phone,
    when: (payload) => payload.issues.length === 0,
  })
}

function requiredText(max: number) {
  return z
    .string(requiredOr(USER_VALIDATION.invalid))
    .trim()
    .min(1, { error: USER_VALIDATION.required })
    .max(max, { error: USER_VALIDATION.maxLength })
    .refine(storable, { error: USER_VALIDATION.invalid })
}

/** The editable fields of spec §3 User (no id, version or read-only groupRoles). */
export const userFieldsSchema = z.object({
  vorname: optionalText(USER_LIMITS.vorname),
  nachname: requiredText(USER_LIMITS.nachname),
  strasse: optionalText(USER_LIMITS.strasse),
  plz: optionalText(USER_LIMITS.plz),
  ort: optionalText(USER_LIMITS.ort),
  staat: optionalText(USER_LIMITS.staat),
  fax: optionalPhone(USER_LIMITS.fax),
  telefon: optionalPhone(USER_LIMITS.telefon),
  email: requiredText(USER_LIMITS.email).pipe(z.email({ error: USER_VALIDATION.email })),
  oeReferenz: optionalText(USER_LIMITS.oeReferenz),
  type: z.enum(USER_TYPES, requiredOr(USER_VALIDATION.invalidOption)),
  maklerNummer: optionalText(USER_LIMITS.maklerNummer),
  aktiv: z.boolean({ error: USER_VALIDATION.invalid }).default(true),
  /** Optional: without it the roles stay as they are (update) or become the type defaults (create). */
  roles: z.array(z.enum(ROLES, { error: USER_VALIDATION.invalidOption })).optional(),
})

type UserFields = z.output<typeof userFieldsSchema>

/** Spec §5: maklerNummer is required only while MAKLER is among the roles. */
export function maklerNummerMissing(fields: Pick<UserFields, 'maklerNummer'>, roles: readonly string[]) {
  return roles.includes('MAKLER') && !fields.maklerNummer
}

/** Whether a parse so far has no issue on one of these fields (a cross-field rule may then run). */
const fieldsClean =
  (...names: string[]) =>
  (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => {
      const first = issue.path?.[0]
      return first === undefined || names.includes(String(first))
    })

/**
 * The rules across fields: the broker number with the MAKLER role (when the whole form is valid), and
 * the postcode's form for its country (as soon as postcode and country are), so one summary names
 * that problem beside the others.
 */
function withCrossFieldRules<T extends z.ZodType<UserFields>>(schema: T) {
  return schema
    .superRefine((fields, ctx) => {
      if (fields.roles && maklerNummerMissing(fields, fields.roles)) {
        ctx.addIssue({ code: 'custom', path: ['maklerNummer'], message: USER_VALIDATION.required })
      }
    })
    .refine((fields: UserFields) => fields.plz === null || !postcodeProblem(fields.plz, fields.staat), {
      path: ['plz'],
      error: USER_VALIDATION.swissPostcode,
      when: fieldsClean('plz', 'staat'),
    })
}

/** A new user (POST /users; the create dialog). Unknown keys such as id or groupRoles are dropped. */
export const newUserSchema = withCrossFieldRules(userFieldsSchema)

/** An edited user (PUT /users; the edit dialog): the fields plus id and the version it was read at. */
export const editedUserSchema = withCrossFieldRules(
  userFieldsSchema.extend({
    id: z
      .number(requiredOr(USER_VALIDATION.invalid))
      .int()
      .positive({ error: USER_VALIDATION.invalid })
      .max(STORED_INT.max, { error: USER_VALIDATION.invalid }),
    version: z
      .number(requiredOr(USER_VALIDATION.invalid))
      .int()
      .min(0, { error: USER_VALIDATION.invalid })
      .max(STORED_INT.max, { error: USER_VALIDATION.invalid }),
  }),
)

export type NewUser = z.output<typeof newUserSchema>
export type EditedUser = z.output<typeof editedUserSchema>
