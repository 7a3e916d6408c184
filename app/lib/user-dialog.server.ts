import { data, type RouterContextProvider } from 'react-router'
import {
  readUserForm,
  registerFieldErrors,
  rolesForType,
  valuesOfUser,
  withBrokerFixedFields,
  emptyUserValues,
  type AdminUser,
  type UserFormField,
  type UserFormValues,
} from '~/components/users/user-form.ts'
import { listQuery, userDialogHref, userListHref } from '~/components/users/user-list.ts'
import { isBrokerCaller } from '../../domain/users/offering.ts'
import { requireAccess } from './auth.server.ts'
import { appContext } from './context.ts'
import { countryOptions } from './countries.server.ts'
import { getInstance } from './i18n.server.ts'
import { redirectWithMessage } from './toast.server.ts'
import { deleteUser, dialogContextOf, displayName, findUser, saveUser } from './users.server.ts'

type Context = Readonly<RouterContextProvider>

/** What the dialog (new or edit) needs to draw its form. */
export async function userDialogData(context: Context, request: Request, id: number | null) {
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const listHref = userListHref(listQuery(new URL(request.url).searchParams))
  const [dialog, countries, user] = await Promise.all([
    dialogContextOf(context, session, id),
    countryOptions(context, session),
    id === null ? Promise.resolve(null) : findUser(context, session, id),
  ])
  if (id !== null && !user) {
    const { config } = context.get(appContext)
    throw await redirectWithMessage(config, listHref, { type: 'error', message: 'admin.users.notFound' })
  }
  const values = user
    ? valuesOfUser(user)
    : withBrokerFixedFields(
        emptyUserValues(isBrokerCaller(dialog) ? 'MAKLER' : 'SACHBEARBEITER'),
        dialog,
        null,
      )
  const heading = user ? t('admin.users.editTitle', { name: displayName(user) }) : t('admin.users.newTitle')
  return {
    dialog,
    countries,
    values,
    held: user?.roles ?? [],
    groupRoles: user?.groupRoles ?? [],
    version: user?.version ?? null,
    userId: user?.id ?? null,
    userName: user ? displayName(user) : null,
    heading,
    listHref,
    screenTitle: t('screens.userAdministration.title'),
  }
}

export interface UserDialogActionData {
  values: UserFormValues
  errors: Partial<Record<UserFormField, string>>
  /** A message about the whole form (stale version, a register message of no field). */
  general: string | null
  /** Without JS, delete asks on a page of its own first (DESIGN §7). */
  confirmDelete?: boolean
}

/**
 * The dialog's POST: `save`, `apply-type` (no JS: the chosen type's default roles, nothing saved) and,
 * when editing, `delete`. Success goes back to the list (same sort and page) with the spec §8 message;
 * refused input comes back with every typed value and the register's reasons per field.
 */
export async function userDialogAction(context: Context, request: Request, id: number | null) {
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const { t } = getInstance(context)
  const query = listQuery(new URL(request.url).searchParams)
  const listHref = userListHref(query)
  const form = await request.formData()
  const intent = form.get('intent')
  const [dialog, existing] = await Promise.all([
    dialogContextOf(context, session, id),
    id === null ? Promise.resolve(null) : findUser(context, session, id),
  ])
  if (id !== null && !existing)
    return redirectWithMessage(config, listHref, { type: 'error', message: 'admin.users.notFound' })

  if (intent === 'delete' && existing) return deleteIntent(context, session, existing, form, query)

  const values = withBrokerFixedFields(readUserForm(form), dialog, existing)
  const reply = (body: Omit<UserDialogActionData, 'values'>, status = 200) =>
    data<UserDialogActionData>({ values, ...body }, { status })

  if (intent === 'apply-type') {
    values.roles = rolesForType(values.type, dialog, existing?.roles ?? [], existing === null)
    return reply({ errors: {}, general: null })
  }
  if (intent !== 'save') throw data('Unknown intent', { status: 400 })

  const version = Number(form.get('version'))
  const outcome = await saveUser(
    context,
    session,
    values,
    existing ? { id: existing.id, version: Number.isInteger(version) ? version : -1 } : null,
  )
  switch (outcome.result) {
    case 'ok':
      return redirectWithMessage(config, listHref, {
        type: 'success',
        message: existing ? 'admin.users.saved' : 'admin.users.created',
        values: { name: displayName(outcome.user) },
      })
    case 'not-found':
      return redirectWithMessage(config, listHref, { type: 'error', message: 'admin.users.notFound' })
    case 'conflict':
      return reply({ errors: {}, general: t('admin.users.errors.stale') }, 409)
    case 'invalid': {
      const { fields, other } = registerFieldErrors(
        outcome.fieldErrors ?? (outcome.error ? { _: [outcome.error] } : undefined),
      )
      const errors: Partial<Record<UserFormField, string>> = {}
      for (const [field, message] of Object.entries(fields)) {
        errors[field as UserFormField] = t(message.key, message.values ?? {})
      }
      const general = other[0] ? t(other[0].key, other[0].values ?? {}) : null
      return reply({ errors, general }, 400)
    }
  }
}

async function deleteIntent(
  context: Context,
  session: Awaited<ReturnType<typeof requireAccess>>,
  user: AdminUser,
  form: FormData,
  query: string,
) {
  const { config } = context.get(appContext)
  const listHref = userListHref(query)
  if (form.get('confirmed') !== 'yes') {
    return data<UserDialogActionData>({
      values: valuesOfUser(user),
      errors: {},
      general: null,
      confirmDelete: true,
    })
  }
  const name = displayName(user)
  const outcome = await deleteUser(context, session, user.id)
  const message = (
    {
      ok: 'admin.users.removed',
      self: 'admin.users.errors.cannotDeleteSelf',
      'in-use': 'admin.users.errors.inUse',
      'not-found': 'admin.users.notFound',
    } as const
  )[outcome]
  if (outcome === 'ok' || outcome === 'not-found')
    return redirectWithMessage(config, listHref, {
      type: outcome === 'ok' ? 'success' : 'error',
      message,
      values: { name },
    })
  // Refused: back to the user's dialog, which still exists.
  return redirectWithMessage(config, userDialogHref(user.id, query), {
    type: 'error',
    message,
    values: { name },
  })
}
