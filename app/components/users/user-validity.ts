import { newUserSchema } from '../../../domain/users/user-schema.ts'
import { toUserInput, type UserFormValues } from './user-form.ts'

/**
 * True when the values pass the same schema the register checks (the OK button with JS). Its own module:
 * the dialog imports it after hydration, so zod is not part of the page's first load (ADR 511).
 */
export function isValidUser(values: UserFormValues): boolean {
  return newUserSchema.safeParse(toUserInput(values)).success
}
