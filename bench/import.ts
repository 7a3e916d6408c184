/**
 * Mass-import benchmark (issue 7): 5 000 rows through POST svn/massenimport of the register app —
 * multipart parsing, ZIP checks, streaming read, the create schema per row, one transaction with the
 * inserts and audit rows, the error workbook. Goal: ≤ 5 s for 5 000 rows.
 *
 *   npm run bench:import                       # PGlite in memory
 *   TEST_DATABASE_URL=postgres://127.0.0.1/test npm run bench:import   # PostgreSQL
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { goodRow, workbook } from '../register/svn/import/testing.ts'
import { openRegisterTestbed } from '../register/testing.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 5000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

const bed = await openRegisterTestbed()
const clerk = bed.seeded.find((u) => u.email === 'clerk@alpina.example')
if (!clerk) throw new Error('demo clerk missing')
const token = await bed.idp.token({
  sub: clerk.subject,
  roles: ['SVN_ERSTELLEN', 'SVN_SUCHEN'],
  expiresIn: 3600,
})

async function run(label: string, file: Buffer) {
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
    times.push(performance.now() - started)
    const cpu = process.cpuUsage(cpuBefore)
    cpus.push((cpu.user + cpu.system) / 1000)
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(answer)}`)
  }
  const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
  const median = medianOf(times)
  console.log(
    `${label}: ${(file.length / 1024).toFixed(0)} KB; median ${(median / 1000).toFixed(2)} s ` +
      `(runs ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s), this process's CPU ${(medianOf(cpus) / 1000).toFixed(2)} s; answer ${JSON.stringify({ ...(answer as object), ids: undefined })}`,
  )
  return median
}

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
console.log(
  `mass import, ${ROWS} rows, ${RUNS} runs each, ${db}, Node ${process.version}, ` +
    `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores`,
)
const valid = await workbook(Array.from({ length: ROWS }, (_, i) => goodRow(i, 'Bench')))
const allValid = await run(`${ROWS} valid rows`, valid)
const mixed = await workbook(
  Array.from({ length: ROWS }, (_, i) =>
    i % 10 === 0 ? { ...goodRow(i, 'Bench'), 'schild.kanton': 'XX' } : goodRow(i, 'Bench'),
  ),
)
await run(`${ROWS} rows, every 10th invalid (error workbook of ${ROWS / 10} rows)`, mixed)
await bed.handle.close()
console.log(allValid <= 5000 ? 'goal met: ≤ 5 s' : 'GOAL MISSED: > 5 s')
