import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{app,domain,register,idp,db,server,scripts}/**/*.test.{ts,tsx}', '*.test.ts'],
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
