import { redirect } from 'react-router'
import { defaultPage } from '../../domain/access.ts'
import { currentSession } from '~/lib/auth.server.ts'
import type { Route } from './+types/landing'

/** Logged in → the default page; otherwise → login (keeping an identity-provider hint). */
export function loader({ request, context }: Route.LoaderArgs) {
  const session = currentSession(context)
  if (session) return redirect(defaultPage(session.data.roles))
  const hint = new URL(request.url).searchParams.get('idpHint')
  return redirect(hint ? `/login?idpHint=${encodeURIComponent(hint)}` : '/login')
}
