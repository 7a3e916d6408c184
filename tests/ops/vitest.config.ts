import { defineConfig } from 'vitest/config'

/**
 * Operations suite (issue 10: scale-out and faults): real `server.ts` processes from the production
 * build against PostgreSQL. Needs `react-router build` and TEST_DATABASE_URL; `npm run test:ops`.
 * One file at a time: each starts several servers, and CI has two cores.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/ops/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
})
