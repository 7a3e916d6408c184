import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react'
import type { Translate } from '../../lib/translate.ts'
import { useTranslation } from '../../lib/texts.tsx'
import { Form, Link } from 'react-router'
import {
  CREATE_FIELDS,
  createField,
  isLanguageDefaultReferenz,
  referenzNeedsDefault,
  valueAt,
  type CreateField,
  type CreateFieldName,
  type CreateSection,
  type CreateSvnValues,
} from '../../../domain/svn/create.ts'
import { DateField, setInputValue } from '../form/DateField.tsx'
import { FormField, type FieldOption } from '../form/FormField.tsx'
import type { TranslationKey } from '../../lib/i18n-keys.ts'
import { useHydrated } from '../useHydrated.ts'
import { DraftNote, DraftStatus, useDraftAutosave } from './DraftStatus.tsx'
import { enumLabel } from './labels.ts'

export type CreateErrors = Partial<Record<CreateFieldName, string>>

export interface SvnCreateFormProps {
  action: string
  csrf: string
  formToken: string
  values: CreateSvnValues
  /** Translated messages by dotted field name. */
  errors: CreateErrors
  /** Today (Zurich, yyyy-mm-dd) and the oldest valid-from the rules accept: the pickers' bounds. */
  today: string
  oldestGueltigAb: string
  canWikC: boolean
  canSearch: boolean
  /** Code list "Land" as "id - name" in the current language. */
  countries: FieldOption[]
  referenzDefault: string
  /** Shown as text, never posted: the register takes them from the caller. */
  readOnly: { gscode: string; maklerNr: string | null; benutzer: string }
  resetHref: string
  /** The user's stored draft: when it was saved (null: none), and whether this form shows it. */
  draftNote: { draftAt: string | null; restored: boolean }
}

const SECTION_TITLES: Record<CreateSection, TranslationKey> = {
  halter: 'svn.sections.holder',
  schiff: 'svn.sections.vessel',
  kontakt: 'svn.sections.contact',
  schild: 'svn.sections.plate',
  versicherungsdaten: 'svn.sections.insurance',
}

const COUNTRY_FIELDS: ReadonlySet<CreateFieldName> = new Set([
  'halter.person.heimatstaat',
  'halter.adresse.staat',
  'kontakt.staat',
])

/** The contact is the user's own data (WCAG 1.3.5); the holder is someone else's. */
const AUTOCOMPLETE: Partial<Record<CreateFieldName, string>> = {
  'kontakt.name': 'name',
  'kontakt.strasse': 'street-address',
  'kontakt.plz': 'postal-code',
  'kontakt.ort': 'address-level2',
  'kontakt.staat': 'country',
  'kontakt.telefon': 'tel',
  'kontakt.email': 'email',
}

/** The fields with a hint of their own (svnCreate.hints.*); an explicit list, so no key is guessed. */
const HINTS = {
  'schiff.stammNr': 'svnCreate.hints.schiff.stammNr',
  'schild.schildNr': 'svnCreate.hints.schild.schildNr',
  'kontakt.telefon': 'svnCreate.hints.kontakt.telefon',
  'versicherungsdaten.gueltigAb': 'svnCreate.hints.versicherungsdaten.gueltigAb',
} as const
const HINT_OF: Partial<Record<CreateFieldName, (typeof HINTS)[keyof typeof HINTS]>> = HINTS

/** The sections in the order the form shows them (spec §2). */
const SECTION_ORDER: readonly CreateSection[] = [
  'halter',
  'schiff',
  'kontakt',
  'schild',
  'versicherungsdaten',
]

/** Every field in the order the form shows it: the error summary lists errors in this order. */
export const CREATE_FORM_ORDER: readonly CreateFieldName[] = SECTION_ORDER.flatMap((section) =>
  CREATE_FIELDS.filter((f) => f.section === section).map((f) => f.name),
)

/** 'halter.person.name' → 'name'. */
type LastPart<S extends string> = S extends `${string}.${infer Rest}` ? LastPart<Rest> : S
/** svn.labels.* of every field: `tsc` checks that each field's last name part has a label. */
type CreateFieldLabelKey = `svn.labels.${LastPart<CreateFieldName>}`

/** The label a field shows (svn.labels.*, the last part of its dotted name). */
export function createFieldLabel(t: Translate, name: CreateFieldName): string {
  // What split/pop computes is LastPart<CreateFieldName>; the type system cannot follow split().
  const key = `svn.labels.${name.split('.').pop() ?? name}` as CreateFieldLabelKey
  return t(key)
}

