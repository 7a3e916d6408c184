import { randomUUID } from 'node:crypto'
import type { Translate } from './translate.ts'
import { type RouterContextProvider } from 'react-router'
import {
  CREATE_FIELD_NAMES,
  createField,
  defaultReferenz,
  emptyCreateValues,
  GUELTIG_AB_MAX_DAYS_BACK,
  valuesFrom,
  type CreateFieldName,
  type CreateSvnValues,
} from '../../domain/svn/create.ts'
import type { Language } from '../../domain/languages.ts'
import type { UserJson } from '../../domain/users/user-json.ts'
import { appContext } from './context.ts'
import { isValidationKey } from './i18n-keys.ts'
import { RegisterError, registerFetch, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** The register calls of the create screen (domain/svn/create.ts has the contract). */

/** GET /users/self as far as the create screen reads it (spec §3 "fields read by the create screen"). */
export type CreateSelf = Pick<
  UserJson,
  | 'id'
  | 'vorname'
  | 'nachname'
  | 'strasse'
  | 'plz'
  | 'ort'
  | 'staat'
  | 'telefon'
  | 'fax'
  | 'email'
  | 'oeReferenz'
  | 'maklerNummer'
> & { versicherungsgesellschaft: { gsCode: string; name: string; vgReferenz?: string | null } }

export async function loadSelf(context: Context, session: Session): Promise<CreateSelf> {
  const { config } = context.get(appContext)
  return registerJson<CreateSelf>(config, session.data.accessToken, '/users/self')
}

/** The empty form of this user: contact from the user record, the reference default, special use none. */
export function freshValues(self: CreateSelf, referenz: string): CreateSvnValues {
  const values = emptyCreateValues()
  values.kontakt = {
    name: [self.vorname, self.nachname].filter(Boolean).join(' '),
    strasse: self.strasse ?? '',
    plz: self.plz ?? '',
    ort: self.ort ?? '',
    staat: self.staat ?? '',
    telefon: self.telefon ?? '',
    fax: self.fax ?? '',
    email: self.email ?? '',
  }
  values.versicherungsdaten.referenz = referenz
  return values
}

export function referenzDefaultOf(self: CreateSelf, language: Language): string {
  return defaultReferenz({
    oeReferenz: self.oeReferenz,
    vgReferenz: self.versicherungsgesellschaft.vgReferenz ?? null,
    language,
  })
}

/** A new one-time form token: the same form posted twice makes one SVN (DESIGN §5 "Create"). */
export function newFormToken(): string {
  return randomUUID()
}

/** The posted form's values by their dotted names (unknown names, e.g. gscode, are not read). */
export function postedValues(form: FormData): CreateSvnValues {
  return valuesFrom((name) => form.get(name))
}

export interface StoredDraft {
  values: CreateSvnValues
  updatedAt: string
}

/** The user's draft (GET svn/draft: 200 or 204), or null; a broken or missing draft counts as none. */
export async function loadDraft(context: Context, session: Session): Promise<StoredDraft | null> {
  const { config } = context.get(appContext)
  try {
    const draft = await registerJson<{ values: unknown; updatedAt: string } | undefined>(
      config,
      session.data.accessToken,
      '/svn/draft',
    )
    if (!draft || typeof draft.values !== 'object' || draft.values === null) return null
    const stored = draft.values as Record<string, unknown>
    // Read back through the field list: whatever else the JSON holds is ignored.
    return { values: valuesFrom((name) => valueAtPath(stored, name)), updatedAt: draft.updatedAt }
  } catch (error) {
    if (error instanceof RegisterError && error.status === 404) return null
    throw error
  }
}

function valueAtPath(values: Record<string, unknown>, name: string): unknown {
  let current: unknown = values
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object') return ''
    current = (current as Record<string, unknown>)[part]
  }
  return current
}

export async function saveDraft(
  context: Context,
  session: Session,
  values: CreateSvnValues,
): Promise<{ updatedAt: string }> {
  const { config } = context.get(appContext)
  return registerJson<{ updatedAt: string }>(config, session.data.accessToken, '/svn/draft', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(values),
  })
}

export async function deleteDraft(context: Context, session: Session): Promise<void> {
  const { config } = context.get(appContext)
  try {
    await registerFetch(config, session.data.accessToken, '/svn/draft', { method: 'DELETE' })
  } catch (error) {
    if (error instanceof RegisterError && error.status === 404) return
    throw error
  }
}

export type CreateOutcome =
  | { result: 'created'; svnID: number }
  | { result: 'invalid'; fieldErrors: Record<string, string[]> }
  | { result: 'refused'; status: number }

/** POST svn/create; the register checks everything again and answers the same SVN for a repeated token. */
export async function postCreate(
  context: Context,
  session: Session,
  formToken: string,
  values: CreateSvnValues,
): Promise<CreateOutcome> {
  const { config } = context.get(appContext)
  try {
    const { svnID } = await registerJson<{ svnID: number }>(config, session.data.accessToken, '/svn/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ formToken, values }),
    })
    return { result: 'created', svnID }
  } catch (error) {
    if (error instanceof RegisterError && error.status === 400) {
      const named = (error.body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {}
      return { result: 'invalid', fieldErrors: named }
    }
    if (error instanceof RegisterError && (error.status === 409 || error.status === 403))
      return { result: 'refused', status: error.status }
    throw error
  }
}

/**
 * The register's 400 fieldErrors (translation keys without their numbers) as inline messages: the caps
 * come from the field list; a key for a field the form does not show is reported under `_form`.
 */
export function translateRegisterErrors(t: Translate, fieldErrors: Record<string, string[]>) {
  const errors: Partial<Record<CreateFieldName | '_form', string>> = {}
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const key = messages[0] ?? 'validation.invalid'
    const safeKey = isValidationKey(key) ? key : 'validation.invalid'
    if ((CREATE_FIELD_NAMES as readonly string[]).includes(name)) {
      const field = createField(name as CreateFieldName)
      errors[name as CreateFieldName] ??= t(safeKey, {
        max: field.maxLength,
        min: field.minLength,
        days: GUELTIG_AB_MAX_DAYS_BACK,
      })
    } else {
      errors._form ??= t('svnCreate.errors.rejected')
    }
  }
  return errors
}
