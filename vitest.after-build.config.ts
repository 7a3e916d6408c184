import { defineConfig } from 'vitest/config'

/**
 * The tests that need `react-router build` first, one project per `npm test` stage (scripts/test.ts
 * runs each with `--project`): the client bundle budgets (ADR 510), the tests that start the built
 * server (portal fuzz, ADR 610) and the operations suite on PostgreSQL (tests/ops, ADRs 601, 602).
 * Those two build the server bundle in their global setup (ADR 960).
 * One file at a time: the ops files each start several servers, and CI has two cores.
 */
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    projects: [
      {
        extends: true,
        test: { name: 'bundles', include: ['tests/bundles/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'after-build',
          include: ['server/**/*.after-build.test.ts'],
          globalSetup: ['server/testing/build-server.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ops',
          include: ['tests/ops/**/*.test.ts'],
          globalSetup: ['server/testing/build-server.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
})
