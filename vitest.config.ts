import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{app,domain,register,idp,db,server,scripts,bench,deploy}/**/*.test.{ts,tsx}', '*.test.ts'],
    // *.after-build.test.ts run the production build: scripts/test.ts runs them after it (vitest.after-build.config.ts).
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**', '**/*.after-build.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // API tests fail on an answer the OpenAPI document does not describe (ADR 190).
    setupFiles: ['register/openapi/vitest-setup.ts'],
  },
})
