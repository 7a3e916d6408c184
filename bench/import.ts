/**
 * Mass import (issue 7, ADR 174), a module of `npm run bench` (`--only import`; ADR 503): 5 000 rows
 * through POST svn/massenimport of an in-process register — multipart parsing, ZIP checks, streaming
 * read, the create schema per row, one transaction with the inserts and audit rows, the error workbook —
 * on a fresh PostgreSQL database and on an in-memory PGlite. Goal: ≤ 5 s for 5 000 rows.
 * BENCH_ROWS and BENCH_RUNS change the size and the number of runs.
 */
import { performance } from 'node:perf_hooks'
import { goodRow, workbook } from '../register/svn/import/testing.ts'
import { openRegisterTestbed } from '../register/testing.ts'
import type { BenchModule, Budget } from './lib/report.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 5000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const BUDGET_SECONDS = 5

interface Result {
  database: string
  label: string
  kb: number
  median: number
  runs: number[]
  cpu: number
  answer: string
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** `baseUrl` '' → PGlite in memory; a server URL → a fresh PostgreSQL database beside it. */
async function measure(baseUrl: string, files: { label: string; file: Buffer }[]): Promise<Result[]> {
  const database = baseUrl ? 'PostgreSQL' : 'PGlite'
  const bed = await openRegisterTestbed(baseUrl)
  try {
    const clerk = bed.seeded.find((u) => u.email === 'clerk@alpina.example')
    if (!clerk) throw new Error('demo clerk missing')
    const token = await bed.idp.token({
      sub: clerk.subject,
      roles: ['SVN_ERSTELLEN', 'SVN_SUCHEN'],
      expiresIn: 3600,
    })
    const results: Result[] = []
    for (const { label, file } of files) {
      const times: number[] = []
      const cpus: number[] = []
      let answer: unknown = null
      for (let i = 0; i < RUNS; i++) {
        const form = new FormData()
        form.set('svnExcel', new File([new Uint8Array(file)], 'bench.xlsx'))
        const started = performance.now()
        const cpuBefore = process.cpuUsage()
        const res = await bed.app.request('/svn/massenimport', {
          method: 'POST',
          body: form,
          headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'de' },
        })
        answer = await res.json()
        times.push((performance.now() - started) / 1000)
        const cpu = process.cpuUsage(cpuBefore)
        cpus.push((cpu.user + cpu.system) / 1e6)
        if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(answer)}`)
      }
      const { ids: _ids, ...summary } = answer as Record<string, unknown>
      results.push({
        database,
        label,
        kb: Math.round(file.length / 1024),
        median: medianOf(times),
        runs: times,
        cpu: medianOf(cpus),
        answer: JSON.stringify(summary),
      })
    }
    return results
  } finally {
    await bed.handle.close()
  }
}

export const run: BenchModule = async (ctx) => {
  const valid = await workbook(Array.from({ length: ROWS }, (_, i) => goodRow(i, 'Bench')))
  const mixed = await workbook(
    Array.from({ length: ROWS }, (_, i) =>
      i % 10 === 0 ? { ...goodRow(i, 'Bench'), 'schild.kanton': 'XX' } : goodRow(i, 'Bench'),
    ),
  )
  const files = [
    { label: `${ROWS} valid rows`, file: valid },
    { label: `${ROWS} rows, every 10th invalid (error workbook of ${ROWS / 10} rows)`, file: mixed },
  ]
  const results: Result[] = []
  for (const baseUrl of [ctx.adminUrl, '']) {
    const measured = await measure(baseUrl, files)
    for (const r of measured) ctx.log(`import ${r.database} ${r.label}: median ${r.median.toFixed(2)} s`)
    results.push(...measured)
  }
  const budgets: Budget[] = results
    .filter((r) => r.label === files[0]?.label)
    .map((r) => ({
      name: `import of ${ROWS} rows, ${r.database}`,
      goal: `≤ ${BUDGET_SECONDS} s`,
      measured: `${r.median.toFixed(2)} s (median of ${RUNS}; CPU ${r.cpu.toFixed(2)} s)`,
      met: r.median <= BUDGET_SECONDS,
    }))
  const markdown = [
    `A ${ROWS}-row workbook posted to \`POST svn/massenimport\` of an in-process register (ADR 174):`,
    'multipart parsing, ZIP checks, streaming read, the create schema per row, one transaction with the',
    'records and their audit rows, the error workbook. A fresh database each (PostgreSQL beside the',
    `bench's, PGlite in memory); ${RUNS} runs each. The CPU time of this process is what an idle machine`,
    'comes close to when the wall clock waits for a core.',
    '',
    '| database | run | workbook | wall clock (median) | runs | CPU of the process | answer |',
    '| --- | --- | ---: | ---: | --- | ---: | --- |',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.label} | ${r.kb} KB | ${r.median.toFixed(2)} s | ${r.runs.map((t) => t.toFixed(2)).join(', ')} s | ${r.cpu.toFixed(2)} s | \`${r.answer}\` |`,
    ),
  ].join('\n')
  return [{ id: 'import', title: 'Mass import', markdown, budgets }]
}
