/**
 * A Vite plugin that gives the client build React Router's production build (ADR 539). React Router 7
 * ships `dist/production` beside `dist/development`, but its package exports name only the development
 * build (remix-run/react-router#14102), so browsers got its development warnings (`ENABLE_DEV_WARNINGS`)
 * and their texts. Every client import of `react-router` and `react-router/dom` is sent to the production
 * files here, so the browser has one copy, never both. The server keeps what Node resolves: there
 * React Router is not bundled, and @react-router/express imports the development build itself.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

const production = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
)
const files: Record<string, string> = {
  'react-router': path.join(production, 'index.mjs'),
  'react-router/dom': path.join(production, 'dom-export.mjs'),
}

export function reactRouterProduction(): Plugin {
  return {
    name: 'svn-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return this.environment.name === 'client' ? files[id] : undefined
    },
  }
}
