import { z } from 'zod'
import { storable } from '../text.ts'
import { ADDRESS_VALIDATION, isPhoneNumber, postcodeProblem } from '../address.ts'
import { dateInputProblem, formatDateDisplay, parseDateInput } from '../date-input.ts'
import type { Role } from '../roles.ts'
import { CANTONS, type Canton } from './cantons.ts'
import { addDays } from './dates.ts'
import { BES_VERWENDUNGEN, IV_GRUND_CODES, PERSONEN_TYPEN, SCHIFFSARTEN, type PersonenTyp } from './enums.ts'
import { stemNumberError, stripNonDigits } from './stem-number.ts'
import type { Svn } from './types.ts'

/*
 * SVN create form (spec §2 "SVN create screen", §3 Svn, §5 "Create form"; DESIGN §5 "Create", "Drafts").
 * ONE definition of its fields and rules for the portal screen, the register and the mass import.
 *
 * CONTRACT
 * - Field names are dotted paths of the spec §3 shape: `halter.person.name`, `schiff.stammNr`,
 *   `versicherungsdaten.gueltigAb`, `wikCGueltigAb`, ... (CREATE_FIELDS lists them in screen order).
 *   HTML controls carry exactly these names (DESIGN §7); errors are keyed by the same dotted paths.
 * - Input (CreateSvnValues): the nested object of strings a form posts; '' (or blank, missing, null)
 *   means "not given". Numbers are accepted too (spreadsheet cells). Dates may be typed as dd.mm.yyyy,
 *   d.m.yyyy, ddmmyyyy or yyyy-mm-dd. Unknown keys (gsCode, maklerNr, benutzer, ...) are dropped.
 * - Output (CreateSvn): typed values ready to store: numbers for art, ivGrund, besVerwendung, stammNr,
 *   schildNr; dates yyyy-mm-dd; null for "not given".
 * - Messages are translation keys `validation.*`; `validation.maxLength`/`minLength` carry
 *   params {max}/{min}, `validation.dateOlderThan` params {days}: app/lib/validation.ts fills them in.
 * - `createSvnSchema({ today, canWikC })`: today is the Europe/Zurich day (yyyy-mm-dd, `zurichDay`),
 *   canWikC whether the caller holds SVN_ERSTELLEN_WIK_C (without it wikCGueltigAb is ignored → null).
 *
 * REGISTER (register/svn/create.ts, draft.ts; role SVN_ERSTELLEN or SVN_ERSTELLEN_WIK_C, as the route)
 * - POST svn/create  body { formToken: string (8–100 of [A-Za-z0-9._~-], one per form), values: CreateSvnValues }
 *     201 { svnID } created (status OPEN; gsCode, maklerNr, benutzer from the caller, never the form)
 *     200 { svnID } the same formToken was posted before by the same user: the SVN created then
 *     400 { error: 'validation failed', fieldErrors: { 'halter.person.name': ['validation.required'], ... } }
 *         (formToken problems under key 'formToken'); 401/403 as everywhere (403 'no broker number'
 *         for a MAKLER token whose user has none); 409 token of another user; 413 body over 64 KB.
 *     "today" is the register's own Europe/Zurich day (the portal's ?today override is not sent).
 *     A successful create deletes the caller's draft in the same transaction.
 * - POST svn/draft   body: the raw form values as JSON (an object, at most 64 KB) → 200 { updatedAt }
 *     Only the CREATE_FIELD_NAMES values are kept, each as a string (anything else is dropped);
 *     400 when the body is no JSON object, 413 when too large.
 *   GET  svn/draft   → 200 { values: CreateSvnValues, updatedAt } or 204 when there is none
 *   DELETE svn/draft → 204 (also when there was none)
 * - Template: GET svn/details?svnId= then `svnToCreateValues(svn)`.
 */

/** Route authorities of svn/create (domain/access.ts); the register checks the same. */
export const SVN_CREATE_AUTHORITIES: readonly Role[] = ['SVN_ERSTELLEN', 'SVN_ERSTELLEN_WIK_C']
export const WIK_C_ROLE: Role = 'SVN_ERSTELLEN_WIK_C'

