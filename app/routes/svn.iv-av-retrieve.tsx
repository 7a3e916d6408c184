import { FilePickupScreen } from '~/components/files/FilePickupScreen.tsx'
import { pickupAction, pickupLoader } from '~/lib/file-pickup.server.ts'
import type { Route } from './+types/svn.iv-av-retrieve'

/** File pickup of type IVAV (spec §2 "File pickup screens"); the screen is shared by the three types. */
export const loader = pickupLoader('IVAV')
export const action = pickupAction('IVAV')

export default function SvnIvAvRetrieve({ loaderData, actionData }: Route.ComponentProps) {
  return <FilePickupScreen loaderData={loaderData} actionData={actionData} />
}
