import { defineConfig } from '@playwright/test'
import { findChromium, thisMachine } from './scripts/browser.ts'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://localhost:${PORT}`

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    // CHROMIUM_PATH, Playwright's own Chromium or Debian's (ADR 900); `npm test` installs one when none is there.
    executablePath: findChromium(thisMachine())?.path,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry in CI only (ADR 814): a one-off flake on a loaded 2-core machine must not throw away a
  // 70-minute run; `npm test` names every test that needed it. Locally a failure shows at once.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // A page with axe on a 2-core CI machine under two workers' load takes 25–35 s; the limit is for hangs.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: { baseURL, trace: 'retain-on-failure', locale: 'de-CH' },
  projects: [
    // Screenshots first, on the fresh demo data, before the other specs change records (ADR 813).
    {
      name: 'screens',
      testMatch: /screens\.spec\.ts/,
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: 'js',
      testIgnore: /screens\.spec\.ts/,
      dependencies: ['screens'],
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: 'no-js',
      testIgnore: /screens\.spec\.ts/,
      dependencies: ['screens'],
      use: { ...chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // A fresh embedded system (PGlite, demo seed) per run, from the production build: the portal as
    // built (`npm run build`), the server bundle rebuilt from its sources (a second, ADR 960).
    command: `rm -rf data-e2e && node scripts/build-server.js && node build/server/server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      ORIGIN: baseURL,
      DATA_DIR: './data-e2e',
      DEMO: 'true',
      // Request lines of some thousand page loads would bury the test output; events stay (ADR 611).
      LOG_LEVEL: 'warn',
      // A missing translation key or placeholder value fails the page, as in every other test (ADR 800).
      MISSING_TEXT: 'throw',
      // A small budget, so the integrator guide's batch meets a 429 and waits it out (docs/api.md). The
      // window is long enough that its first 31 requests fall in one window on a loaded CI machine (a 3 s
      // window let them spread over two, and no 429 came).
      API_CLIENT_RATE_LIMIT: '30',
      API_CLIENT_RATE_WINDOW: '20',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
