import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../lib/texts.tsx'
import { Form, Link } from 'react-router'
import type { Role } from '../../../domain/roles.ts'
import { isBrokerCaller } from '../../../domain/users/offering.ts'
import { FormField, type FieldOption } from '../form/FormField.tsx'
import { RoleCheckboxes } from './RoleCheckboxes.tsx'
import {
  roleChoices,
  rolesForType,
  sameValues,
  toggleRole,
  typeChoices,
  USER_TEXT_FIELDS,
  type DialogContext,
  type UserFormField,
  type UserFormValues,
  type UserTextField,
} from './user-form.ts'
import { ErrorNotice } from '../ErrorNotice.tsx'
import { FieldError } from '../form/FieldError.tsx'

export interface UserFormProps {
  isNew: boolean
  /** The form's action: the dialog URL itself. */
  action: string
  csrf: string
  dialog: DialogContext
  countries: FieldOption[]
  /** As loaded: what "changed" compares against. */
  initial: UserFormValues
  /** What to show: the loaded values, or the ones posted when the server sent the form back. */
  values: UserFormValues
  /** The roles the user holds in the register (none for a new user). */
  held: Role[]
  groupRoles: Role[]
  version: number | null
  errors: Partial<Record<UserFormField, string>>
  general: string | null
  hydrated: boolean
  cancelHref: string
  /** With JS: cancel asks first when something changed (the dialog owns that question). */
  onCancel?: () => void
  onDirtyChange?: (dirty: boolean) => void
}

const OPTIONAL: ReadonlySet<UserTextField> = new Set([
  'vorname',
  'telefon',
  'fax',
  'strasse',
  'plz',
  'ort',
  'staat',
  'oeReferenz',
])

/**
 * Every field of spec §3 User / §5 User form. Without JS a plain form: the server applies the role
 * rules on save and a type's defaults on "apply". With JS the type and role boxes follow the rules at
 * once, and OK is enabled once the form changed, valid or not (ADR 817: the server's summary says why).
 */
