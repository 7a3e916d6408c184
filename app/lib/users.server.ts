import { redirect, type RouterContextProvider } from 'react-router'
import type { AdminUser, DialogContext, UserFormValues } from '~/components/users/user-form.ts'
import { toUserInput } from '~/components/users/user-form.ts'
import { appContext } from './context.ts'
import { RegisterError, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** The register's user calls for the user administration screens (spec §7 "Users"). */

interface SelfForOffering {
  maklerNummer: string | null
  versicherungsgesellschaft: { makler: boolean; hasRoleGroups: boolean }
}

/**
 * Spec §6 decides what the dialog offers by the logged-in user and their insurer; read fresh from
 * GET /users/self (the session keeps neither flag, and an admin may have changed the broker number).
 */
export async function dialogContextOf(
  context: Context,
  session: Session,
  editedUserId: number | null,
): Promise<DialogContext> {
  const { config } = context.get(appContext)
  const self = await registerJson<SelfForOffering>(config, session.data.accessToken, '/users/self')
  return {
    callerMaklerNummer: self.maklerNummer,
    insurerHasRoleGroups: self.versicherungsgesellschaft.hasRoleGroups,
    insurerIsBroker: self.versicherungsgesellschaft.makler,
    editingSelf: editedUserId !== null && editedUserId === session.data.user.id,
  }
}

export async function listUsers(context: Context, session: Session): Promise<AdminUser[]> {
  const { config } = context.get(appContext)
  return registerJson<AdminUser[]>(config, session.data.accessToken, '/users')
}

/** The user, or null when the register does not know it (or it is another insurer's). */
export async function findUser(context: Context, session: Session, id: number): Promise<AdminUser | null> {
  const { config } = context.get(appContext)
  try {
    return await registerJson<AdminUser>(config, session.data.accessToken, `/users/${id}`)
  } catch (error) {
    if (error instanceof RegisterError && error.status === 404) return null
    throw error
  }
}

/** `user/administration/{id}`: digits only, else the unknown-path page. */
export function userIdOf(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param) || Number(param) < 1) throw redirect('/404')
  return Number(param)
}

export type SaveOutcome =
  | { result: 'ok'; user: AdminUser }
  | { result: 'invalid'; error: string; fieldErrors: Record<string, string[]> | undefined }
  | { result: 'conflict' }
  | { result: 'not-found' }

/**
 * Creates (POST /users) or saves (PUT /users with the version the form was read at) the user with
 * its roles in one call: the register applies the role rules and checks the grants in the same
 * transaction, so a refused role never leaves a half-saved user behind.
 */
export async function saveUser(
  context: Context,
  session: Session,
  values: UserFormValues,
  existing: { id: number; version: number } | null,
): Promise<SaveOutcome> {
  const { config } = context.get(appContext)
  const body = { ...toUserInput(values), ...(existing ?? {}) }
  try {
    const user = await registerJson<AdminUser>(config, session.data.accessToken, '/users', {
      method: existing ? 'PUT' : 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { result: 'ok', user }
  } catch (error) {
    if (!(error instanceof RegisterError)) throw error
    if (error.status === 409) return { result: 'conflict' }
    if (error.status === 404) return { result: 'not-found' }
    if (error.status === 400) {
      const answer = (error.body ?? {}) as { error?: string; fieldErrors?: Record<string, string[]> }
      return { result: 'invalid', error: answer.error ?? '', fieldErrors: answer.fieldErrors }
    }
    throw error
  }
}

export type DeleteOutcome = 'ok' | 'self' | 'in-use' | 'not-found'

/** DELETE /users/{id}; the register refuses deleting oneself (400) and a user still referred to (409). */
export async function deleteUser(context: Context, session: Session, id: number): Promise<DeleteOutcome> {
  const { config } = context.get(appContext)
  try {
    await registerJson<null>(config, session.data.accessToken, `/users/${id}`, { method: 'DELETE' })
    return 'ok'
  } catch (error) {
    if (!(error instanceof RegisterError)) throw error
    if (error.status === 404) return 'not-found'
    if (error.status === 409) return 'in-use'
    if (error.status === 400) return 'self'
    throw error
  }
}

/** A display name for messages: "Vorname Nachname", or the e-mail when there is no name. */
export function displayName(user: Pick<AdminUser, 'vorname' | 'nachname' | 'email'>): string {
  return [user.vorname, user.nachname].filter(Boolean).join(' ') || user.email
}
