import { isRole, isUserType, ROLES, USER_TYPES, type Role, type UserType } from '../../../domain/roles.ts'
import {
  isBrokerCaller,
  offeredRoles,
  offeredTypes,
  type OfferingContext,
} from '../../../domain/users/offering.ts'
import { addRole, lockedRoles, removeRole, sortRoles } from '../../../domain/users/role-rules.ts'
import { defaultRolesForType } from '../../../domain/users/type-defaults.ts'
import type { UserJson } from '../../../domain/users/user-json.ts'
import { USER_LIMITS } from '../../../domain/users/user-limits.ts'
import { isValidationKey, type TranslationKey } from '../../lib/i18n-keys.ts'

/**
 * The user dialog's form model (spec §3 User, §5 User form), shared by the server (reading a post,
 * mapping the register's answer) and the browser (live role rules, the OK button's state). The rules
 * themselves are domain/users/*; this module only applies them to what the form shows.
 */

/** Spec §3 User as the register answers it (GET /users, GET /users/{id}). */
export type AdminUser = UserJson

export const USER_TEXT_FIELDS = [
  'nachname',
  'vorname',
  'email',
  'telefon',
  'fax',
  'strasse',
  'plz',
  'ort',
  'staat',
  'oeReferenz',
  'maklerNummer',
] as const
export type UserTextField = (typeof USER_TEXT_FIELDS)[number]

/** Every control of the form, in form order (the error summary lists errors in this order). */
export const USER_FORM_FIELDS = [
  'nachname',
  'vorname',
  'email',
  'telefon',
  'fax',
  'oeReferenz',
  'strasse',
  'plz',
  'ort',
  'staat',
  'type',
  'maklerNummer',
  'aktiv',
  'roles',
] as const
export type UserFormField = (typeof USER_FORM_FIELDS)[number]

/** What the form shows: text as typed, the type, active and the checked roles. */
export type UserFormValues = Record<UserTextField, string> & { type: string; aktiv: boolean; roles: Role[] }

/** Who edits: spec §6 offering plus whether the dialog shows the caller's own account. */
export type DialogContext = OfferingContext & { editingSelf: boolean }

export function emptyUserValues(type: UserType = 'SACHBEARBEITER'): UserFormValues {
  const text = Object.fromEntries(USER_TEXT_FIELDS.map((f) => [f, ''])) as Record<UserTextField, string>
  return { ...text, type, aktiv: true, roles: defaultRolesForType(type) }
}

export function valuesOfUser(user: AdminUser): UserFormValues {
  const text = Object.fromEntries(USER_TEXT_FIELDS.map((f) => [f, user[f] ?? ''])) as Record<
    UserTextField,
    string
  >
  return { ...text, type: user.type, aktiv: user.aktiv, roles: sortRoles(user.roles) }
}

/** A posted (or, in the browser, the current) form. Unknown roles are dropped. */
export function readUserForm(form: FormData): UserFormValues {
  const text = Object.fromEntries(
    USER_TEXT_FIELDS.map((f) => {
      const value = form.get(f)
      return [f, typeof value === 'string' ? value : '']
    }),
  ) as Record<UserTextField, string>
  const type = form.get('type')
  return {
    ...text,
    type: typeof type === 'string' ? type : '',
    aktiv: form.get('aktiv') === 'on',
    roles: sortRoles(form.getAll('roles').filter(isRole)),
  }
}

/** The body of POST/PUT /users (the register trims and turns '' into null itself). */
export function toUserInput(values: UserFormValues) {
  return { ...values, type: values.type === '' ? undefined : values.type }
}

/** Compares two form states regardless of how roles were toggled on the way. */
export function sameValues(a: UserFormValues, b: UserFormValues): boolean {
  return (
    JSON.stringify({ ...a, roles: sortRoles(a.roles) }) ===
    JSON.stringify({ ...b, roles: sortRoles(b.roles) })
  )
}

/**
 * Spec §2: the broker number field and the type buttons are hidden from a broker; the register does
 * not let a broker change them, so the server fills them in rather than trusting the form.
 */
export function withBrokerFixedFields(
  values: UserFormValues,
  context: DialogContext,
  existing: Pick<AdminUser, 'type' | 'maklerNummer'> | null,
): UserFormValues {
  if (!isBrokerCaller(context)) return values
  return {
    ...values,
    type: existing?.type ?? 'MAKLER',
    maklerNummer: existing ? (existing.maklerNummer ?? '') : (context.callerMaklerNummer ?? ''),
  }
}

