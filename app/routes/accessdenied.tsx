import { ErrorPage } from '~/components/ErrorPage.tsx'
import { errorPageLoader } from '~/lib/error-page.server.ts'
import { titleMeta } from '~/lib/meta.ts'
import type { Route } from './+types/accessdenied'

export const loader = errorPageLoader('accessdenied')

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ErrorPage kind="accessdenied" loggedIn={loaderData.loggedIn} />
}
