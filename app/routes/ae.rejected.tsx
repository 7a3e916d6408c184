import { FilePickupScreen } from '~/components/files/FilePickupScreen.tsx'
import { pickupAction, pickupLoader } from '~/lib/file-pickup.server.ts'
import type { Route } from './+types/ae.rejected'

/** File pickup of type AE (spec §2 "File pickup screens"); the screen is shared by the three types. */
export const loader = pickupLoader('AE')
export const action = pickupAction('AE')

export default function AeRejected({ loaderData, actionData }: Route.ComponentProps) {
  return <FilePickupScreen loaderData={loaderData} actionData={actionData} />
}
