/**
 * Client JavaScript per route (issue 9, ADR 510): the first load of every route in app/routes.ts, gzip,
 * from the production build in build/ (run `npx react-router build` first). The same computation backs
 * the budget test (tests/bundles/budgets.test.ts).
 */
import { DEFAULT_BUDGET, GOAL, hasBuild, kb, measureRoutes } from '../tests/bundles/route-js.ts'
import type { BenchModule, BenchSection } from './lib/report.ts'

export const run: BenchModule = async (): Promise<BenchSection[]> => {
  if (!hasBuild()) throw new Error('bundles: no client build; run `npx react-router build` first')
  const routes = measureRoutes().sort((a, b) => b.gzip - a.gzip || a.path.localeCompare(b.path))
  const pages = routes.filter((r) => r.page)
  const heaviest = pages[0]!
  const shell = routes.find((r) => r.id === 'root')!
  const lines = routes.map(
    (r) =>
      `| \`${r.path}\` | ${r.id.replace(/^routes\//, '')}${r.page ? '' : ' (no page)'} | ${kb(r.gzip)} | ` +
      `${kb(r.gzip - shell.gzip)} | ${kb(r.bytes)} | ${kb(r.budget)} | ` +
      `${r.lazy.length ? r.lazy.map((l) => `${l.file.replace(/^assets\//, '')} ${kb(l.gzip)}`).join(', ') : '–'} |`,
  )
  const common = shell.files
    .filter((f) => f.gzip >= 1000)
    .map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzip)}`)
    .join(', ')
  const markdown = [
    `What a first load of each route fetches: the entry, the page's language file (the largest of the ` +
      `four counted), and the modules of the matched routes (root, layouts, the route) with their static ` +
      `imports, transitively, from \`build/client/.vite/manifest.json\` and React Router's manifest. ` +
      `Gzip at zlib level 9; 1 KB = 1 000 bytes. Chunks loaded only on demand are listed apart and not ` +
      `counted. Routes marked "no page" only redirect or answer a file; their row is the shell a browser ` +
      `would load if one rendered.`,
    '',
    `Shared by every page (${kb(shell.gzip)}): ${common}. React DOM with the scheduler (in the entry) and ` +
      `React Router's runtime alone are about 113 KB, i18next with react-i18next 17 KB: the 100 KB goal ` +
      `is below what this stack needs before any screen code (ADR 510). \`npm test\` holds every route ` +
      `to its budget (default ${kb(DEFAULT_BUDGET)}).`,
    '',
    '| route | module | first load (gzip) | beyond the shell | first load (raw) | budget | lazy, on demand |',
    '| ----- | ------ | ----------------: | ---------------: | ---------------: | -----: | --------------- |',
    ...lines,
  ].join('\n')
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
          ...(heaviest.gzip > GOAL
            ? {
                note: `the shell alone is ${kb(shell.gzip)}, of which React DOM and React Router ~113 KB (ADR 510)`,
              }
            : {}),
        },
      ],
    },
  ]
}
