import { redirect } from 'react-router'
import { safeRedirectTarget } from '../../domain/safe-redirect.ts'
import { currentSession } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { redirectWithMessage } from '~/lib/toast.server.ts'
import { saveShortcutsEnabled } from '~/lib/user-settings.server.ts'
import type { Route } from './+types/settings.shortcuts'

/**
 * POST /settings/shortcuts (`enabled=true|false`, csrf, returnTo): switches the keyboard shortcuts
 * on or off for this user, kept in portal_user_settings by `sub`. A plain form: works without JS.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.get(appContext)
  const form = await request.formData()
  const back = safeRedirectTarget(form.get('returnTo')) ?? '/'
  const session = currentSession(context)
  if (!session) return redirect('/login')
  const enabled = form.get('enabled')
  if (enabled !== 'true' && enabled !== 'false') return redirect(back)
  await saveShortcutsEnabled(db, session.data.sub, enabled === 'true')
  return redirectWithMessage(config, back, {
    type: 'success',
    message: enabled === 'true' ? 'shortcuts.switchedOn' : 'shortcuts.switchedOff',
  })
}

export function loader() {
  return redirect('/')
}
