import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { clientOutput } from '../../scripts/client-output.ts'

// As the portal's build (vite.config.ts): the same client output plugins and Vite's manifest, so
// bench/bundles.ts measures the yardstick's first load as it measures the portal's routes.
export default defineConfig({ plugins: [reactRouter(), ...clientOutput()], build: { manifest: true } })
