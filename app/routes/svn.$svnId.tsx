import { redirect } from 'react-router'
import { titleMeta } from '~/lib/meta.ts'
import { pageTitle } from '~/lib/page.server.ts'
import type { Route } from './+types/svn.$svnId'

/** svn/{svnId} takes digits only (spec route table); anything else is an unknown path. */
export function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,18}$/.test(params.svnId)) throw redirect('/404')
  return { title: pageTitle(context, 'screens.svnDetail.title', { id: params.svnId }) }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function SvnDetail({ loaderData }: Route.ComponentProps) {
  return <h1 className="text-2xl font-semibold">{loaderData.title}</h1>
}
