import type { RouterContextProvider } from 'react-router'
import { isRole, type Role } from '../../domain/roles.ts'
import { sortRoles } from '../../domain/users/role-rules.ts'
import { appContext } from './context.ts'
import { RegisterError, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** Spec §3 Role group as GET /versicherung/rolegroups answers it (sorted by guiOrder). */
export interface RoleGroup {
  id: number
  name: string
  guiOrder: number
  roles: Role[]
}

export async function listRoleGroups(context: Context, session: Session): Promise<RoleGroup[]> {
  const { config } = context.get(appContext)
  return registerJson<RoleGroup[]>(config, session.data.accessToken, '/versicherung/rolegroups')
}

/** The form names each group's boxes `roles.{id}`: the roles posted for that group. */
export function postedGroupRoles(form: FormData, id: number): Role[] {
  return sortRoles(form.getAll(`roles.${id}`).filter(isRole))
}

export type SaveGroupsOutcome =
  | { result: 'ok' }
  | { result: 'invalid'; byGroup: Map<number, string>; other: string | null }
  | { result: 'not-found' }

/**
 * One save for all groups (spec §2 "Role groups page"): names and order as the register has them now,
 * the roles as posted. The register answers a refused group as `fieldErrors["{index}.roles"]`.
 */
export async function saveRoleGroups(
  context: Context,
  session: Session,
  groups: RoleGroup[],
): Promise<SaveGroupsOutcome> {
  const { config } = context.get(appContext)
  try {
    await registerJson(config, session.data.accessToken, '/versicherung/rolegroups', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(groups),
    })
    return { result: 'ok' }
  } catch (error) {
    if (!(error instanceof RegisterError)) throw error
    if (error.status === 404) return { result: 'not-found' }
    if (error.status !== 400) throw error
    const fieldErrors = (error.body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {}
    const byGroup = new Map<number, string>()
    let other: string | null = null
    for (const [key, messages] of Object.entries(fieldErrors)) {
      const index = /^(\d+)\./.exec(key)?.[1]
      const group = index === undefined ? undefined : groups[Number(index)]
      if (group && messages[0]) byGroup.set(group.id, messages[0])
      else other ??= messages[0] ?? null
    }
    return { result: 'invalid', byGroup, other }
  }
}
