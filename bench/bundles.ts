/**
 * Client JavaScript per route (issues 9 and 18, ADR 510, 530): the first load of every route in app/routes.ts, gzip,
 * from the production build in build/ (run `npx react-router build` first). The same computation backs
 * the budget test (tests/bundles/budgets.test.ts).
 */
import path from 'node:path'
import { composition } from '../tests/bundles/module-stats.ts'
import {
  clientDir,
  DEFAULT_BUDGET,
  GOAL,
  hasBuild,
  kb,
  measureRoutes,
  SHELL_GOAL,
} from '../tests/bundles/route-js.ts'
import type { BenchModule, BenchSection } from './lib/report.ts'

export const run: BenchModule = async (): Promise<BenchSection[]> => {
  if (!hasBuild()) throw new Error('bundles: no client build; run `npx react-router build` first')
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
      `${kb(r.gzip - shell.gzip)} | ${kb(r.bytes)} | ${kb(r.budget)} | ` +
      `${lazyText(r.lazy)} |`,
  )
  const common = shell.files
    .filter((f) => f.gzip >= 1000)
    .map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzip)}`)
    .join(', ')
  const parts = composition(shell.files, path.join(clientDir, '.vite/modules.json'))
  const libraries = (parts ?? [])
    .filter((p) => ['react-dom', 'react-router', 'react', 'scheduler'].includes(p.part))
    .reduce((s, p) => s + p.gzip, 0)
  const ours = parts?.find((p) => p.part.startsWith('our code'))?.gzip ?? 0
  const floor = `React DOM, its scheduler, React and React Router alone are ${kb(libraries)} of the shell`
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
    ...(parts
      ? [
          `The shell by part (\`build/client/.vite/modules.json\`; a chunk's gzip shared among its parts ` +
            `in proportion to their own gzip, so the parts are estimates and the total is exact):`,
          '',
          '| part | gzip |',
          '| ---- | ---: |',
          ...parts.filter((p) => p.gzip >= 50).map((p) => `| ${p.part} | ${kb(p.gzip)} |`),
          '',
          `${floor}; our code is ${kb(ours)}. \`npm test\` holds every route to its budget (default ` +
            `${kb(DEFAULT_BUDGET)}).`,
          '',
        ]
      : []),
    '| route | module | first load (gzip) | beyond the shell | first load (raw) | budget | lazy, on demand |',
    '| ----- | ------ | ----------------: | ---------------: | ---------------: | -----: | --------------- |',
    ...lines,
  ].join('\n')
  // Why a goal is out of reach: what the runtime alone weighs, and what the goal leaves for our code.
  const outside = (goal: number, ownCode: number) =>
    `React DOM, React and React Router: ${kb(libraries)} (ADR 530); the goal leaves ` +
    `${kb(Math.max(0, goal - libraries))} for our code, which is ${kb(ownCode)} here`
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
          ...(heaviest.gzip > GOAL ? { note: outside(GOAL, ours + heaviest.gzip - shell.gzip) } : {}),
        },
        {
          name: 'Shell (every page), client JavaScript (gzip)',
          goal: `≤ ${kb(SHELL_GOAL)}`,
          measured: kb(shell.gzip),
          met: shell.gzip <= SHELL_GOAL,
          ...(shell.gzip > SHELL_GOAL ? { note: outside(SHELL_GOAL, ours) } : {}),
        },
      ],
    },
  ]
}
