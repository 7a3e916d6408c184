/** Test counts and failed-test names from the vitest and Playwright JSON reports (scripts/test.ts). */
import { existsSync, readFileSync } from 'node:fs'
import { basename, relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

export interface Counts {
  passed: number
  failed: number
  skipped: number
  /** "file › test: first line of the error", repeated in the summary so a log's tail names them. */
  failures: string[]
  /** Tests that failed and then passed on their retry (Playwright, CI only): named, never hidden. */
  flaky: string[]
}

export const none: Counts = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [] }

export function firstLine(message: string | undefined): string {
  // Reporters colour their messages; the summary keeps the plain first line.
  const plain = stripVTControlCharacters(message ?? '').trim()
  return (plain.split('\n')[0] ?? '').slice(0, 300)
}

export function vitestCounts(file: string): () => Counts {
  return () => {
    if (!existsSync(file)) return none
    const r = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      numPendingTests: number
      testResults: Array<{
        name: string
        status: string
        message?: string
        assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>
      }>
    }
    const failures: string[] = []
    for (const f of r.testResults) {
      const where = relative(process.cwd(), f.name)
      const failed = f.assertionResults.filter((t) => t.status === 'failed')
      for (const t of failed) failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      // A file can fail outside its tests (import error, hook).
      if (f.status === 'failed' && failed.length === 0) failures.push(`${where}: ${firstLine(f.message)}`)
    }
    return {
      passed: r.numPassedTests,
      failed: r.numFailedTests,
      skipped: r.numPendingTests,
      failures,
      flaky: [],
    }
  }
}

interface PlaywrightResult {
  status: string
  /** The try's errors as Playwright formats them (`error` beside it is the first one raw; a thrown
   * non-Error has no `message` there, only here). */
  errors?: Array<{ message?: string; location?: { file: string; line: number } }>
}

/** What a failed try says: its first error and where it was raised, or at least how the try ended. */
export function resultError(result: PlaywrightResult | undefined): string {
  const first = result?.errors?.[0]
  const line = firstLine(first?.message)
  if (!line) return `no error recorded (status ${result?.status ?? 'unknown'})`
  return first?.location ? `${line} (${basename(first.location.file)}:${first.location.line})` : line
}

/**
 * A try that failed. Not simply the first or last: a serial group is retried as a whole, so a test
 * that passed can fail on the retry (flaky: passed, failed) and one that failed can be skipped on it
 * (unexpected: failed, skipped).
 */
const failedTry = (r: PlaywrightResult) => r.status !== 'passed' && r.status !== 'skipped'

interface PlaywrightSuite {
  title: string
  specs?: Array<{
    title: string
    file: string
    tests: Array<{ projectName: string; status: string; results: PlaywrightResult[] }>
  }>
  suites?: PlaywrightSuite[]
}

export function playwrightCounts(file: string): () => Counts {
  return () => {
    if (!existsSync(file)) return none
    const { stats, suites } = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; skipped: number; flaky: number }
      suites: PlaywrightSuite[]
    }
    const failures: string[] = []
    const flaky: string[] = []
    const walk = (suite: PlaywrightSuite, path: string[]) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests) {
          const name = `[${t.projectName}] ${spec.file} › ${[...path, spec.title].join(' › ')}`
          if (t.status === 'unexpected')
            failures.push(`${name}: ${resultError(t.results.findLast(failedTry))}`)
          // What to look into, though the other try passed.
          if (t.status === 'flaky') flaky.push(`${name}: ${resultError(t.results.find(failedTry))}`)
        }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title])
    }
    for (const s of suites) walk(s, [])
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
      failures,
      flaky,
    }
  }
}