/** Spec §9 "Valid-from limit": gueltigAb at most this many days in the past. */
export const GUELTIG_AB_MAX_DAYS_BACK = 30
/** Special use "collective permit": boat data not required and sent as null (spec §5). */
export const COLLECTIVE_PERMIT = 3
/** The select's "none" entry: an empty special use means none. */
export const NO_SPECIAL_USE = 0
/** Plate numbers: positive integers; 12 digits as the search form's cap. */
export const SCHILD_NR_MAX_DIGITS = 12

// ---------------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------------

/** Display sections of spec §2, in screen order (special use is shown with the boat). */
export const CREATE_SECTIONS = ['halter', 'schiff', 'kontakt', 'schild', 'versicherungsdaten'] as const
export type CreateSection = (typeof CREATE_SECTIONS)[number]

/**
 * When a field is required: always, never, only for a natural person, by the Stammnummer-or-
 * Schalennummer rule, or unless special use is the collective permit. `isFieldRequired` evaluates it.
 */
export type Requirement = 'always' | 'never' | 'whenNatural' | 'stammOrSchale' | 'unlessCollective'

export interface CreateField {
  /** Dotted path, also the HTML control name and the fieldErrors key. */
  name: CreateFieldName
  section: CreateSection
  /** Sub-group inside the section (the holder's address), for fieldsets. */
  group?: 'person' | 'adresse'
  kind: 'text' | 'select' | 'date'
  required: Requirement
  maxLength?: number
  minLength?: number
  /** Values of a select, in display order (translation keys are the screen's business). */
  options?: readonly string[]
  /** Only shown and accepted for callers with SVN_ERSTELLEN_WIK_C. */
  wikC?: true
  /** A hint for input mode (numeric keypad, tel, email). */
  inputMode?: 'numeric' | 'tel' | 'email'
}

export const CREATE_FIELD_NAMES = [
  'halter.person.personenTyp',
  'halter.person.name',
  'halter.person.geburtsname',
  'halter.person.vorname',
  'halter.person.geburtsdatum',
  'halter.person.heimatstaat',
  'halter.adresse.strasse',
  'halter.adresse.plz',
  'halter.adresse.ort',
  'halter.adresse.staat',
  'halter.adresse.coKontakt',
  'versicherungsdaten.besVerwendung',
  'schiff.stammNr',
  'schiff.schaleNr',
  'schiff.art',
  'schiff.markeTyp',
  'kontakt.name',
  'kontakt.strasse',
  'kontakt.plz',
  'kontakt.ort',
  'kontakt.staat',
  'kontakt.telefon',
  'kontakt.fax',
  'kontakt.email',
  'schild.kanton',
  'schild.schildNr',
  'versicherungsdaten.referenz',
  'versicherungsdaten.ivGrund',
  'versicherungsdaten.gueltigAb',
  'wikCGueltigAb',
] as const
export type CreateFieldName = (typeof CREATE_FIELD_NAMES)[number]

const SCHIFFSART_OPTIONS = Object.keys(SCHIFFSARTEN)
const IV_GRUND_OPTIONS = IV_GRUND_CODES.map(String)
const BES_VERWENDUNG_OPTIONS = Object.keys(BES_VERWENDUNGEN)

