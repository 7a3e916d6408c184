import type { MessageKey } from './i18n.ts'

/** ASVS 6.2.4: the 10 000 most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000
/** A shorter local part ("a@…") would refuse nearly everything without making anything safer. */
const MIN_LOCAL_PART = 3

let common: Promise<ReadonlySet<string>> | undefined

/**
 * The most common passwords, most frequent first, lower case: the first 10 000 of zxcvbn-ts's
 * `passwords-common` (the SecLists/xato ranking of leaked passwords). Loaded on first use (~0.1 s),
 * not at start-up.
 */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase())),
  )
  return common
}

/**
 * Why a new password may not be used, beyond its length (ADR 723): one of the 10 000 most common
 * passwords, or it contains the login e-mail address or its local part; case-insensitive.
 */
export async function passwordRuleError(password: string, login: string): Promise<MessageKey | null> {
  const candidate = password.normalize('NFC').toLowerCase()
  const email = login.trim().toLowerCase()
  const localPart = email.split('@')[0] ?? ''
  if (email && candidate.includes(email)) return 'setup.passwordContainsLogin'
  if (localPart.length >= MIN_LOCAL_PART && candidate.includes(localPart))
    return 'setup.passwordContainsLogin'
  if ((await commonPasswords()).has(candidate)) return 'setup.passwordCommon'
  return null
}
