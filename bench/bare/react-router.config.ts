import type { Config } from '@react-router/dev/config'

// The yardstick of bench/ssr.ts (ADR 520): React Router 7 framework mode with nothing of ours. With
// BARE_ROUTE_TABLE=portal (app/routes.ts, ADR 541), the same app in the portal's route table, built apart.
export default {
  ssr: true,
  buildDirectory: process.env.BARE_ROUTE_TABLE === 'portal' ? 'build-portal-routes' : 'build',
} satisfies Config
