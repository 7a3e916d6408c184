import { UserDialogScreen, type UserDialogPost } from '~/components/users/UserDialogScreen.tsx'
import { userDialogAction, userDialogData } from '~/lib/user-dialog.server.ts'
import type { Route } from './+types/user.administration.new'

export async function loader({ request, context }: Route.LoaderArgs) {
  return userDialogData(context, request, null)
}

export async function action({ request, context }: Route.ActionArgs) {
  return userDialogAction(context, request, null)
}

// The dialog draws its own <title>: it depends on the post's errors, which meta never sees.
export const meta: Route.MetaFunction = () => []

export default function NewUser({ loaderData, actionData }: Route.ComponentProps) {
  return <UserDialogScreen data={loaderData} post={actionData as UserDialogPost | undefined} />
}
