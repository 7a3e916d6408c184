import { redirect } from 'react-router'
import { currentSession, rememberWanted } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { currentLanguage } from '~/lib/i18n.server.ts'
import { authenticate } from '~/lib/oidc.server.ts'
import { unavailable } from '~/lib/unavailable.server.ts'
import type { Route } from './+types/login'

/** Starts the authorization-code flow (PKCE S256) at the identity provider. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (currentSession(context)) return redirect('/landing')
  const { config } = context.get(appContext)
  const url = new URL(request.url)
  const rememberCookie = await rememberWanted(config, url.searchParams.get('returnTo'))
  const start = new URL('/login', url)
  start.searchParams.set('ui_locales', currentLanguage(context))
  const hint = url.searchParams.get('idpHint')
  if (hint) start.searchParams.set('kc_idp_hint', hint.slice(0, 100))
  try {
    await authenticate(config, new Request(start, { headers: request.headers }))
  } catch (thrown) {
    if (thrown instanceof Response) {
      if (rememberCookie) thrown.headers.append('Set-Cookie', rememberCookie)
      // The IdP's login page is not a portal route: a client-side navigation must become a document load.
      thrown.headers.set('X-Remix-Reload-Document', 'true')
      throw thrown
    }
    // Discovery at the identity provider failed (unreachable, 5xx): a login error page, 503 (ADR 602).
    console.error('login: identity provider unavailable:', thrown instanceof Error ? thrown.message : thrown)
    throw unavailable('login')
  }
  return redirect('/landing')
}

/** Never shown (the loader always redirects); a page route so a login error renders the error page. */
export default function Login() {
  return null
}
