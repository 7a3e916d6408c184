import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { firstLine, playwrightCounts, resultError, vitestCounts } from './test-reports.ts'

const dir = mkdtempSync(join(tmpdir(), 'test-reports-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function report(name: string, body: unknown): string {
  const file = join(dir, name)
  writeFileSync(file, JSON.stringify(body))
  return file
}

describe('vitestCounts', () => {
  it('counts, and names each failed test and each file that failed outside its tests', () => {
    const file = report('unit.json', {
      numPassedTests: 2,
      numFailedTests: 1,
      numPendingTests: 0,
      testResults: [
        {
          name: join(process.cwd(), 'register/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed' },
            {
              fullName: 'a fails',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3'],
            },
          ],
        },
        {
          name: join(process.cwd(), 'register/b.test.ts'),
          status: 'failed',
          message: 'Hook timed out in 60000ms',
          assertionResults: [],
        },
        { name: join(process.cwd(), 'domain/c.test.ts'), status: 'passed', assertionResults: [] },
      ],
    })
    expect(vitestCounts(file)()).toEqual({
      passed: 2,
      failed: 1,
      skipped: 0,
      failures: [
        'register/a.test.ts › a fails: AssertionError: expected 1 to be 2',
        'register/b.test.ts: Hook timed out in 60000ms',
      ],
      flaky: [],
    })
  })

  it('reports nothing when the run wrote no report', () => {
    expect(vitestCounts(join(dir, 'missing.json'))().failures).toEqual([])
  })
})

describe('playwrightCounts', () => {
  const failed = (message: string) => ({ status: 'failed', errors: [{ message }] })
  const passed = { status: 'passed', errors: [] }
  const skipped = { status: 'skipped', errors: [] }
  type Test = { projectName: string; status: string; results: unknown[] }
  /** A Playwright JSON report of one spec file with one describe block. */
  const e2eReport = (file: string, describe: string, stats: object, specs: Record<string, Test[]>) =>
    report(`${file}.json`, {
      stats,
      suites: [
        {
          title: file,
          suites: [
            {
              title: describe,
              specs: Object.entries(specs).map(([title, tests]) => ({ title, file, tests })),
            },
          ],
        },
      ],
    })

  it('counts flaky as passed, names unexpected and flaky results with project and describe path', () => {
    const file = e2eReport(
      'svn-search.spec.ts',
      'SVN search',
      { expected: 3, unexpected: 1, skipped: 0, flaky: 1 },
      {
        sorts: [
          { projectName: 'js', status: 'expected', results: [passed] },
          {
            projectName: 'no-js',
            status: 'unexpected',
            results: [failed('Error: expect(locator).toBeVisible()\nmore')],
          },
        ],
        pages: [
          { projectName: 'js', status: 'flaky', results: [failed('Error: Timed out 5000ms\nmore'), passed] },
          { projectName: 'no-js', status: 'expected', results: [passed] },
        ],
      },
    )
    expect(playwrightCounts(file)()).toEqual({
      passed: 4,
      failed: 1,
      skipped: 0,
      failures: ['[no-js] svn-search.spec.ts › SVN search › sorts: Error: expect(locator).toBeVisible()'],
      flaky: ['[js] svn-search.spec.ts › SVN search › pages: Error: Timed out 5000ms'],
    })
  })

  it('names the failed try of a serial group retried as a whole (stop 34: both lines said nothing)', () => {
    // Try 1: the first test passed, the second failed. Retry: the first failed, so the second was skipped.
    const file = e2eReport(
      'files.spec.ts',
      'File pickup',
      { expected: 0, unexpected: 1, skipped: 0, flaky: 1 },
      {
        untreated: [{ projectName: 'js', status: 'flaky', results: [passed, failed('Error: on the retry')] }],
        'iv-av': [{ projectName: 'js', status: 'unexpected', results: [failed('Error: on try 1'), skipped] }],
      },
    )
    const { failures, flaky } = playwrightCounts(file)()
    expect(failures).toEqual(['[js] files.spec.ts › File pickup › iv-av: Error: on try 1'])
    expect(flaky).toEqual(['[js] files.spec.ts › File pickup › untreated: Error: on the retry'])
  })
})

describe('resultError', () => {
  it('names what was thrown, an Error or not, where, and how a try ended when nothing was recorded', () => {
    // A thrown non-Error: Playwright formats it into `errors` (`error` keeps it only as `value`).
    expect(resultError({ status: 'failed', errors: [{ message: "'plain string'" }] })).toBe("'plain string'")
    expect(
      resultError({
        status: 'timedOut',
        errors: [{ message: '\u001b[31mTest timeout of 120000ms exceeded.\u001b[39m' }],
      }),
    ).toBe('Test timeout of 120000ms exceeded.')
    const location = { file: '/ci/tests/e2e/files.spec.ts', line: 81 }
    expect(
      resultError({
        status: 'failed',
        errors: [{ message: 'Error: expect(locator).toBeVisible() failed\n', location }],
      }),
    ).toBe('Error: expect(locator).toBeVisible() failed (files.spec.ts:81)')
    expect(resultError({ status: 'interrupted', errors: [] })).toBe('no error recorded (status interrupted)')
    expect(resultError(undefined)).toBe('no error recorded (status unknown)')
  })
})

describe('firstLine', () => {
  it('keeps 300 characters of the first line', () => {
    expect(firstLine(`${'x'.repeat(400)}\nsecond`)).toHaveLength(300)
    expect(firstLine(undefined)).toBe('')
  })
})
