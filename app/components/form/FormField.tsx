import type { ReactNode } from 'react'
import { useTranslation } from '../../lib/texts.tsx'
import { FieldError } from './FieldError.tsx'

export interface FieldOption {
  value: string
  label: string
  lang?: string
}

interface CommonProps {
  name: string
  /** Defaults to the name with dots made safe for an id (`halter.person.name` → `halter-person-name`). */
  id?: string
  label: string
  hint?: string
  /** Already translated; shown inline and (with the same words) in the error summary. */
  error?: string | undefined
  optional?: boolean
  className?: string
  /** Extra content after the control (e.g. the date field's picker button). */
  after?: ReactNode
}

type InputProps = CommonProps & {
  as?: 'input'
  type?: 'text' | 'email' | 'tel' | 'search' | 'number' | 'file'
  /** File inputs: the accepted types. */
  accept?: string
  defaultValue?: string | null | undefined
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'email' | 'tel' | 'search' | 'decimal' | 'url'
  readOnly?: boolean
  placeholder?: string
  spellCheck?: boolean
  /** Width hint in characters; inputs never cut what is typed (limits are checked on the server). */
  size?: number
}

type SelectProps = CommonProps & {
  as: 'select'
  defaultValue?: string | null | undefined
  options: FieldOption[]
  /** Label of the empty first option; omit for a select without an empty choice. */
  emptyLabel?: string
}

export type FormFieldProps = InputProps | SelectProps

export function fieldId(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '-')
}

/**
 * The one form field of the app: a visible label bound by for/id, an optional hint and an inline error,
 * both tied to the control by aria-describedby (ACCESSIBILITY.md 4, 6). Text inputs or selects.
 */
export function FormField(props: FormFieldProps) {
  const { t } = useTranslation()
  const id = props.id ?? fieldId(props.name)
  const hintId = props.hint ? `${id}-hint` : undefined
  const errorLineId = `${id}-error`
  const errorId = props.error ? errorLineId : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const invalid = props.error ? true : undefined
  const controlClass = `mt-1 block w-full rounded border-2 px-2 py-1.5 ${
    props.error ? 'border-error-700' : 'border-line'
  } ${'readOnly' in props && props.readOnly ? 'bg-surface' : 'bg-white'}`

  return (
    <div className={props.className ?? 'flex flex-col'}>
      <label htmlFor={id} className="font-semibold">
        {props.label}
        {props.optional ? <span className="font-normal text-muted"> {t('common.optional')}</span> : null}
      </label>
      {props.hint ? (
        <p id={hintId} className="text-sm text-muted">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={errorLineId} message={props.error} />
      <div className="flex items-end gap-2">
        {props.as === 'select' ? (
          <select
            id={id}
            name={props.name}
            defaultValue={props.defaultValue ?? ''}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={controlClass}
          >
            {props.emptyLabel !== undefined ? <option value="">{props.emptyLabel}</option> : null}
            {props.options.map((o) => (
              <option key={o.value} value={o.value} lang={o.lang}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            name={props.name}
            type={props.type ?? 'text'}
            defaultValue={props.type === 'file' ? undefined : (props.defaultValue ?? '')}
            accept={props.accept}
            autoComplete={props.autoComplete ?? 'off'}
            inputMode={props.inputMode}
            readOnly={props.readOnly}
            placeholder={props.placeholder}
            spellCheck={props.spellCheck}
            size={props.size}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={controlClass}
          />
        )}
        {props.after}
      </div>
    </div>
  )
}
