import { titleMeta } from '~/lib/meta.ts'
import { screenLoader } from '~/lib/screen.server.ts'
import type { Route } from './+types/svn.untreated'

export const loader = screenLoader('screens.svnUntreated.title')

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function SvnUntreated({ loaderData }: Route.ComponentProps) {
  return <h1 className="text-2xl font-semibold">{loaderData.title}</h1>
}
