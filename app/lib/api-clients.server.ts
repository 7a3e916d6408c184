import type { RouterContextProvider } from 'react-router'
import type { ApiClientJson, ApiClientWithSecret } from '../../domain/api-clients/rules.ts'
import { isRole, type Role } from '../../domain/roles.ts'
import { appContext } from './context.ts'
import { RegisterError, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/**
 * The insurer's clients, or null where the register answers 501: the IdP is not the embedded one, so
 * clients are service accounts managed there (Keycloak, docs/deployment.md; ADR 181).
 */
export async function listApiClients(context: Context, session: Session): Promise<ApiClientJson[] | null> {
  const { config } = context.get(appContext)
  try {
    const body = await registerJson<{ clients: ApiClientJson[] }>(
      config,
      session.data.accessToken,
      '/api-clients',
    )
    return body.clients
  } catch (error) {
    if (error instanceof RegisterError && error.status === 501) return null
    throw error
  }
}

export type ApiClientOutcome =
  | { result: 'ok'; value: ApiClientWithSecret }
  | { result: 'invalid'; fieldErrors: Record<string, string[]> }
  | { result: 'not-found' }
  | { result: 'conflict' }

/** Maps the register's refusals of a client change to what the screen says; anything else is thrown. */
async function change(
  context: Context,
  session: Session,
  path: string,
  body?: unknown,
): Promise<ApiClientOutcome> {
  const { config } = context.get(appContext)
  try {
    const value = await registerJson<ApiClientWithSecret | ApiClientJson>(
      config,
      session.data.accessToken,
      path,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
    )
    const withSecret = 'clientSecret' in value ? value : { client: value, clientSecret: '' }
    return { result: 'ok', value: withSecret }
  } catch (error) {
    if (!(error instanceof RegisterError)) throw error
    if (error.status === 400) {
      const fieldErrors = (error.body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {}
      return { result: 'invalid', fieldErrors }
    }
    if (error.status === 404) return { result: 'not-found' }
    if (error.status === 409) return { result: 'conflict' }
    throw error
  }
}

export function createApiClient(context: Context, session: Session, input: { name: string; roles: Role[] }) {
  return change(context, session, '/api-clients', input)
}

export function rotateApiClientSecret(context: Context, session: Session, id: number) {
  return change(context, session, `/api-clients/${id}/secret`)
}

export function revokeApiClient(context: Context, session: Session, id: number) {
  return change(context, session, `/api-clients/${id}/revoke`)
}

/** The posted roles: checkboxes named `roles`, unknown values dropped (the register checks the rest). */
export function postedRoles(form: FormData): Role[] {
  return form.getAll('roles').filter(isRole)
}