/** Every field of the create form, in screen order, with the caps of spec §5. */
export const CREATE_FIELDS: readonly CreateField[] = [
  {
    name: 'halter.person.personenTyp',
    section: 'halter',
    group: 'person',
    kind: 'select',
    required: 'always',
    options: PERSONEN_TYPEN,
  },
  {
    name: 'halter.person.name',
    section: 'halter',
    group: 'person',
    kind: 'text',
    required: 'always',
    maxLength: 30,
  },
  {
    name: 'halter.person.geburtsname',
    section: 'halter',
    group: 'person',
    kind: 'text',
    required: 'never',
    maxLength: 30,
  },
  {
    name: 'halter.person.vorname',
    section: 'halter',
    group: 'person',
    kind: 'text',
    required: 'whenNatural',
    maxLength: 30,
  },
  {
    name: 'halter.person.geburtsdatum',
    section: 'halter',
    group: 'person',
    kind: 'date',
    required: 'whenNatural',
  },
  {
    name: 'halter.person.heimatstaat',
    section: 'halter',
    group: 'person',
    kind: 'text',
    required: 'never',
    maxLength: 4,
  },
  {
    name: 'halter.adresse.strasse',
    section: 'halter',
    group: 'adresse',
    kind: 'text',
    required: 'always',
    maxLength: 30,
  },
  {
    name: 'halter.adresse.plz',
    section: 'halter',
    group: 'adresse',
    kind: 'text',
    required: 'always',
    minLength: 4,
    maxLength: 7,
  },
  {
    name: 'halter.adresse.ort',
    section: 'halter',
    group: 'adresse',
    kind: 'text',
    required: 'always',
    maxLength: 30,
  },
  {
    name: 'halter.adresse.staat',
    section: 'halter',
    group: 'adresse',
    kind: 'text',
    required: 'never',
    maxLength: 4,
  },
  {
    name: 'halter.adresse.coKontakt',
    section: 'halter',
    group: 'adresse',
    kind: 'text',
    required: 'never',
    maxLength: 30,
  },
  {
    name: 'versicherungsdaten.besVerwendung',
    section: 'schiff',
    kind: 'select',
    required: 'never',
    options: BES_VERWENDUNG_OPTIONS,
  },
  {
    name: 'schiff.stammNr',
    section: 'schiff',
    kind: 'text',
    required: 'stammOrSchale',
    maxLength: 15,
    inputMode: 'numeric',
  },
  { name: 'schiff.schaleNr', section: 'schiff', kind: 'text', required: 'stammOrSchale', maxLength: 28 },
  {
    name: 'schiff.art',
    section: 'schiff',
    kind: 'select',
    required: 'unlessCollective',
    options: SCHIFFSART_OPTIONS,
  },
  { name: 'schiff.markeTyp', section: 'schiff', kind: 'text', required: 'unlessCollective', maxLength: 60 },
  { name: 'kontakt.name', section: 'kontakt', kind: 'text', required: 'always', maxLength: 100 },
  { name: 'kontakt.strasse', section: 'kontakt', kind: 'text', required: 'always', maxLength: 100 },
  { name: 'kontakt.plz', section: 'kontakt', kind: 'text', required: 'always', minLength: 4, maxLength: 7 },
  { name: 'kontakt.ort', section: 'kontakt', kind: 'text', required: 'always', maxLength: 100 },
  { name: 'kontakt.staat', section: 'kontakt', kind: 'text', required: 'never', maxLength: 4 },
  {
    name: 'kontakt.telefon',
    section: 'kontakt',
    kind: 'text',
    required: 'never',
    maxLength: 100,
    inputMode: 'tel',
  },
  {
    name: 'kontakt.fax',
    section: 'kontakt',
    kind: 'text',
    required: 'never',
    maxLength: 100,
    inputMode: 'tel',
  },
  {
    name: 'kontakt.email',
    section: 'kontakt',
    kind: 'text',
    required: 'never',
    maxLength: 100,
    inputMode: 'email',
  },
  { name: 'schild.kanton', section: 'schild', kind: 'select', required: 'always', options: CANTONS },
  {
    name: 'schild.schildNr',
    section: 'schild',
    kind: 'text',
    required: 'never',
    maxLength: SCHILD_NR_MAX_DIGITS,
    inputMode: 'numeric',
  },
  {
    name: 'versicherungsdaten.referenz',
    section: 'versicherungsdaten',
    kind: 'text',
    required: 'always',
    maxLength: 64,
  },
  {
    name: 'versicherungsdaten.ivGrund',
    section: 'versicherungsdaten',
    kind: 'select',
    required: 'always',
    options: IV_GRUND_OPTIONS,
  },
  { name: 'versicherungsdaten.gueltigAb', section: 'versicherungsdaten', kind: 'date', required: 'always' },
  { name: 'wikCGueltigAb', section: 'versicherungsdaten', kind: 'date', required: 'never', wikC: true },
]

