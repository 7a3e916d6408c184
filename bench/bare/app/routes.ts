import { index, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes'
import portalRoutes from '../../../app/routes.ts'
import { bareTable } from '../table.ts'

/** The yardstick: one page, a 15-row table, and the route that renders captured markup (ADR 532). */
const yardstick = [index('routes/home.tsx'), route('markup/:page', 'routes/markup.tsx')]

/**
 * The portal's route table (app/routes.ts) with a stub module for every route: its paths, layouts and
 * nesting, none of its code. React Router walks the whole table on every request (`createServerRoutes`
 * and `createStaticRouter` rebuild it, `matchServerRoutes` tries its branches), so this measures what
 * our number of routes costs in React Router itself (ADR 541). The portal's index only redirects; the
 * yardstick's page takes `/`.
 */
function stubbed(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => {
    const file = entry.file.endsWith('.ts')
      ? 'routes/stub/resource.ts'
      : entry.children?.length
        ? 'routes/stub/layout.tsx'
        : 'routes/stub/page.tsx'
    return { ...entry, id: `portal/${entry.file}`, file, children: entry.children && stubbed(entry.children) }
  })
}

/** The build of bench/lib/bare.ts's `buildBare('portal')` (bench/bare/table.ts). */
export default (bareTable() === 'portal'
  ? [...yardstick, ...stubbed(portalRoutes.filter((entry) => !entry.index))]
  : yardstick) satisfies RouteConfig
