import { ErrorPage } from '~/components/ErrorPage.tsx'
import { errorPageData } from '~/lib/error-page.server.ts'
import { titleMeta } from '~/lib/meta.ts'
import { safeRedirectOrHome } from '../../domain/safe-redirect.ts'
import type { Route } from './+types/refused'

/**
 * Where a form page load refused by the anti-forgery check is sent (app/lib/csrf.server.ts, ADR 303):
 * a page of its own, so the shell shows whoever is logged in now, and the way back to the form's page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const back = safeRedirectOrHome(new URL(request.url).searchParams.get('back'))
  return errorPageData(context, 'refused', { back })
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ErrorPage kind="refused" loggedIn={loaderData.loggedIn} back={loaderData.back} />
}
