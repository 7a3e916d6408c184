import { titleMeta } from '~/lib/meta.ts'
import { screenLoader } from '~/lib/screen.server.ts'
import type { Route } from './+types/svn.search'

export const loader = screenLoader('screens.svnSearch.title')

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function SvnSearch({ loaderData }: Route.ComponentProps) {
  return <h1 className="text-2xl font-semibold">{loaderData.title}</h1>
}
