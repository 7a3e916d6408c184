import { downloadFile, requireFileAccess } from '~/lib/files.server.ts'
import { forgetNavCounts } from '~/lib/nav-counts.server.ts'
import type { Route } from './+types/files.$type.$fileName'

/**
 * GET /files/{type}/{fileName} (DESIGN §7): a resource route that streams a pickup file from the
 * register, with the register's Content-Type and Content-Disposition, under the same authorities as
 * the type's screen. The register marks the file downloaded, so the menu counts are asked afresh.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { session, type } = await requireFileAccess(context, request, params.type)
  const response = await downloadFile(context, session, request, type, params.fileName)
  await forgetNavCounts(context, session)
  return response
}
