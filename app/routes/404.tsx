import { ErrorPage } from '~/components/ErrorPage.tsx'
import { errorPageLoader } from '~/lib/error-page.server.ts'
import { titleMeta } from '~/lib/meta.ts'
import type { Route } from './+types/404'

export const loader = errorPageLoader('notFound')

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ErrorPage kind="not-found" loggedIn={loaderData.loggedIn} />
}
