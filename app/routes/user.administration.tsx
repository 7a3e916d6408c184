import { titleMeta } from '~/lib/meta.ts'
import { screenLoader } from '~/lib/screen.server.ts'
import type { Route } from './+types/user.administration'

export const loader = screenLoader('screens.userAdministration.title')

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function UserAdministration({ loaderData }: Route.ComponentProps) {
  return <h1 className="text-2xl font-semibold">{loaderData.title}</h1>
}
