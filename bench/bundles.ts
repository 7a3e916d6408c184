/**
 * Client JavaScript per route (issues 9 and 18, ADR 510, 530, 531): the first load of every route in app/routes.ts, gzip,
 * from the production build in build/ (bench/run.ts makes it first where it is stale). The same computation backs
 * the budget test (tests/bundles/budgets.test.ts). The yardstick, a bare React Router page, is built
 * and measured in the same run.
 */
import path from 'node:path'
import { composition } from '../tests/bundles/composition.ts'
import {
  DEFAULT_BUDGET,
  GOAL,
  hasBuild,
  kb,
  measureRoutes,
  type RouteJs,
  SHELL_GOAL,
} from '../tests/bundles/route-js.ts'
import { bareBuild, buildBare } from './lib/bare.ts'
import type { BenchModule, BenchSection } from './lib/report.ts'

/**
 * The floor (ADR 531): bench/bare — one React Router 7 route and nothing of ours — built with this
 * checkout's packages and the portal's client output plugins (scripts/client-output.ts); its page's
 * first load, measured as the portal's routes are.
 */
function barePage(): RouteJs {
  buildBare()
  const page = measureRoutes(path.join(bareBuild('yardstick'), 'client')).find((r) => r.id === 'routes/home')
  if (!page) throw new Error('bundles: no routes/home in bench/bare')
  return page
}

export const run: BenchModule = async (): Promise<BenchSection[]> => {
  if (!hasBuild()) throw new Error('bundles: no client build; run `npm run build` first')
  const routes = measureRoutes().sort((a, b) => b.gzip - a.gzip || a.path.localeCompare(b.path))
  const pages = routes.filter((r) => r.page)
  const heaviest = pages[0]!
  const shell = routes.find((r) => r.id === 'root')!
  // The four language files are on demand for every page (ADR 530): one entry, the largest.
  const isLanguage = (file: string) => /(^|\/)(de|fr|it|en)-[\w-]+\.js$/.test(file)
  const lazyText = (lazy: { file: string; gzip: number }[]) => {
    const languages = lazy.filter((l) => isLanguage(l.file))
    const items = lazy
      .filter((l) => !isLanguage(l.file))
      .map((l) => `${l.file.replace(/^assets\//, '')} ${kb(l.gzip)}`)
    if (languages.length) items.push(`language file ≤ ${kb(Math.max(...languages.map((l) => l.gzip)))}`)
    return items.length ? items.join(', ') : '–'
  }
  const lines = routes.map(
    (r) =>
      `| \`${r.path}\` | ${r.id.replace(/^routes\//, '')}${r.page ? '' : ' (no page)'} | ${kb(r.gzip)} | ` +
      `${kb(r.gzip - shell.gzip)} | ${kb(r.brotli)} | ${kb(r.bytes)} | ${kb(r.budget)} | ` +
      `${lazyText(r.lazy)} |`,
  )
  const common = shell.files
    .filter((f) => f.gzip >= 1000)
    .map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzip)}`)
    .join(', ')
  const parts = composition(shell.files)
  const libraries = (parts ?? [])
    .filter((p) => ['react-dom', 'react-router', 'react', 'scheduler'].includes(p.part))
    .reduce((s, p) => s + p.gzip, 0)
  const ours = parts?.find((p) => p.part.startsWith('our code'))?.gzip ?? 0
  const floor = `React DOM, its scheduler, React and React Router alone are ${kb(libraries)} of the shell`
  const { gzip: bare, brotli: bareBrotli } = barePage()
  const markdown = [
    `What a first load of each route fetches: the entry and the modules of the matched routes (root, ` +
      `layouts, the route) with their static imports, transitively, from ` +
      `\`build/client/.vite/manifest.json\` and React Router's manifest. The page's texts are not ` +
      `JavaScript: the server writes the ones it rendered into the page as JSON (ADR 530), and the ` +
      `language file comes on demand (first client-side navigation, or a text the server did not ` +
      `render). Gzip at zlib level 9; 1 KB = 1 000 bytes. Chunks loaded only on demand are listed apart ` +
      `and not counted. Routes marked "no page" only redirect or answer a file; their row is the shell ` +
      `a browser would load if one rendered.`,
    '',
    `Shared by every page (${kb(shell.gzip)}): ${common}.`,
    '',
    `The yardstick: a bare React Router 7 page (\`bench/bare\`, one route, nothing of ours), built in ` +
      `this run with the same packages, ships ${kb(bare)}; the shell is ${kb(shell.gzip - bare)} above ` +
      `it, the heaviest page ${kb(heaviest.gzip - bare)}.`,
    '',
    `What a browser is sent: the build writes each script and stylesheet Brotli- and gzip-compressed ` +
      `(into build/client-compressed), and the server sends the form the browser takes (ADR 537; every current browser takes ` +
      `Brotli over HTTPS). In Brotli the shell is ${kb(shell.brotli)}, the heaviest page ${kb(heaviest.brotli)}, the ` +
      `bare page ${kb(bareBrotli)}; a browser that takes only gzip gets the gzip sizes above.`,
    '',
    ...(parts
      ? [
          `The shell by part (\`build/client/.vite/modules.json\`; a chunk's gzip shared among its parts ` +
            `in proportion to their own gzip, so the parts are estimates and the total is exact):`,
          '',
          '| part | gzip |',
          '| ---- | ---: |',
          ...parts.filter((p) => p.gzip >= 50).map((p) => `| ${p.part} | ${kb(p.gzip)} |`),
          '',
          `${floor}; our code is ${kb(ours)}. What taking the parts a page could fetch later (messages, ` +
            `holiday banner, error page, shortcuts, icons) out of the shell would save is measured in ` +
            `ADR 531's addendum. \`npm test\` holds every route to its budget (default ${kb(DEFAULT_BUDGET)}).`,
          '',
        ]
      : []),
    '| route | module | first load (gzip) | beyond the shell | first load (Brotli) | first load (raw) | budget | lazy, on demand |',
    '| ----- | ------ | ----------------: | ---------------: | ------------------: | ---------------: | -----: | --------------- |',
    ...lines,
  ].join('\n')
  // Why a goal is out of reach: what the runtime alone weighs, and what the goal leaves for our code.
  const outside = (goal: number, page: { gzip: number; brotli: number }) =>
    `a bare React Router page ships ${kb(bare)} (bench/bare, ADR 531); the goal leaves ` +
    `${kb(Math.max(0, goal - bare))} above it, this is ${kb(page.gzip - bare)} above it; sent as ` +
    `Brotli (ADR 537): ${kb(page.brotli)}`
  return [
    {
      id: 'bundles',
      title: 'Client JavaScript per route',
      markdown,
      budgets: [
        {
          name: 'Heaviest page, client JavaScript (gzip)',
          goal: `≤ ${kb(GOAL)}`,
          measured: `${kb(heaviest.gzip)} (\`${heaviest.path}\`)`,
          met: heaviest.gzip <= GOAL,
          ...(heaviest.gzip > GOAL ? { note: outside(GOAL, heaviest) } : {}),
        },
        {
          name: 'Shell (every page), client JavaScript (gzip)',
          goal: `≤ ${kb(SHELL_GOAL)}`,
          measured: kb(shell.gzip),
          met: shell.gzip <= SHELL_GOAL,
          ...(shell.gzip > SHELL_GOAL ? { note: outside(SHELL_GOAL, shell) } : {}),
        },
      ],
    },
  ]
}
