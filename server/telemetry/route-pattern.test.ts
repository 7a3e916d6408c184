import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import routes from '../../app/routes.ts'
import { reactRouterRoutes } from './http.ts'

interface ConfigRoute {
  file: string
  path?: string
  index?: boolean
  children?: ConfigRoute[]
}

/** app/routes.ts as the build's manifest lists it: ids from the files, under the root route. */
function manifest(): Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> {
  const all: Record<string, { id: string; parentId?: string; path?: string; index?: boolean }> = {
    root: { id: 'root', path: '' },
  }
  const walk = (list: ConfigRoute[], parentId: string) => {
    for (const route of list) {
      const id = route.file.replace(/\.tsx?$/, '')
      all[id] = { id, parentId, path: route.path, index: route.index }
      walk(route.children ?? [], id)
    }
  }
  walk(routes as ConfigRoute[], 'root')
  return all
}

/** What React Router itself matches (its matchRoutes on the route tree), joined as the pattern. */
function byReactRouter(all: ReturnType<typeof manifest>, pathname: string): string {
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(all)
      .filter((r) => r.parentId === parentId)
      .map((r) => ({
        id: r.id,
        path: r.path,
        index: r.index,
        children: r.index ? undefined : tree(r.id),
      })) as RouteObject[]
  const matches = matchRoutes(tree(undefined), pathname) ?? []
  return `/${matches
    .map((m) => m.route.path)
    .filter(Boolean)
    .join('/')}`.replace(/\/+/g, '/')
}

describe('reactRouterRoutes: the route pattern for http.route', () => {
  const all = manifest()
  const pattern = reactRouterRoutes({ routes: all } as never)

  it.each([
    '/',
    '/svn/search',
    '/svn/search/',
    '/SVN/Search',
    '/svn/42',
    '/svn/create',
    '/svn/import',
    '/svn/import/vorlage',
    '/svn/abc',
    '/user/administration',
    '/user/administration/new',
    '/user/administration/17',
    '/user/migrate/1001',
    '/files/SVN/SVN_1001_x.csv',
    '/insurer-logo/3',
    '/api-clients',
    '/no-permission',
    '/idp/demo',
    '/auth/callback',
    '/nothing/here',
    '/svn/42/extra',
    '/%E2%82%AC',
  ])('%s as React Router matches it', (path) => {
    expect(pattern(path)).toBe(byReactRouter(all, path))
  })

  it('takes data requests as their page', () => {
    expect(pattern('/svn/42.data')).toBe('/svn/:svnId')
    expect(pattern('/_root.data')).toBe('/')
  })
})
