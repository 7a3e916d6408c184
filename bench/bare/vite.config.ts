import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { precompressAssets } from '../../scripts/precompress-assets.ts'

// As the portal's build (vite.config.ts): the compression plugin (ADR 537) and Vite's manifest, so
// bench/bundles.ts measures the yardstick's first load as it measures the portal's routes.
export default defineConfig({ plugins: [reactRouter(), precompressAssets()], build: { manifest: true } })
