import { defineConfig } from 'vitest/config'

/** Bundle budgets: need `react-router build` first, so they run as their own `npm test` stage (ADR 510). */
export default defineConfig({
  test: {
    include: ['tests/bundles/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
})