export function createField(name: CreateFieldName): CreateField {
  const field = CREATE_FIELDS.find((f) => f.name === name)
  if (!field) throw new Error(`unknown create field ${name}`)
  return field
}

// ---------------------------------------------------------------------------------------------------
// Values (what the form posts, drafts store and templates fill in)
// ---------------------------------------------------------------------------------------------------

/** The raw form values: every field a string, '' when empty. */
export interface CreateSvnValues {
  halter: {
    person: {
      personenTyp: string
      name: string
      geburtsname: string
      vorname: string
      geburtsdatum: string
      heimatstaat: string
    }
    adresse: { strasse: string; plz: string; ort: string; staat: string; coKontakt: string }
  }
  schiff: { stammNr: string; schaleNr: string; art: string; markeTyp: string }
  schild: { kanton: string; schildNr: string }
  kontakt: {
    name: string
    strasse: string
    plz: string
    ort: string
    staat: string
    telefon: string
    fax: string
    email: string
  }
  versicherungsdaten: { referenz: string; ivGrund: string; gueltigAb: string; besVerwendung: string }
  wikCGueltigAb: string
}

/** Reads a dotted path out of (possibly partial or untrusted) nested values; '' when absent. */
export function valueAt(values: unknown, name: string): string {
  let current: unknown = values
  for (const part of name.split('.')) {
    if (current === null || typeof current !== 'object') return ''
    current = (current as Record<string, unknown>)[part]
  }
  if (typeof current === 'string') return current
  if (typeof current === 'number' && Number.isFinite(current)) return String(current)
  return ''
}

/** Builds nested values from a lookup by dotted name (e.g. FormData.get, a spreadsheet row). */
export function valuesFrom(get: (name: CreateFieldName) => unknown): CreateSvnValues {
  const root: Record<string, unknown> = {}
  for (const name of CREATE_FIELD_NAMES) {
    const raw = get(name)
    const value = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : ''
    const parts = name.split('.')
    let node = root
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    }
    node[parts[parts.length - 1] as string] = value
  }
  return root as unknown as CreateSvnValues
}

/** An empty form: special use "none", everything else ''. */
export function emptyCreateValues(): CreateSvnValues {
  return valuesFrom((name) => (name === 'versicherungsdaten.besVerwendung' ? String(NO_SPECIAL_USE) : ''))
}

/** Whether a field is required for the values as they stand (for aria-required and the import). */
export function isFieldRequired(field: CreateField, values: unknown): boolean {
  switch (field.required) {
    case 'always':
      return true
    case 'never':
      return false
    case 'whenNatural':
      return valueAt(values, 'halter.person.personenTyp').trim() === 'NATUERLICH'
    case 'stammOrSchale':
      return (
        !isCollectivePermit(values) &&
        valueAt(values, 'schiff.stammNr').trim() === '' &&
        valueAt(values, 'schiff.schaleNr').trim() === ''
      )
    case 'unlessCollective':
      return !isCollectivePermit(values)
  }
}

function isCollectivePermit(values: unknown): boolean {
  return valueAt(values, 'versicherungsdaten.besVerwendung').trim() === String(COLLECTIVE_PERMIT)
}

/**
 * Template (`svn/create?template={id}`, spec §4): the record's data as form values, valid-from cleared.
 * WIK-C valid-from is a valid-from too and is cleared as well (ADR 160). Dates come as dd.mm.yyyy,
 * the Stammnummer as digits padded to 9.
 */
