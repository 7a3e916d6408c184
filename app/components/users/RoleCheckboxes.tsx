import { useTranslation } from '../../lib/texts.tsx'
import type { Role } from '../../../domain/roles.ts'
import type { LockReason } from './user-form.ts'
import { FieldError } from '../form/FieldError.tsx'

/** How the dialog groups the roles of spec §3 (each group a fieldset with its legend, ACCESSIBILITY 5). */
export const ROLE_SECTIONS: ReadonlyArray<{ id: 'admin' | 'svn' | 'ae' | 'broker'; roles: readonly Role[] }> =
  [
    { id: 'admin', roles: ['ADMIN', 'GROUP_ADMIN'] },
    {
      id: 'svn',
      roles: [
        'SVN_SUCHEN',
        'SVN_ERSTELLEN',
        'SVN_ERSTELLEN_WIK_C',
        'SVN_STORNIEREN',
        'SVN_NICHT_EINGELOEST',
        'IV_AV_MELDUNGEN',
      ],
    },
    { id: 'ae', roles: ['AE_SUCHEN', 'AE_ERSTELLEN', 'AE_STORNIEREN', 'AE_ZURUECKGEWIESEN'] },
    { id: 'broker', roles: ['MAKLER'] },
  ]

export interface RoleCheckbox {
  role: Role
  checked: boolean
  lock?: LockReason | null
}

/**
 * Roles as labelled checkbox groups. The first checkbox carries `idPrefix` as its id, so an error
 * summary link to the field lands on it (ACCESSIBILITY 4). A locked role is shown checked and
 * disabled, and posted by a hidden field (a disabled checkbox is not submitted).
 */
export function RoleCheckboxes({
  name,
  idPrefix,
  legend,
  choices,
  error,
  onToggle,
}: {
  name: string
  idPrefix: string
  legend: string
  choices: RoleCheckbox[]
  error?: string | undefined
  /** With it the boxes are controlled (live rules); without it they are plain form controls. */
  onToggle?: (role: Role, checked: boolean) => void
}) {
  const { t } = useTranslation()
  const shown = new Map(choices.map((c) => [c.role, c]))
  const first = choices.find(() => true)?.role
  const errorId = error ? `${idPrefix}-error` : undefined
  return (
    <fieldset className="mt-4" aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend className="text-lg font-semibold">{legend}</legend>
      <FieldError id={`${idPrefix}-error`} message={error} />
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {ROLE_SECTIONS.map((section) => {
          const boxes = section.roles.flatMap((r) => shown.get(r) ?? [])
          if (boxes.length === 0) return null
          return (
            <fieldset key={section.id} className="rounded border border-divider p-3">
              <legend className="px-1 font-semibold">{t(`admin.roleSections.${section.id}`)}</legend>
              <ul className="space-y-1">
                {boxes.map((c) => {
                  const id = c.role === first ? idPrefix : `${idPrefix}-${c.role}`
                  const hintId = c.lock ? `${id}-lock` : undefined
                  return (
                    <li key={c.role} className="flex items-start gap-2">
                      <input
                        id={id}
                        type="checkbox"
                        name={c.lock ? undefined : name}
                        value={c.role}
                        {...(onToggle
                          ? { checked: c.checked, onChange: (e) => onToggle(c.role, e.currentTarget.checked) }
                          : { defaultChecked: c.checked })}
                        disabled={Boolean(c.lock)}
                        aria-describedby={hintId}
                        className="mt-1 size-5 shrink-0"
                      />
                      {c.lock ? <input type="hidden" name={name} value={c.role} /> : null}
                      <div>
                        <label htmlFor={id}>{t(`admin.roles.${c.role}`)}</label>
                        {c.lock ? (
                          <p id={hintId} className="text-sm text-muted">
                            {t(`admin.users.lock.${c.lock}`)}
                          </p>
                        ) : null}
                      </div>
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          )
        })}
      </div>
    </fieldset>
  )
}
