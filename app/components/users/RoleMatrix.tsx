import { useId } from 'react'
import { useTranslation } from '../../lib/texts.tsx'
import type { Role } from '../../../domain/roles.ts'
import { ROLE_SECTIONS } from './RoleCheckboxes.tsx'
import { FieldError } from '../form/FieldError.tsx'

export interface MatrixGroup {
  id: number
  name: string
  /** The roles ticked now (as stored, or as posted after a refused save). */
  checked: readonly Role[]
  /** The roles this group may hold here: offered to the caller, or held already. */
  shown: readonly Role[]
  error?: string | undefined
}

/**
 * Role groups as a matrix (issue 20 item 4, ADR 812): roles as rows (by section), groups as
 * columns, one plain checkbox per cell named `roles.{groupId}` with value the role, so the form
 * posts as before with JS off. Each box is named "«role» for «group»". The first box of each group
 * carries the id `roles-{groupId}` the error summary links to. The table scrolls inside a focusable,
 * labelled region with a sticky header row and first column (ACCESSIBILITY 17).
 */
export function RoleMatrix({ groups }: { groups: readonly MatrixGroup[] }) {
  const { t } = useTranslation()
  const captionId = useId()
  const firstOf = new Map(
    groups.map((g) => [g.id, ROLE_SECTIONS.flatMap((s) => s.roles).find((r) => g.shown.includes(r))]),
  )
  const sections = ROLE_SECTIONS.map((s) => ({
    ...s,
    roles: s.roles.filter((r) => groups.some((g) => g.shown.includes(r))),
  })).filter((s) => s.roles.length > 0)
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="max-h-[75vh] w-fit max-w-full overflow-auto rounded border border-divider"
    >
      <table className="border-collapse text-left text-sm">
        <caption id={captionId} className="p-2 text-left font-semibold">
          {t('admin.groups.matrixCaption')}
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky top-0 left-0 z-20 border-b-2 border-line bg-surface px-2 py-2 align-bottom"
            >
              {t('admin.groups.roleHeader')}
            </th>
            {groups.map((g) => (
              <th
                key={g.id}
                scope="col"
                id={`group-${g.id}`}
                className="sticky top-0 z-10 min-w-24 border-b-2 border-line bg-surface px-2 py-2 text-center align-bottom"
              >
                {g.name}
                <FieldError id={`roles-${g.id}-error`} message={g.error} inline />
              </th>
            ))}
          </tr>
        </thead>
        {sections.map((section) => (
          <tbody key={section.id}>
            <tr>
              <th
                scope="colgroup"
                colSpan={groups.length + 1}
                className="border-b border-divider bg-brand-50 px-2 py-1 text-left font-semibold"
              >
                {/* The row header sticks with the first column, so the section name stays in view. */}
                <span className="sticky left-2">{t(`admin.roleSections.${section.id}`)}</span>
              </th>
            </tr>
            {section.roles.map((role) => {
              const label = t(`admin.roles.${role}`)
              return (
                <tr key={role} className="border-b border-divider hover:bg-brand-50">
                  <th scope="row" className="sticky left-0 z-10 bg-white px-2 py-1 font-normal">
                    {label}
                  </th>
                  {groups.map((g) => {
                    if (!g.shown.includes(role)) return <td key={g.id} />
                    const id = firstOf.get(g.id) === role ? `roles-${g.id}` : `roles-${g.id}-${role}`
                    return (
                      <td key={g.id} className="p-0 text-center">
                        {/* The whole cell is the target (2.5.8); the label names role and group. */}
                        <label
                          htmlFor={id}
                          className="flex min-h-10 cursor-pointer items-center justify-center"
                        >
                          <input
                            id={id}
                            type="checkbox"
                            name={`roles.${g.id}`}
                            value={role}
                            defaultChecked={g.checked.includes(role)}
                            aria-label={t('admin.groups.cell', { role: label, group: g.name })}
                            aria-describedby={g.error ? `roles-${g.id}-error` : undefined}
                            aria-invalid={g.error ? true : undefined}
                            className="size-5"
                          />
                        </label>
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        ))}
      </table>
    </div>
  )
}