export function svnToCreateValues(record: Svn): CreateSvnValues {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))
  const date = (v: string | null | undefined) => (v ? formatDateDisplay(v) : '')
  const { person, adresse } = record.halter
  const v = record.versicherungsdaten
  return {
    halter: {
      person: {
        personenTyp: text(person.personenTyp),
        name: text(person.name),
        geburtsname: text(person.geburtsname),
        vorname: text(person.vorname),
        geburtsdatum: date(person.geburtsdatum),
        heimatstaat: text(person.heimatstaat),
      },
      adresse: {
        strasse: text(adresse.strasse),
        plz: text(adresse.plz),
        ort: text(adresse.ort),
        staat: text(adresse.staat),
        coKontakt: text(adresse.coKontakt),
      },
    },
    schiff: {
      stammNr: record.schiff.stammNr === null ? '' : String(record.schiff.stammNr).padStart(9, '0'),
      schaleNr: text(record.schiff.schaleNr),
      art: text(record.schiff.art),
      markeTyp: text(record.schiff.markeTyp),
    },
    schild: { kanton: text(record.schild.kanton), schildNr: text(record.schild.schildNr) },
    kontakt: {
      name: text(record.kontakt.name),
      strasse: text(record.kontakt.strasse),
      plz: text(record.kontakt.plz),
      ort: text(record.kontakt.ort),
      staat: text(record.kontakt.staat),
      telefon: text(record.kontakt.telefon),
      fax: text(record.kontakt.fax),
      email: text(record.kontakt.email),
    },
    versicherungsdaten: {
      referenz: text(v.referenz),
      ivGrund: text(v.ivGrund),
      gueltigAb: '',
      besVerwendung: v.besVerwendung === null ? String(NO_SPECIAL_USE) : String(v.besVerwendung),
    },
    wikCGueltigAb: '',
  }
}

// ---------------------------------------------------------------------------------------------------
// Reference default (spec §2)
// ---------------------------------------------------------------------------------------------------

/** The language default of the reference field (spec §2; en is ours). */
export const REFERENZ_LANGUAGE_DEFAULTS = {
  de: 'OE-Referenz / VG-Referenz',
  fr: 'Référence UO / Référence assureur',
  it: 'Referenza UO / Referenza assicuratore',
  en: 'OU reference / Insurer reference',
} as const

/**
 * The reference a new form starts with: the user's office reference and the insurer's reference
 * joined by ' / ' (either alone when the other is missing), else the language default.
 */
export function defaultReferenz(options: {
  oeReferenz?: string | null
  vgReferenz?: string | null
  language: string
}): string {
  const parts = [options.oeReferenz, options.vgReferenz].map((p) => p?.trim() ?? '').filter((p) => p !== '')
  if (parts.length > 0) return parts.join(' / ')
  const lang = options.language as keyof typeof REFERENZ_LANGUAGE_DEFAULTS
  return REFERENZ_LANGUAGE_DEFAULTS[lang] ?? REFERENZ_LANGUAGE_DEFAULTS.de
}

/** Spec §2: the reference is refilled with the default when it is empty or just '/'. */
export function referenzNeedsDefault(value: string | null | undefined): boolean {
  const trimmed = (value ?? '').trim()
  return trimmed === '' || trimmed === '/'
}

/** True for one of the language defaults (cleared on focus, spec §2). */
export function isLanguageDefaultReferenz(value: string): boolean {
  return (Object.values(REFERENZ_LANGUAGE_DEFAULTS) as string[]).includes(value.trim())
}

// ---------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------

/** Validated create form, shaped to store (register/svn/service.ts NewSvn). */
export interface CreateSvn {
  halter: {
    person: {
      personenTyp: PersonenTyp
      name: string
      geburtsname: string | null
      vorname: string | null
      geburtsdatum: string | null
      heimatstaat: string | null
    }
    adresse: { strasse: string; plz: string; ort: string; staat: string | null; coKontakt: string | null }
  }
  schiff: { stammNr: number | null; schaleNr: string | null; art: number | null; markeTyp: string | null }
  schild: { kanton: Canton; schildNr: number | null }
  kontakt: {
    name: string
    strasse: string
    plz: string
    ort: string
    staat: string | null
    telefon: string | null
    fax: string | null
    email: string | null
  }
  versicherungsdaten: { referenz: string; ivGrund: number; gueltigAb: string; besVerwendung: number }
  wikCGueltigAb: string | null
}

