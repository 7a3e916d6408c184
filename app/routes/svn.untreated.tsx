import { FilePickupScreen } from '~/components/files/FilePickupScreen.tsx'
import { pickupAction, pickupLoader } from '~/lib/file-pickup.server.ts'
import type { Route } from './+types/svn.untreated'

/** File pickup of type SVN (spec §2 "File pickup screens"); the screen is shared by the three types. */
export const loader = pickupLoader('SVN')
export const action = pickupAction('SVN')

export default function SvnUntreated({ loaderData, actionData }: Route.ComponentProps) {
  return <FilePickupScreen loaderData={loaderData} actionData={actionData} />
}