/** Roles that the caller cannot uncheck (apart from the implied search roles). */
function fixedRoles(context: DialogContext, held: readonly Role[], isNew: boolean): Role[] {
  const fixed: Role[] = []
  if (isBrokerCaller(context) && (isNew || held.includes('MAKLER'))) fixed.push('MAKLER')
  if (context.editingSelf && held.includes('ADMIN')) fixed.push('ADMIN')
  return fixed
}

/** Choosing a type replaces the roles with its defaults (spec §4), keeping the roles that cannot go. */
export function rolesForType(
  type: string,
  context: DialogContext,
  held: readonly Role[],
  isNew: boolean,
): Role[] {
  const defaults = (USER_TYPES as readonly string[]).includes(type)
    ? defaultRolesForType(type as UserType)
    : []
  return fixedRoles(context, held, isNew).reduce(addRole, defaults)
}

/** Checking or unchecking one role with the rules of spec §4 (implied search roles, WIK-C). */
export function toggleRole(roles: readonly Role[], role: Role, checked: boolean): Role[] {
  return checked ? addRole(roles, role) : removeRole(roles, role)
}

export type LockReason = 'implied' | 'broker' | 'ownAdmin'
export interface RoleChoice {
  role: Role
  checked: boolean
  /** Shown checked and not changeable; the form still posts it. */
  lock: LockReason | null
}

/**
 * The role checkboxes: the roles spec §6 offers to this caller, plus any the user already holds (a
 * user keeps a role the caller could not grant, ADR 140), each checked or not and maybe locked.
 */
export function roleChoices(
  context: DialogContext,
  held: readonly Role[],
  current: readonly Role[],
  isNew: boolean,
): RoleChoice[] {
  const offered = offeredRoles(context)
  const implied = lockedRoles(current)
  const fixed = fixedRoles(context, held, isNew)
  return ROLES.filter((r) => offered.includes(r) || held.includes(r) || current.includes(r)).map((role) => {
    const checked = current.includes(role)
    const lock: LockReason | null = !checked
      ? null
      : fixed.includes(role)
        ? role === 'MAKLER'
          ? 'broker'
          : 'ownAdmin'
        : implied.includes(role)
          ? 'implied'
          : null
    return { role, checked, lock }
  })
}

/** The type choices (spec §2): the offered ones, plus the user's own type should it no longer be offered. */
export function typeChoices(context: DialogContext, current: string | null): UserType[] {
  const types = offeredTypes(context)
  if (isUserType(current) && !types.includes(current)) types.push(current)
  return types
}

/** A translation key and its values, for the server to translate in the user's language. */
export interface Message {
  key: TranslationKey
  values?: Record<string, string | number>
}

/** The register's messages that are not validation.* keys (spec §8, ADR 140), as portal translation keys. */
const REGISTER_MESSAGES: Readonly<Record<string, TranslationKey>> = {
  'Email must always be unique.': 'admin.users.errors.emailUnique',
  'roles.notGrantable': 'admin.users.errors.rolesNotGrantable',
  'roles.maklerNotRemovable': 'admin.users.errors.maklerNotRemovable',
  'roles.ownAdminNotRemovable': 'admin.users.errors.ownAdminNotRemovable',
  'user.notChangeable': 'admin.users.errors.notChangeable',
  'user.ownAccountNotDeactivatable': 'admin.users.errors.ownAccountNotDeactivatable',
  'roleGroup.nameNotUnique': 'admin.groups.errors.nameNotUnique',
}

/** One register message (a fieldErrors entry or `error`) as a portal message; unknown → "invalid". */
export function registerMessage(message: string, field?: string): Message {
  const known = REGISTER_MESSAGES[message]
  if (known) return { key: known }
  if (message === 'validation.maxLength' && field && field in USER_LIMITS)
    return { key: message, values: { max: USER_LIMITS[field as keyof typeof USER_LIMITS] } }
  if (isValidationKey(message)) return { key: message }
  return { key: 'validation.invalid' }
}

/**
 * The register's `fieldErrors` as one message per form control: `roles.3` (an unknown role) counts
 * for `roles`; keys of no control (e.g. `_`) are left to the caller's general message.
 */
export function registerFieldErrors(fieldErrors: Record<string, string[]> | undefined): {
  fields: Partial<Record<UserFormField, Message>>
  other: Message[]
} {
  const fields: Partial<Record<UserFormField, Message>> = {}
  const other: Message[] = []
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const field = key.split('.')[0] as UserFormField
    const first = messages[0]
    if (!first) continue
    if ((USER_FORM_FIELDS as readonly string[]).includes(field))
      fields[field] ??= registerMessage(first, field)
    else other.push(registerMessage(first))
  }
  return { fields, other }
}
