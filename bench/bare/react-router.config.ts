import type { Config } from '@react-router/dev/config'
import { bareTable, BUILD_DIRECTORY } from './table.ts'

// The yardstick of bench/ssr.ts (ADR 520): React Router 7 framework mode with nothing of ours. In the
// portal's route table (BARE_ROUTE_TABLE=portal, ADR 541), the same app built apart.
export default {
  ssr: true,
  buildDirectory: BUILD_DIRECTORY[bareTable()],
} satisfies Config
