import { z } from 'zod'
import { isRole, type Role } from '../roles.ts'
import { storable } from '../text.ts'
import { API_CLIENT_NAME_MAX, API_CLIENT_VALIDATION } from './rules.ts'

// Apart from rules.ts so that the portal's screen, which needs the rules, does not ship zod (ADR 530).
/** POST /api-clients body: a name and at least one role (grantability is checked against the caller). */
export const newApiClientSchema = z.object({
  name: z
    .string({ error: API_CLIENT_VALIDATION.required })
    .trim()
    .min(1, { error: API_CLIENT_VALIDATION.required })
    .max(API_CLIENT_NAME_MAX, { error: API_CLIENT_VALIDATION.maxLength })
    // U+0000 or a lone surrogate: PostgreSQL cannot store it (a 500 found by the HTTP fuzz test).
    .refine(storable, { error: API_CLIENT_VALIDATION.invalid }),
  roles: z
    .array(z.string(), { error: API_CLIENT_VALIDATION.rolesRequired })
    .min(1, { error: API_CLIENT_VALIDATION.rolesRequired })
    .max(20, { error: API_CLIENT_VALIDATION.notGrantable })
    .refine((roles) => roles.every(isRole), { error: API_CLIENT_VALIDATION.notGrantable })
    .transform((roles) => roles as Role[]),
})
export type NewApiClient = z.output<typeof newApiClientSchema>
