import { useTranslation } from '../lib/texts.tsx'
import { data, Form, useRouteLoaderData } from 'react-router'
import { DocumentTitle } from '~/components/DocumentTitle.tsx'
import { ErrorSummary } from '~/components/form/ErrorSummary.tsx'
import { RoleMatrix } from '~/components/users/RoleMatrix.tsx'
import { registerMessage } from '~/components/users/user-form.ts'
import { requireAccess } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import { listRoleGroups, postedGroupRoles, saveRoleGroups } from '~/lib/role-groups.server.ts'
import { redirectWithMessage } from '~/lib/toast.server.ts'
import { dialogContextOf } from '~/lib/users.server.ts'
import type { RootData } from '~/root.tsx'
import { ROLES, type Role } from '../../domain/roles.ts'
import { offeredRoles } from '../../domain/users/offering.ts'
import type { Route } from './+types/group.administration'
import { ErrorNotice } from '~/components/ErrorNotice.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const [groups, offering] = await Promise.all([
    listRoleGroups(context, session),
    dialogContextOf(context, session, null),
  ])
  return {
    title: t('screens.groupAdministration.title'),
    groups,
    // Spec §6 applies to groups too (the register refuses adding a role the caller may not grant).
    offered: offeredRoles(offering),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const { t } = getInstance(context)
  const form = await request.formData()
  const current = await listRoleGroups(context, session)
  const posted = current.map((g) => ({ ...g, roles: postedGroupRoles(form, g.id) }))
  const outcome = await saveRoleGroups(context, session, posted)
  if (outcome.result === 'ok')
    return redirectWithMessage(config, '/group/administration', {
      type: 'success',
      message: 'admin.groups.saved',
    })
  if (outcome.result === 'not-found')
    return redirectWithMessage(config, '/group/administration', {
      type: 'error',
      message: 'admin.groups.errors.notFound',
    })
  const errors: Record<number, string> = {}
  for (const [id, message] of outcome.byGroup) {
    const { key, values } = registerMessage(message)
    errors[id] = t(key, values ?? {})
  }
  const other = outcome.other ? t(registerMessage(outcome.other).key) : null
  return data(
    {
      errors,
      general: other ?? (Object.keys(errors).length === 0 ? t('admin.groups.errors.invalid') : null),
      posted: Object.fromEntries(posted.map((g) => [g.id, g.roles])) as Record<number, Role[]>,
    },
    { status: 400 },
  )
}

// DocumentTitle draws the title: it depends on the post's answer.
export const meta: Route.MetaFunction = () => []

/** Spec §2 "Role groups page": the groups (by guiOrder) as columns of a role matrix, one save. */
export default function GroupAdministration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const { title, groups, offered } = loaderData
  const errors = actionData?.errors ?? {}
  const summary = groups.flatMap((g) => {
    const message = errors[g.id]
    return message ? [{ name: `roles-${g.id}`, label: g.name, message }] : []
  })
  return (
    <>
      <DocumentTitle title={title} failed={Boolean(actionData)} />
      <ErrorSummary errors={summary} />
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      <p className="mb-4">{t('admin.groups.intro')}</p>
      {actionData?.general ? <ErrorNotice>{actionData.general}</ErrorNotice> : null}
      {groups.length === 0 ? (
        <p>{t('admin.groups.none')}</p>
      ) : (
        <Form method="post" noValidate>
          <input type="hidden" name="csrf" value={csrf} />
          <RoleMatrix
            groups={groups.map((g) => ({
              id: g.id,
              name: g.name,
              checked: actionData?.posted[g.id] ?? g.roles,
              shown: ROLES.filter((r) => offered.includes(r) || g.roles.includes(r)),
              error: errors[g.id],
            }))}
          />
          <button type="submit" className="btn btn-primary mt-6">
            {t('admin.groups.save')}
          </button>
        </Form>
      )}
    </>
  )
}
