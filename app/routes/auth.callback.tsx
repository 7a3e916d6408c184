import { redirect } from 'react-router'
import { logEvent } from '../../domain/log.ts'
import { completeLogin, LoginRejected, requestIdOf } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { authenticate } from '~/lib/oidc.server.ts'
import type { Route } from './+types/auth.callback'

/** The identity provider returns here with the code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext)
  try {
    const tokens = await authenticate(config, request)
    return await completeLogin(context, request, tokens)
  } catch (error) {
    if (error instanceof Response) throw error
    const requestId = requestIdOf(context)
    if (error instanceof LoginRejected) {
      logEvent('warn', 'login.failure', { side: 'portal', requestId, reason: 'no register access' })
      return redirect('/accessdenied')
    }
    // The provider's error text (e.g. invalid_grant) says why; it holds no token.
    const detail = error instanceof Error ? error.message : String(error)
    logEvent('warn', 'login.failure', { side: 'portal', requestId, reason: 'callback failed', detail })
    return redirect('/error')
  }
}
