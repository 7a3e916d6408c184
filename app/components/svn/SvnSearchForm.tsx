import { useEffect, useRef, type FormEvent } from 'react'
import { useTranslation } from '../../lib/texts.tsx'
import { Form, Link, useNavigate } from 'react-router'
import { CANTONS } from '../../../domain/svn/cantons.ts'
import { SEARCHABLE_STATUSES } from '../../../domain/svn/statuses.ts'
import { FormField } from '../form/FormField.tsx'
import {
  DEFAULT_SORT,
  groupDigits,
  padPastedStemNumber,
  type SearchField,
  type SearchSort,
} from './search-url.ts'

export interface SvnSearchFormProps {
  /** The values as typed (from the URL). */
  values: Record<SearchField, string>
  /** Translated messages per field name. */
  errors: Partial<Record<SearchField, string>>
  /** The current sort, kept across a new search. */
  sort: SearchSort
}

/** Regroups the Stammnummer while typing, keeping the caret after the same number of digits. */
function formatStemInput(input: HTMLInputElement, pasted: boolean) {
  const caret = input.selectionStart ?? input.value.length
  const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length
  const whole = caret === input.value.length
  const formatted = pasted ? padPastedStemNumber(input.value) : groupDigits(input.value)
  if (formatted === input.value) return
  input.value = formatted
  let pos = formatted.length
  if (!whole) {
    let seen = 0
    pos = 0
    while (pos < formatted.length && seen < digitsBefore) {
      if (/\d/.test(formatted[pos] ?? '')) seen++
      pos++
    }
  }
  input.setSelectionRange(pos, pos)
}

/**
 * The SVN search form (spec §2, §5): a GET form, so the URL is the search — back button, bookmarks
 * and the way back from a detail view rerun it. Validation is the server's; reset is a link to the
 * empty form. With JS, empty fields are left out of the URL and the Stammnummer is grouped as typed.
 */
export function SvnSearchForm({ values, errors, sort }: SvnSearchFormProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  // The inputs are uncontrolled: when the URL changes under the same form (reset link, back
  // button, a search from elsewhere), put its values in without remounting, so focus stays put.
  const signature = JSON.stringify(values)
  // Starts as the server-rendered values: hydration must not wipe what a clerk typed before the script ran.
  const synced = useRef(signature)
  useEffect(() => {
    const form = formRef.current
    if (!form || synced.current === signature) return
    synced.current = signature
    const next = JSON.parse(signature) as Record<SearchField, string>
    for (const [name, value] of Object.entries(next)) {
      const control = form.elements.namedItem(name)
      const shown = name === 'stammNr' ? groupDigits(value) : value
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) {
        if (control.value !== shown) control.value = shown
      }
    }
  }, [signature])
  const keepSort = sort.key !== DEFAULT_SORT.key || sort.order !== DEFAULT_SORT.order

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const data = new FormData(event.currentTarget, submitter)
    const params = new URLSearchParams()
    for (const [key, value] of data) {
      if (typeof value === 'string' && value.trim() !== '') params.append(key, value)
    }
    if (!params.has('intent')) params.set('intent', 'search')
    void navigate(`/svn/search?${params.toString()}`)
  }

  const text = (name: SearchField, extra: { size?: number; hint?: string; inputMode?: 'numeric' } = {}) => (
    <FormField
      name={name}
      label={t(`svn.fields.${name}`)}
      defaultValue={name === 'stammNr' ? groupDigits(values[name]) : values[name]}
      error={errors[name]}
      spellCheck={false}
      {...extra}
    />
  )

  return (
    <Form
      ref={formRef}
      method="get"
      action="/svn/search"
      role="search"
      aria-label={t('svn.search.formLabel')}
      noValidate
      onSubmit={onSubmit}
      onInput={(event) => {
        const target = event.target as HTMLInputElement
        if (target.name !== 'stammNr') return
        const inputType = (event.nativeEvent as InputEvent).inputType
        formatStemInput(target, inputType === 'insertFromPaste')
      }}
      className="mb-6"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {text('sVnID', { inputMode: 'numeric' })}
        {text('schildNr', { inputMode: 'numeric' })}
        {text('stammNr', { inputMode: 'numeric', hint: t('svn.search.stammNrHint') })}
        {text('schaleNr')}
        {/* The register folds names (ADR 540): the hint says so, or a clerk would retype variants. */}
        {text('name', { hint: t('svn.search.nameHint') })}
        {text('firstName', { hint: t('svn.search.firstNameHint') })}
        {text('zipCode', { inputMode: 'numeric' })}
        <FormField
          as="select"
          name="canton"
          label={t('svn.fields.canton')}
          defaultValue={values.canton}
          error={errors.canton}
          emptyLabel={t('svn.search.anyCanton')}
          options={CANTONS.map((c) => ({ value: c, label: c }))}
        />
        <FormField
          as="select"
          name="sVnStatus"
          label={t('svn.fields.sVnStatus')}
          defaultValue={values.sVnStatus}
          error={errors.sVnStatus}
          emptyLabel={t('svn.search.anyStatus')}
          options={SEARCHABLE_STATUSES.map((s) => ({ value: s, label: t(`svn.status.${s}`) }))}
        />
      </div>
      {keepSort ? (
        <>
          <input type="hidden" name="sort" value={sort.key} />
          <input type="hidden" name="order" value={sort.order} />
        </>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="search" className="btn btn-primary">
          {t('svn.search.submit')}
        </button>
        <Link to="/svn/search" className="btn btn-secondary">
          {t('svn.search.reset')}
        </Link>
      </div>
    </Form>
  )
}
