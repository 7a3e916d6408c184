import type { Config } from '@react-router/dev/config'

// The yardstick of bench/ssr.ts (ADR 520): React Router 7 framework mode with nothing of ours.
export default { ssr: true } satisfies Config
