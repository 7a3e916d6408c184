import { redirect } from 'react-router'
import { safeRedirectTarget } from '../../domain/safe-redirect.ts'
import { currentSession } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { patchSessionData } from '~/lib/session.server.ts'
import type { Route } from './+types/nav'

/** Stores the side-navigation preference (open/closed) in the session; without JS it redirects back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const session = currentSession(context)
  const open = form.get('open')
  if (session && (open === 'true' || open === 'false')) {
    session.data.navOpen = open === 'true'
    await patchSessionData(context.get(appContext).db, session.id, 'navOpen', session.data.navOpen)
  }
  // The toggle's script stores the choice in the background: nothing to show.
  if (form.get('js') === '1') return new Response(null, { status: 204 })
  return redirect(safeRedirectTarget(form.get('returnTo')) ?? '/')
}

export function loader() {
  return redirect('/')
}
