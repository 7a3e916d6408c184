import { ErrorPage } from '~/components/ErrorPage.tsx'
import { errorPageLoader } from '~/lib/error-page.server.ts'
import { titleMeta } from '~/lib/meta.ts'
import type { Route } from './+types/error'

export const loader = errorPageLoader('error')

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ErrorPage kind="error" loggedIn={loaderData.loggedIn} />
}
