import { requireAccess } from '~/lib/auth.server.ts'
import { handleImportUpload } from '~/lib/svn-import.server.ts'
import type { Route } from './+types/svn.import.upload'

/**
 * The upload as the import screen sends it with JavaScript (XMLHttpRequest, for its progress events):
 * the same work as the screen's plain POST, answered as JSON — where to go, or the message to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAccess(context, request)
  const outcome = await handleImportUpload(context, session, request)
  if (outcome.ok) return Response.json({ redirect: outcome.href })
  return Response.json({ error: outcome.message }, { status: 400 })
}

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}
