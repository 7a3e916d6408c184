import { redirect } from 'react-router'
import { requireAccess } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import { handleLogoPost } from '~/lib/logo.server.ts'
import { jsonWithMessage } from '~/lib/toast.server.ts'
import type { Route } from './+types/logo.upload'

/**
 * The logo page's upload for its XMLHttpRequest (ADR 141): the same handling as the page's own POST,
 * answered as JSON so the script can show upload progress and stay on the page. A success's message
 * rides on the toast cookie and appears when the page revalidates; a refusal's is in the answer, which
 * the page shows in its error summary and beside the field (no toast to say it a third time).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const outcome = await handleLogoPost(context, session, request)
  if (outcome.ok)
    return jsonWithMessage(config, { ok: true }, { type: 'success', message: 'admin.logo.uploaded' })
  return Response.json({ ok: false, error: getInstance(context).t(outcome.message) }, { status: 400 })
}

export function loader() {
  return redirect('/logo')
}
