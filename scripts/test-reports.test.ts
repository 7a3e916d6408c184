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
  it('counts flaky as passed, names unexpected and flaky results with project and describe path', () => {
    // A flaky test failed its first try and passed its retry: the first result carries the error.
    const test = (projectName: string, status: string, message?: string) => ({
      projectName,
      status,
      results: [
        message ? { status: 'failed', error: { message } } : { status: 'passed' },
        ...(status === 'flaky' ? [{ status: 'passed' }] : []),
      ],
    })
    const file = report('e2e.json', {
      stats: { expected: 3, unexpected: 1, skipped: 0, flaky: 1 },
      suites: [
        {
          title: 'svn-search.spec.ts',
          suites: [
            {
              title: 'SVN search',
              specs: [
                {
                  title: 'sorts',
                  file: 'svn-search.spec.ts',
                  tests: [
                    test('js', 'expected'),
                    test('no-js', 'unexpected', 'Error: expect(locator).toBeVisible()\nmore'),
                  ],
                },
                {
                  title: 'pages',
                  file: 'svn-search.spec.ts',
                  tests: [test('js', 'flaky', 'Error: Timed out 5000ms\nmore'), test('no-js', 'expected')],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(playwrightCounts(file)()).toEqual({
      passed: 4,
      failed: 1,
      skipped: 0,
      failures: ['[no-js] svn-search.spec.ts › SVN search › sorts: Error: expect(locator).toBeVisible()'],
      flaky: ['[js] svn-search.spec.ts › SVN search › pages: Error: Timed out 5000ms'],
    })
  })
})

describe('resultError', () => {
  it('names what was thrown, an Error or not, and how a try ended when nothing was recorded', () => {
    // Playwright's JSON keeps a thrown non-Error only as `value`; `errors` holds it formatted.
    expect(resultError({ error: { value: "'plain string'" }, errors: [{ message: "'plain string'" }] })).toBe(
      "'plain string'",
    )
    expect(resultError({ error: { value: 'undefined' } })).toBe('undefined')
    expect(
      resultError({ error: { message: '\u001b[31mTest timeout of 120000ms exceeded.\u001b[39m' } }),
    ).toBe('Test timeout of 120000ms exceeded.')
    const location = { file: '/ci/tests/e2e/files.spec.ts', line: 81 }
    expect(
      resultError({ errors: [{ message: 'Error: expect(locator).toBeVisible() failed\n', location }] }),
    ).toBe('Error: expect(locator).toBeVisible() failed (files.spec.ts:81)')
    expect(resultError({ status: 'interrupted' })).toBe('no error recorded (status interrupted)')
    expect(resultError(undefined)).toBe('no error recorded (status unknown)')
  })
})

describe('firstLine', () => {
  it('keeps 300 characters of the first line', () => {
    expect(firstLine(`${'x'.repeat(400)}\nsecond`)).toHaveLength(300)
    expect(firstLine(undefined)).toBe('')
  })
})
