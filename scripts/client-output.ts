/**
 * The build plugins that decide what a browser is sent (ADR 537, 538, 539, 510): React Router's
 * production build, Terser, the chunks' make-up for the bench, and the Brotli and gzip forms of
 * each asset (written to build/client-compressed). One list for the portal's build and for the bare yardstick's (bench/bare), so that
 * "above the bare page" compares our code and nothing else.
 */
import type { Plugin } from 'vite'
import { minifyClient } from './minify-client.ts'
import { moduleStats } from './module-stats.ts'
import { precompressAssets } from './precompress-assets.ts'
import { reactRouterProduction } from './react-router-production.ts'

export function clientOutput(): Plugin[] {
  return [reactRouterProduction(), minifyClient(), moduleStats(), precompressAssets()]
}
