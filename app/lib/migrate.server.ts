import type { RouterContextProvider } from 'react-router'
import { appContext } from './context.ts'
import { RegisterError, registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

export interface MigratedUser {
  userId: number
  email: string
  setupUrl: string
}

export type MigrateOutcome =
  | { result: 'ok'; migrated: MigratedUser[] }
  /**
   * Some users failed: the first one's e-mail (spec §8 shows the first error; the page says it in the
   * user's language, the IdP's own words go to the log), null if the answer names no one, and the
   * links made for the others.
   */
  | { result: 'failed'; email: string | null; migrated: MigratedUser[] }
  | { result: 'not-own' }
  | { result: 'unavailable' }

/**
 * POST /users/migrate/{gsCode} (DESIGN §5 "Users and IdP"). The setup links are answered once and
 * cannot be fetched again, so the page shows them straight from this answer and never stores them.
 */
export async function migrateUsers(
  context: Context,
  session: Session,
  gsCode: string,
): Promise<MigrateOutcome> {
  const { config } = context.get(appContext)
  try {
    const answer = await registerJson<{ migrated: MigratedUser[] }>(
      config,
      session.data.accessToken,
      `/users/migrate/${encodeURIComponent(gsCode)}`,
      { method: 'POST' },
    )
    return { result: 'ok', migrated: answer.migrated }
  } catch (error) {
    if (!(error instanceof RegisterError)) throw error
    if (error.status === 404) return { result: 'not-own' }
    if (error.status === 501) return { result: 'unavailable' }
    const body = error.body as {
      error?: string
      migrated?: MigratedUser[]
      failed?: { email?: string }[]
    } | null
    if (error.status === 502 && body?.error) {
      console.error(`migration of ${gsCode}: ${body.error}`)
      return { result: 'failed', email: body.failed?.[0]?.email || null, migrated: body.migrated ?? [] }
    }
    throw error
  }
}
