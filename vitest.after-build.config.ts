import { defineConfig } from 'vitest/config'

/** Tests that start the production build (`react-router build` first): scripts/test.ts runs them after it. */
export default defineConfig({
  test: {
    include: ['server/**/*.after-build.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
})
