import { requireAccess } from '~/lib/auth.server.ts'
import { downloadWorkbook } from '~/lib/svn-import.server.ts'
import type { Route } from './+types/svn.import.error'

/** The rejected rows of the user's latest import, streamed from the register (DESIGN §7: URL ends in /error). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  return downloadWorkbook(context, session, 'error')
}
