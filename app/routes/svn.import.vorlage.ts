import { requireAccess } from '~/lib/auth.server.ts'
import { downloadWorkbook } from '~/lib/svn-import.server.ts'
import type { Route } from './+types/svn.import.vorlage'

/** The import template in the user's language, streamed from the register (DESIGN §7: URL ends in /vorlage). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  return downloadWorkbook(context, session, 'vorlage')
}
