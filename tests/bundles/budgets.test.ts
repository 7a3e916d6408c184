/**
 * Client JavaScript budgets per route (issue 9, ADR 510). Reads the production build's manifests, so it
 * runs after `react-router build` (the `bundle budgets` stage of `npm test`: vitest.after-build.config.ts, project `bundles`),
 * never in the plain unit run. Sizes, not timings: the same build always gives the same answer.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { readChunkModules } from './composition.ts'
import { hasBuild, kb, measureRoutes } from './route-js.ts'

describe('client JavaScript per route (gzip)', () => {
  if (!hasBuild()) throw new Error('no client build: run `npx react-router build` first')
  const routes = measureRoutes()

  test('every route of app/routes.ts is measured', () => {
    const config = readFileSync(path.resolve(import.meta.dirname, '../../app/routes.ts'), 'utf8')
    const files = [...config.matchAll(/'(routes\/[^']+)\.tsx?'/g)].map((m) => m[1])
    expect(files.length).toBeGreaterThan(20)
    expect(routes.map((r) => r.id).sort()).toEqual(expect.arrayContaining(files))
    // The entry and root are in every first load; a route with code has its own module on top.
    for (const r of routes) expect(r.gzip).toBeGreaterThan(50 * 1000)
  })

  test.each(routes.map((r) => [r.id, r] as const))('%s stays within its budget', (_, route) => {
    expect(
      route.gzip,
      `${route.path}: ${kb(route.gzip)} > ${kb(route.budget)}\n${route.files.map((f) => `  ${f.file} ${kb(f.gzip)}`).join('\n')}`,
    ).toBeLessThanOrEqual(route.budget)
  })

  test('every script of a first load is sent Brotli-compressed to browsers that take it (ADR 537)', () => {
    const files = new Map(routes.flatMap((r) => r.files).map((f) => [f.file, f]))
    for (const f of files.values()) if (f.bytes >= 1000) expect(f.brotli, f.file).toBeLessThan(f.gzip)
  })

  /** Every module the client build put into a chunk, by its source path. */
  const moduleIds = () => {
    const stats = readChunkModules()
    if (!stats) throw new Error('no modules.json in the client build (scripts/module-stats.ts)')
    return stats.flatMap((c) => c.modules.map((m) => m.id))
  }

  test('no zod in the browser: forms are checked on the server, which names each field (ADR 817)', () => {
    const ids = moduleIds()
    expect(ids.length).toBeGreaterThan(100)
    expect(ids.filter((id) => /node_modules\/zod\//.test(id))).toEqual([])
  })

  test("the browser gets React Router's production build, and only it (ADR 539)", () => {
    const builds = moduleIds().map((id) => /react-router\/dist\/(\w+)\//.exec(id)?.[1])
    expect(new Set(builds.filter(Boolean))).toEqual(new Set(['production']))
  })

  test.each([
    ['routes/svn.create', /DateCalendar/],
    // The one Dialog, for dialogs a page does not show at first (ADR 531).
    ['routes/svn.create', /(^|\/)Dialog-[\w-]+\.js$/m],
    ['routes/svn.$svnId', /(^|\/)Dialog-[\w-]+\.js$/m],
    ['root', /ShortcutsHelpDialog/],
    ['root', /AboutDialog/],
    // The page carries its texts; the language file is fetched on demand (ADR 530).
    ['routes/svn.search', /(^|\/)(de|fr|it|en)-[\w-]+\.js$/m],
  ])('%s loads %s only on demand', (id, chunk) => {
    const route = routes.find((r) => r.id === id)!
    expect(route.lazy.map((f) => f.file).join('\n')).toMatch(chunk)
    expect(route.files.map((f) => f.file).join('\n')).not.toMatch(chunk)
  })
})