/** The error summary's name of a field: its label and section ("Name (Halter)"); labels repeat across sections. */
export function createSummaryLabel(t: Translate, name: CreateFieldName): string {
  return t('svnCreate.summaryLabel', {
    field: createFieldLabel(t, name),
    section: t(SECTION_TITLES[createField(name).section]),
  })
}

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3'

/** The combined plate display of spec §2: canton, a space, number ("ZH 12345"). */
export function plateDisplay(kanton: string, schildNr: string): string {
  return [kanton.trim(), schildNr.trim()].filter(Boolean).join(' ')
}

/**
 * The SVN create form (spec §2, §5): one fieldset per section in spec order, every control named by
 * its dotted path and drawn from the domain's field list. The server checks every rule; with JS the
 * date fields get their picker, the reference its default handling and the draft saves itself.
 */
export function SvnCreateForm(props: SvnCreateFormProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const draft = useDraftAutosave(formRef, props.action, props.csrf)
  const { values, errors } = props
  const [plate, setPlate] = useState(() =>
    plateDisplay(valueAt(values, 'schild.kanton'), valueAt(values, 'schild.schildNr')),
  )

  // The plate display follows what is typed (without JS it shows what was last sent).
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const update = () => {
      const read = (name: string) => {
        const control = form.elements.namedItem(name)
        return control instanceof HTMLInputElement || control instanceof HTMLSelectElement
          ? control.value
          : ''
      }
      setPlate(plateDisplay(read('schild.kanton'), read('schild.schildNr')))
    }
    update()
    form.addEventListener('input', update)
    form.addEventListener('change', update)
    return () => {
      form.removeEventListener('input', update)
      form.removeEventListener('change', update)
    }
  }, [])

  function options(field: CreateField): { options: FieldOption[]; emptyLabel?: string } {
    const name = field.name
    if (COUNTRY_FIELDS.has(name)) return { options: props.countries, emptyLabel: t('svnCreate.noCountry') }
    const list = field.options ?? []
    switch (name) {
      case 'halter.person.personenTyp':
        return {
          options: list.map((v) => ({ value: v, label: enumLabel(t, 'personenTyp', v) })),
          emptyLabel: t('common.choose'),
        }
      case 'versicherungsdaten.besVerwendung':
        return { options: list.map((v) => ({ value: v, label: enumLabel(t, 'besVerwendung', v) })) }
      case 'schiff.art':
        return {
          options: list.map((v) => ({ value: v, label: enumLabel(t, 'schiffsart', v) })),
          emptyLabel: t('common.choose'),
        }
      case 'versicherungsdaten.ivGrund':
        return {
          options: list.map((v) => ({ value: v, label: `${v} - ${enumLabel(t, 'grund', v)}` })),
          emptyLabel: t('common.choose'),
        }
      default:
        return { options: list.map((v) => ({ value: v, label: v })), emptyLabel: t('common.choose') }
    }
  }

  function hintOf(field: CreateField): string | undefined {
    const parts: string[] = []
    const specific = HINT_OF[field.name]
    if (specific) parts.push(t(specific))
    if (field.required === 'whenNatural') parts.push(t('svnCreate.hints.whenNatural'))
    if (field.required === 'stammOrSchale') parts.push(t('svnCreate.hints.stammOrSchale'))
    if (field.required === 'unlessCollective') parts.push(t('svnCreate.hints.unlessCollective'))
    return parts.length > 0 ? parts.join(' ') : undefined
  }

  function render(field: CreateField): ReactNode {
    const name = field.name
    const common = {
      name,
      label: createFieldLabel(t, name),
      error: errors[name],
      optional: field.required === 'never',
      hint: hintOf(field),
    }
    const value = valueAt(values, name)
    if (field.kind === 'date') {
      const bounds =
        name === 'versicherungsdaten.gueltigAb'
          ? { min: props.oldestGueltigAb }
          : name === 'halter.person.geburtsdatum'
            ? { min: '1900-01-01', max: props.today }
            : {}
      return <DateField key={name} {...common} defaultValue={value} today={props.today} {...bounds} />
    }
    if (field.kind === 'select' || COUNTRY_FIELDS.has(name)) {
      return <FormField key={name} as="select" {...common} defaultValue={value} {...options(field)} />
    }
    const input = (
      <FormField
        key={name}
        {...common}
        type={field.inputMode === 'email' ? 'email' : field.inputMode === 'tel' ? 'tel' : 'text'}
        inputMode={field.inputMode}
        defaultValue={value}
        autoComplete={AUTOCOMPLETE[name]}
        spellCheck={field.inputMode ? false : undefined}
      />
    )
    if (name !== 'versicherungsdaten.referenz') return input
    return (
      <ReferenzDefault key={name} referenzDefault={props.referenzDefault}>
        {input}
      </ReferenzDefault>
    )
  }

  const shown = CREATE_FIELDS.filter((f) => !f.wikC || props.canWikC)
  const inSection = (section: CreateSection, group?: CreateField['group']) =>
    shown.filter((f) => f.section === section && (group === undefined || f.group === group)).map(render)

  const legend = 'text-xl font-semibold mb-3'
  const box = 'mb-6 rounded border border-divider p-4'

  return (
    <>
      <DraftNote
        {...props.draftNote}
        savedHere={draft.savedAt !== null}
        action={props.action}
        csrf={props.csrf}
      />
      <Form ref={formRef} method="post" action={props.action} noValidate aria-labelledby="create-form-title">
        <h2 id="create-form-title" className="sr-only">
          {t('svnCreate.formLabel')}
        </h2>
        <input type="hidden" name="csrf" value={props.csrf} />
        <input type="hidden" name="formToken" value={props.formToken} />

        <fieldset className={box}>
          <legend className={`${legend} px-1`}>{t(SECTION_TITLES.halter)}</legend>
          <fieldset className="mb-4">
            <legend className="mb-2 text-lg font-semibold">{t('svnCreate.groups.person')}</legend>
            <div className={GRID}>{inSection('halter', 'person')}</div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-lg font-semibold">{t('svn.sections.address')}</legend>
            <div className={GRID}>{inSection('halter', 'adresse')}</div>
          </fieldset>
        </fieldset>

        {(['schiff', 'kontakt'] as const).map((section) => (
          <fieldset key={section} className={box}>
            <legend className={`${legend} px-1`}>{t(SECTION_TITLES[section])}</legend>
            <div className={GRID}>{inSection(section)}</div>
          </fieldset>
        ))}

        <fieldset className={box}>
          <legend className={`${legend} px-1`}>{t(SECTION_TITLES.schild)}</legend>
          <div className={GRID}>{inSection('schild')}</div>
          <p className="mt-3">
            <span className="font-semibold">
              {t('svn.labels.plate')}
              {t('common.labelSuffix')}{' '}
            </span>
            <span data-testid="plate-display">{plate || t('svnCreate.plateEmpty')}</span>
          </p>
        </fieldset>

        <fieldset className={box}>
          <legend className={`${legend} px-1`}>{t(SECTION_TITLES.versicherungsdaten)}</legend>
          <div className={GRID}>{inSection('versicherungsdaten')}</div>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">{t('svn.labels.gscode')}</dt>
            <dd>{props.readOnly.gscode}</dd>
            {props.readOnly.maklerNr !== null ? (
              <>
                <dt className="font-semibold">{t('svn.labels.maklerNr')}</dt>
                <dd>{props.readOnly.maklerNr || t('svn.detail.empty')}</dd>
              </>
            ) : null}
            <dt className="font-semibold">{t('svn.labels.benutzer')}</dt>
            <dd>{props.readOnly.benutzer}</dd>
          </dl>
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          {/* First submit button: Enter in a field creates (ACCESSIBILITY 10). */}
          <button type="submit" name="intent" value="create" className="btn btn-primary">
            {t('svnCreate.submit')}
          </button>
          <button type="submit" name="intent" value="save-draft" formNoValidate className="btn btn-secondary">
            {t('svnCreate.draft.save')}
          </button>
          <Link to={props.resetHref} className="btn btn-secondary">
            {t('svnCreate.reset')}
          </Link>
          {props.canSearch ? (
            <Link to="/svn/search" className="btn btn-secondary">
              {t('svnCreate.findTemplate')}
            </Link>
          ) : null}
          {hydrated ? <DraftStatus {...draft} /> : null}
        </div>
      </Form>
    </>
  )
}

/**
 * Spec §2: the reference's language default is cleared when the field gets focus, and the default
 * comes back when the field is left empty or holding just '/'. JS only; without JS the server's
 * rules report an empty reference.
 */
function ReferenzDefault({ referenzDefault, children }: { referenzDefault: string; children: ReactNode }) {
  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const input = event.target
    if (input instanceof HTMLInputElement && isLanguageDefaultReferenz(input.value)) {
      setInputValue(input, '')
    }
  }
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    const input = event.target
    if (input instanceof HTMLInputElement && referenzNeedsDefault(input.value)) {
      setInputValue(input, referenzDefault)
    }
  }
  return (
    <div onFocus={onFocus} onBlur={onBlur} className="flex flex-col">
      {children}
    </div>
  )
}