export function UserForm(props: UserFormProps) {
  const { t } = useTranslation()
  const { dialog, values, errors, hydrated, isNew } = props
  const broker = isBrokerCaller(dialog)
  const [type, setType] = useState(values.type)
  const [roles, setRoles] = useState<Role[]>(values.roles)
  const [aktiv, setAktiv] = useState(values.aktiv)
  const [text, setText] = useState(() => pickText(values))
  const current: UserFormValues = { ...text, type, aktiv, roles }
  const dirty = !sameValues(current, props.initial)
  // Enabled as soon as something changed, valid or not (ADR 817): a button disabled for invalid input
  // says nothing about why; posted, the server's error summary names each field (as on create, ADR 165).
  const canSubmit = !hydrated || dirty

  const report = (next: UserFormValues) => props.onDirtyChange?.(!sameValues(next, props.initial))
  const onFormChange = (event: FormEvent<HTMLFormElement>) => {
    // Text fields stay uncontrolled (typing never fights React); their values are read back here.
    const form = event.currentTarget
    const next = { ...text }
    for (const f of USER_TEXT_FIELDS) {
      const el = form.elements.namedItem(f)
      if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) next[f] = el.value
    }
    setText(next)
    report({ ...current, ...next })
  }
  const chooseType = (next: string) => {
    const nextRoles = rolesForType(next, dialog, props.held, isNew)
    setType(next)
    setRoles(nextRoles)
    report({ ...current, type: next, roles: nextRoles })
  }
  const toggle = (role: Role, checked: boolean) => {
    const nextRoles = toggleRole(roles, role, checked)
    setRoles(nextRoles)
    report({ ...current, roles: nextRoles })
  }

  const field = (name: UserTextField, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField
      name={name}
      label={t(`admin.users.fields.${name}`)}
      defaultValue={values[name]}
      error={errors[name]}
      optional={OPTIONAL.has(name)}
      {...(extra as object)}
    />
  )
  // Under the dialog's h2 with JS, under the page's h1 without.
  const GroupHeading = hydrated ? 'h3' : 'h2'
  const types = typeChoices(dialog, isNew ? null : props.initial.type)

  return (
    <Form method="post" action={props.action} noValidate onChange={onFormChange} className="space-y-4">
      {/* Enter in a field means OK, never "apply type" (ACCESSIBILITY 10): the form's first submit button. */}
      <button
        type="submit"
        name="intent"
        value="save"
        disabled={!canSubmit}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      />
      <input type="hidden" name="csrf" value={props.csrf} />
      {props.version !== null ? <input type="hidden" name="version" value={props.version} /> : null}
      {props.general ? (
        <ErrorNotice className="">
          {props.general}{' '}
          <a href={props.action} className="underline">
            {t('admin.users.reload')}
          </a>
        </ErrorNotice>
      ) : null}

      <fieldset>
        <legend className="text-lg font-semibold">{t('admin.users.sections.person')}</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {field('nachname')}
          {field('vorname')}
          {field('email', { type: 'email', spellCheck: false })}
          {field('telefon', { type: 'tel' })}
          {field('fax', { type: 'tel' })}
          {field('oeReferenz')}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-lg font-semibold">{t('admin.users.sections.address')}</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {field('strasse')}
          {field('plz', { size: 8 })}
          {field('ort')}
          <FormField
            as="select"
            name="staat"
            label={t('admin.users.fields.staat')}
            defaultValue={values.staat}
            options={props.countries}
            emptyLabel={t('common.choose')}
            error={errors.staat}
            optional
          />
        </div>
      </fieldset>

      {broker ? null : (
        <fieldset aria-describedby={errors.type ? 'type-error' : undefined}>
          <legend className="text-lg font-semibold">{t('admin.users.fields.type')}</legend>
          <FieldError id="type-error" message={errors.type} />
          <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
            {types.map((value, i) => (
              <label key={value} className="inline-flex min-h-6 items-center gap-2">
                <input
                  id={i === 0 ? 'type' : `type-${value}`}
                  type="radio"
                  name="type"
                  value={value}
                  checked={type === value}
                  onChange={() => chooseType(value)}
                  className="size-5"
                />
                {t(`admin.userTypes.${value}`)}
              </label>
            ))}
            {hydrated ? null : (
              <button type="submit" name="intent" value="apply-type" className="btn btn-secondary">
                {t('admin.users.applyType')}
              </button>
            )}
          </div>
          <p className="mt-1 text-sm text-muted">{t('admin.users.typeHint')}</p>
        </fieldset>
      )}

      {broker ? null : (
        <div className="max-w-xs">{field('maklerNummer', { hint: t('admin.users.maklerNummerHint') })}</div>
      )}

      <div>
        <div className="flex items-center gap-2">
          <input
            id="aktiv"
            type="checkbox"
            name="aktiv"
            checked={aktiv}
            onChange={(e) => {
              setAktiv(e.currentTarget.checked)
              report({ ...current, aktiv: e.currentTarget.checked })
            }}
            aria-describedby={errors.aktiv ? 'aktiv-error' : undefined}
            aria-invalid={errors.aktiv ? true : undefined}
            className="size-5"
          />
          <label htmlFor="aktiv" className="font-semibold">
            {t('admin.users.fields.aktiv')}
          </label>
        </div>
        <FieldError id="aktiv-error" message={errors.aktiv} />
      </div>

      <RoleCheckboxes
        name="roles"
        idPrefix="roles"
        legend={t('admin.users.fields.roles')}
        choices={roleChoices(dialog, props.held, roles, isNew)}
        error={errors.roles}
        onToggle={toggle}
      />

      {!isNew && props.groupRoles.length > 0 ? (
        <section aria-labelledby="group-roles-heading">
          <GroupHeading id="group-roles-heading" className="text-lg font-semibold">
            {t('admin.users.groupRoles')}
          </GroupHeading>
          <p className="text-sm text-muted">{t('admin.users.groupRolesHint')}</p>
          <ul className="mt-1 list-disc pl-6">
            {props.groupRoles.map((r) => (
              <li key={r}>{t(`admin.roles.${r}`)}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="flex flex-wrap gap-3 border-t border-divider pt-4">
        <button type="submit" name="intent" value="save" disabled={!canSubmit} className="btn btn-primary">
          {t('common.ok')}
        </button>
        {hydrated && props.onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
        ) : (
          <Link to={props.cancelHref} className="btn btn-secondary">
            {t('common.cancel')}
          </Link>
        )}
      </div>
    </Form>
  )
}

function pickText(values: UserFormValues): Record<UserTextField, string> {
  return Object.fromEntries(USER_TEXT_FIELDS.map((f) => [f, values[f]])) as Record<UserTextField, string>
}
