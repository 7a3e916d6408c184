import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { minifyClient } from '../../scripts/minify-client.ts'
import { precompressAssets } from '../../scripts/precompress-assets.ts'
import { reactRouterProduction } from '../../scripts/react-router-production.ts'

// As the portal's build (vite.config.ts): React Router's production build (ADR 539), the minifier
// (ADR 538), the compression plugin (ADR 537) and Vite's manifest, so bench/bundles.ts measures the
// yardstick's first load as it measures the portal's routes.
export default defineConfig({
  plugins: [reactRouter(), reactRouterProduction(), minifyClient(), precompressAssets()],
  build: { manifest: true },
})
