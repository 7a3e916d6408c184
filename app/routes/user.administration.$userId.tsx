import { UserDialogScreen, type UserDialogPost } from '~/components/users/UserDialogScreen.tsx'
import { userDialogAction, userDialogData } from '~/lib/user-dialog.server.ts'
import { userIdOf } from '~/lib/users.server.ts'
import type { Route } from './+types/user.administration.$userId'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return userDialogData(context, request, userIdOf(params.userId))
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return userDialogAction(context, request, userIdOf(params.userId))
}

// The dialog draws its own <title>: it depends on the post's errors, which meta never sees.
export const meta: Route.MetaFunction = () => []

export default function EditUser({ loaderData, actionData }: Route.ComponentProps) {
  return <UserDialogScreen data={loaderData} post={actionData as UserDialogPost | undefined} />
}
