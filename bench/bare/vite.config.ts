import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { precompressAssets } from '../../scripts/precompress-assets.ts'

// The portal's compression plugin (ADR 537), so bench/bundles.ts reads the yardstick's Brotli sizes as it
// reads the portal's.
export default defineConfig({ plugins: [reactRouter(), precompressAssets()] })