export const CREATE_VALIDATION = {
  required: 'validation.required',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  invalid: 'validation.invalid',
  invalidOption: 'validation.invalidOption',
  email: 'validation.email',
  stemNumber: 'validation.stemNumber',
  stammOrSchale: 'validation.stammOrSchale',
  schildNummerDigits: 'validation.schildNummerDigits',
  dateFormat: 'validation.dateFormat',
  dateNotReal: 'validation.dateNotReal',
  ...ADDRESS_VALIDATION,
  dateOlderThan: 'validation.dateOlderThan',
  dateInFuture: 'validation.dateInFuture',
} as const

/** '' / blank / missing / null → null; numbers become text; strings are trimmed; anything else stays. */
function toText(value: unknown): unknown {
  if (value === undefined || value === null) return null
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : value
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  return value
}

const section = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? {} : v),
    z.object(shape, { error: CREATE_VALIDATION.invalid }),
  )

/**
 * Structure only: every field read as trimmed text or null. The rules run over this in one pass.
 * Built on first use, not at import: the create form imports this module for CREATE_FIELDS, and zod
 * calls at module level would pull zod into its client bundle (ADR 511).
 */
function buildRawSchema() {
  const loose = z.preprocess(
    toText,
    z.string({ error: CREATE_VALIDATION.invalid }).refine(storable, CREATE_VALIDATION.invalid).nullable(),
  )
  return z.object(
    {
      halter: section({
        person: section({
          personenTyp: loose,
          name: loose,
          geburtsname: loose,
          vorname: loose,
          geburtsdatum: loose,
          heimatstaat: loose,
        }),
        adresse: section({ strasse: loose, plz: loose, ort: loose, staat: loose, coKontakt: loose }),
      }),
      schiff: section({ stammNr: loose, schaleNr: loose, art: loose, markeTyp: loose }),
      schild: section({ kanton: loose, schildNr: loose }),
      kontakt: section({
        name: loose,
        strasse: loose,
        plz: loose,
        ort: loose,
        staat: loose,
        telefon: loose,
        fax: loose,
        email: loose,
      }),
      versicherungsdaten: section({
        referenz: loose,
        ivGrund: loose,
        gueltigAb: loose,
        besVerwendung: loose,
      }),
      wikCGueltigAb: loose,
    },
    { error: CREATE_VALIDATION.invalid },
  )
}
type Raw = z.output<ReturnType<typeof buildRawSchema>>
let built: { raw: ReturnType<typeof buildRawSchema>; email: z.ZodEmail } | undefined
const schemas = () => (built ??= { raw: buildRawSchema(), email: z.email() })

/**
 * The Stammnummer as the hull rule reads it: digits only; 7 or 8 digits (a number pasted without its
 * leading zeros) are padded with zeros to 9 (spec §5). Returns the digits or null.
 */
export function normaliseStammNr(text: string): string {
  const digits = stripNonDigits(text)
  return digits.length === 7 || digits.length === 8 ? digits.padStart(9, '0') : digits
}

export interface CreateSchemaOptions {
  /** Today in Europe/Zurich, yyyy-mm-dd (zurichDay(new Date()) or the portal's ?today override). */
  today: string
  /** The caller holds SVN_ERSTELLEN_WIK_C: wikCGueltigAb is read; otherwise it is ignored. */
  canWikC: boolean
}

