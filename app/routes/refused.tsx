import { data } from 'react-router'
import { ErrorPage } from '~/components/ErrorPage.tsx'
import { titleMeta } from '~/lib/meta.ts'
import { pageTitle } from '~/lib/page.server.ts'
import { safeRedirectOrHome } from '../../domain/safe-redirect.ts'
import type { Route } from './+types/refused'

/**
 * Where a form POST refused by the anti-forgery check is sent (app/lib/csrf.server.ts, ADR 303): a
 * page of its own, so the shell shows whoever is logged in now, and the way back to the form's page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const back = safeRedirectOrHome(new URL(request.url).searchParams.get('back'))
  return data({ title: pageTitle(context, 'pages.refused.title'), back }, { status: 403 })
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ErrorPage kind="refused" loggedIn back={loaderData.back} />
}
