/**
 * `npm test`: lint, type check, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * production build, the tests that need it (bundle budgets, portal fuzz, the ops suite on PostgreSQL),
 * then the Playwright e2e suite with JavaScript on and off. Ends with one summary line.
 * First it makes sure there is a Chromium for the browser tests (installing one when it can; ADR 900).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { provideChromium, thisMachine } from './browser.ts'
import { none, playwrightCounts, vitestCounts, type Counts } from './test-reports.ts'

const results: Array<{ step: string; ok: boolean } & Counts> = []

function run(step: string, command: string, env: NodeJS.ProcessEnv = {}, report?: () => Counts): boolean {
  console.log(`\n=== ${step}: ${command}`)
  const started = Date.now()
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } })
  const counts = report?.() ?? none
  const ok = status === 0
  results.push({ step, ok, ...counts, failed: ok ? counts.failed : Math.max(counts.failed, 1) })
  console.log(
    `=== ${step}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  return ok
}

// Before anything else, so that a machine without a browser stops at once rather than after the build.
const browser = provideChromium(thisMachine())
if (!browser.ok) {
  console.error(browser.message)
  process.exit(1)
}
console.log(
  `=== browser: ${browser.path} (${browser.source}${browser.installedWith ? ', just installed' : ''})`,
)
// The e2e and ops steps (and the Playwright config) take it from here.
process.env.CHROMIUM_PATH = browser.path

rmSync('test-results', { recursive: true, force: true })
mkdirSync('test-results', { recursive: true })

run('lint', 'npm run lint')
run('typecheck', 'npx react-router typegen && npx tsc --noEmit')
run(
  'unit+api (PGlite)',
  'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json',
  { TEST_DATABASE_URL: '' },
  vitestCounts('test-results/unit.json'),
)
const pg = process.env.TEST_DATABASE_URL
if (pg) {
  run(
    'api (PostgreSQL)',
    'npx vitest run db/ register idp app/lib --exclude db/migrations.test.ts --reporter=default --reporter=json --outputFile.json=test-results/unit-pg.json',
    { TEST_DATABASE_URL: pg },
    vitestCounts('test-results/unit-pg.json'),
  )
} else {
  console.log(
    '\n=== api (PostgreSQL): skipped — set TEST_DATABASE_URL (e.g. postgres://127.0.0.1/test) to run it',
  )
}
// The portal and the server bundle (ADR 960): the after-build and ops tests start `build/server/server.js`.
if (run('build', 'npm run build')) {
  // Client JavaScript per route against its budget, from the build's manifests (ADR 510).
  run(
    'bundle budgets',
    'npx vitest run --config vitest.after-build.config.ts --project bundles --reporter=default --reporter=json --outputFile.json=test-results/bundles.json',
    {},
    vitestCounts('test-results/bundles.json'),
  )
  // Tests that start the built server (portal fuzz); on PostgreSQL when TEST_DATABASE_URL is set.
  run(
    `after build (${pg ? 'PostgreSQL' : 'PGlite'})`,
    'npx vitest run --config vitest.after-build.config.ts --project after-build --reporter=default --reporter=json --outputFile.json=test-results/after-build.json',
    {},
    vitestCounts('test-results/after-build.json'),
  )
  // Scale-out and fault tests (tests/ops): real server processes from the build, on PostgreSQL.
  if (pg) {
    run(
      'ops (PostgreSQL)',
      'npx vitest run --config vitest.after-build.config.ts --project ops --reporter=default --reporter=json --outputFile.json=test-results/ops.json',
      { TEST_DATABASE_URL: pg },
      vitestCounts('test-results/ops.json'),
    )
  } else {
    console.log('\n=== ops (PostgreSQL): skipped — set TEST_DATABASE_URL to run it')
  }
  run('e2e (Playwright, JS on and off)', 'npx playwright test', {}, playwrightCounts('test-results/e2e.json'))
}

const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
)
const failures = results.flatMap((r) => r.failures)
if (failures.length > 0) {
  console.log('\nFailed tests:')
  for (const f of failures) console.log(`  ✗ ${f}`)
}
const flaky = results.flatMap((r) => r.flaky)
if (flaky.length > 0) {
  console.log('\nFlaky tests (failed, then passed on their retry; look into them):')
  for (const f of flaky) console.log(`  ~ ${f}`)
}
console.log('\nSummary:')
for (const r of results)
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.step}: ${r.passed} passed, ${r.failed} failed`)
console.log(`\nnpm test: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