/** The create form's schema: CreateSvnValues (or any partial / looser JSON) → CreateSvn. */
export function createSvnSchema(options: CreateSchemaOptions) {
  const oldest = addDays(options.today, -GUELTIG_AB_MAX_DAYS_BACK)
  const { raw: rawSchema, email: emailSchema } = schemas()
  return rawSchema.transform((raw: Raw, ctx): CreateSvn => {
    // Collected first, reported in screen order (the error summary lists them as the fields stand).
    const issues: { path: CreateFieldName; message: string; params?: Record<string, unknown> }[] = []
    const issue = (path: CreateFieldName, message: string, params?: Record<string, unknown>) => {
      issues.push({ path, message, ...(params ? { params } : {}) })
    }
    /** Text with caps: null when absent (an issue when required), else the text or null on error. */
    const text = (
      path: CreateFieldName,
      value: string | null,
      required: boolean,
      extra?: (v: string) => string,
    ): string | null => {
      const field = createField(path)
      if (value === null) {
        if (required) issue(path, CREATE_VALIDATION.required)
        return null
      }
      const v = extra ? extra(value) : value
      if (field.maxLength !== undefined && v.length > field.maxLength) {
        issue(path, CREATE_VALIDATION.maxLength, { max: field.maxLength })
        return null
      }
      if (field.minLength !== undefined && v.length < field.minLength) {
        issue(path, CREATE_VALIDATION.minLength, { min: field.minLength })
        return null
      }
      return v
    }
    const option = (path: CreateFieldName, value: string | null, required: boolean): string | null => {
      if (value === null) {
        if (required) issue(path, CREATE_VALIDATION.required)
        return null
      }
      if (!createField(path).options?.includes(value)) {
        issue(path, CREATE_VALIDATION.invalidOption)
        return null
      }
      return value
    }
    const date = (path: CreateFieldName, value: string | null, required: boolean): string | null => {
      if (value === null) {
        if (required) issue(path, CREATE_VALIDATION.required)
        return null
      }
      const iso = parseDateInput(value)
      if (!iso) issue(path, dateInputProblem(value))
      return iso
    }
    /** A postcode: the caps first, then the country's form (domain/address.ts). */
    const plz = (path: CreateFieldName, value: string | null, staat: string | null): string | null => {
      const checked = text(path, value, true)
      const problem = checked === null ? null : postcodeProblem(checked, staat)
      if (problem) issue(path, problem)
      return problem ? null : checked
    }
    /** A phone or fax number: the cap first, then digits and the usual separators. */
    const phone = (path: CreateFieldName, value: string | null, tidy?: (v: string) => string) => {
      const checked = text(path, value, false, tidy)
      if (checked === null || isPhoneNumber(checked)) return checked
      issue(path, CREATE_VALIDATION.phone)
      return null
    }

    const p = raw.halter.person
    const a = raw.halter.adresse
    const besText = option('versicherungsdaten.besVerwendung', raw.versicherungsdaten.besVerwendung, false)
    const besVerwendung = besText === null ? NO_SPECIAL_USE : Number(besText)
    const collective = besVerwendung === COLLECTIVE_PERMIT

    const personenTyp = option('halter.person.personenTyp', p.personenTyp, true) as PersonenTyp | null
    const natural = personenTyp === 'NATUERLICH'
    const geburtsdatum = date('halter.person.geburtsdatum', p.geburtsdatum, natural)
    if (geburtsdatum && geburtsdatum > options.today)
      issue('halter.person.geburtsdatum', CREATE_VALIDATION.dateInFuture)

    // Stammnummer: the hull rule whenever it is given, also for the collective permit (spec §5).
    let stammNr: number | null = null
    const stammDigits = raw.schiff.stammNr === null ? null : normaliseStammNr(raw.schiff.stammNr)
    if (stammDigits !== null) {
      if (stemNumberError(stammDigits)) issue('schiff.stammNr', CREATE_VALIDATION.stemNumber)
      else stammNr = Number(stammDigits)
    }
    let schaleNr: string | null = null
    let art: string | null = null
    let markeTyp: string | null = null
    if (collective) {
      // Not required and sent as null; only the Stammnummer keeps its hull rule (spec §5, ADR 160).
      stammNr = null
    } else {
      if (stammDigits === null && raw.schiff.schaleNr === null) {
        issue('schiff.stammNr', CREATE_VALIDATION.stammOrSchale)
        issue('schiff.schaleNr', CREATE_VALIDATION.stammOrSchale)
      }
      schaleNr = text('schiff.schaleNr', raw.schiff.schaleNr, false)
      art = option('schiff.art', raw.schiff.art, true)
      markeTyp = text('schiff.markeTyp', raw.schiff.markeTyp, true)
    }

    let schildNr: number | null = null
    const schildText = raw.schild.schildNr
    if (schildText !== null) {
      if (!/^[1-9]\d*$/.test(schildText)) issue('schild.schildNr', CREATE_VALIDATION.schildNummerDigits)
      else if (schildText.length > SCHILD_NR_MAX_DIGITS)
        issue('schild.schildNr', CREATE_VALIDATION.maxLength, { max: SCHILD_NR_MAX_DIGITS })
      else schildNr = Number(schildText)
    }

    const k = raw.kontakt
    const email = text('kontakt.email', k.email, false)
    if (email !== null && !emailSchema.safeParse(email).success)
      issue('kontakt.email', CREATE_VALIDATION.email)

    const v = raw.versicherungsdaten
    const gueltigAb = date('versicherungsdaten.gueltigAb', v.gueltigAb, true)
    if (gueltigAb && gueltigAb < oldest)
      issue('versicherungsdaten.gueltigAb', CREATE_VALIDATION.dateOlderThan, {
        days: GUELTIG_AB_MAX_DAYS_BACK,
      })
    const wikCGueltigAb = options.canWikC ? date('wikCGueltigAb', raw.wikCGueltigAb, false) : null

    const result = {
      halter: {
        person: {
          personenTyp,
          name: text('halter.person.name', p.name, true),
          geburtsname: text('halter.person.geburtsname', p.geburtsname, false),
          vorname: text('halter.person.vorname', p.vorname, natural),
          geburtsdatum,
          heimatstaat: text('halter.person.heimatstaat', p.heimatstaat, false),
        },
        adresse: {
          strasse: text('halter.adresse.strasse', a.strasse, true),
          plz: plz('halter.adresse.plz', a.plz, a.staat),
          ort: text('halter.adresse.ort', a.ort, true),
          staat: text('halter.adresse.staat', a.staat, false),
          coKontakt: text('halter.adresse.coKontakt', a.coKontakt, false),
        },
      },
      schiff: { stammNr, schaleNr, art: art === null ? null : Number(art), markeTyp },
      schild: { kanton: option('schild.kanton', raw.schild.kanton, true), schildNr },
      kontakt: {
        name: text('kontakt.name', k.name, true),
        strasse: text('kontakt.strasse', k.strasse, true),
        plz: plz('kontakt.plz', k.plz, k.staat),
        ort: text('kontakt.ort', k.ort, true),
        staat: text('kontakt.staat', k.staat, false),
        // Spec §5: spaces are stripped from the phone number before sending.
        telefon: phone('kontakt.telefon', k.telefon, (t) => t.replace(/\s+/g, '')),
        fax: phone('kontakt.fax', k.fax),
        email,
      },
      versicherungsdaten: {
        referenz: text('versicherungsdaten.referenz', v.referenz, true),
        ivGrund: (() => {
          const code = option('versicherungsdaten.ivGrund', v.ivGrund, true)
          return code === null ? null : Number(code)
        })(),
        gueltigAb,
        besVerwendung,
      },
      wikCGueltigAb,
    }
    if (issues.length === 0) return result as CreateSvn
    const order = (name: CreateFieldName) => CREATE_FIELD_NAMES.indexOf(name)
    issues.sort((x, y) => order(x.path) - order(y.path))
    for (const { path, message, params } of issues)
      ctx.addIssue({ code: 'custom', path: path.split('.'), message, ...(params ? { params } : {}) })
    return z.NEVER
  })
}

export type CreateSvnSchema = ReturnType<typeof createSvnSchema>
