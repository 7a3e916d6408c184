import type { RouteConfigEntry } from '@react-router/dev/routes'
import { afterEach, describe, expect, it, vi } from 'vitest'
import portalRoutes from '../../../app/routes.ts'

async function routeTable(table: string): Promise<RouteConfigEntry[]> {
  vi.stubEnv('BARE_ROUTE_TABLE', table)
  vi.resetModules()
  return (await import('./routes.ts')).default
}

/** Every route as `parent path/path` with its file, layouts included, in order. */
function flatten(
  entries: RouteConfigEntry[],
  parent = '',
): { path: string; file: string; id?: string; parent: boolean }[] {
  return entries.flatMap((e) => {
    const path = [parent, e.path ?? (e.index ? '(index)' : '(layout)')].filter(Boolean).join('/')
    return [
      { path, file: e.file, id: e.id, parent: Boolean(e.children?.length) },
      ...flatten(e.children ?? [], path),
    ]
  })
}

describe('bench/bare route tables (ADR 541)', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('is the yardstick alone by default', async () => {
    expect(flatten(await routeTable(''))).toEqual([
      { path: '(index)', file: 'routes/home.tsx', id: undefined, parent: false },
      { path: 'markup/:page', file: 'routes/markup.tsx', id: undefined, parent: false },
    ])
  })

  it("holds every route of the portal's table, with a stub of the same kind, under a unique id", async () => {
    const table = flatten(await routeTable('portal'))
    const portal = flatten(portalRoutes).filter((r) => r.path !== '(index)')
    expect(table.slice(0, 2).map((r) => r.file)).toEqual(['routes/home.tsx', 'routes/markup.tsx'])
    const stubs = table.slice(2)
    expect(stubs.map((r) => r.path)).toEqual(portal.map((r) => r.path))
    expect(portal.length).toBeGreaterThan(30)
    for (const [i, stub] of stubs.entries()) {
      const { file, parent } = portal[i]!
      const stubFile = file.endsWith('.ts') ? 'resource.ts' : parent ? 'layout.tsx' : 'page.tsx'
      expect(stub).toEqual({
        path: portal[i]!.path,
        file: `routes/stub/${stubFile}`,
        id: `portal/${file}`,
        parent,
      })
    }
    // All three kinds of stub are in use.
    expect(new Set(stubs.map((r) => r.file)).size).toBe(3)
    expect(new Set(table.map((r) => r.id ?? r.file)).size).toBe(table.length)
  })
})
