/**
 * The server killed or stopped while it works (issue 10 item 3, ADR 602): SIGKILL during a mass import
 * and during a file generation leaves nothing half-written after a restart (each is one transaction);
 * SIGTERM lets an import in flight finish with 2xx, refuses new connections and exits 0.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, like, sql } from 'drizzle-orm'
import { exportFiles } from '../../db/schema/files.ts'
import { auditLog } from '../../db/schema/register.ts'
import { svn } from '../../db/schema/svn.ts'
import { openTestDatabase, type TestDatabase } from '../../db/testing.ts'
import type { CookieJar } from '../../idp/testing/harness.ts'
import { fillUntreated } from '../../register/files/testing.ts'
import { goodRow, workbook } from '../../register/svn/import/testing.ts'
import { DEMO_PASSWORD } from '../../server/seed.ts'
import {
  freePort,
  loginOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../server/testing/process.ts'
import { latestSession, pgUrl, postForm, START_TIMEOUT_MS, tempDir } from './support.ts'

const ROWS = 2000
const TAG = 'Kill'

let database: TestDatabase
let server: ServerProcess
let port: number
let dataDir: string
let jar: CookieJar
let book: Buffer

/** Same port and DATA_DIR each time: the same ORIGIN, so the browser session stays valid. */
async function start(): Promise<void> {
  server = await startServerProcess({ port, dataDir, databaseUrl: database.url, timeoutMs: START_TIMEOUT_MS })
}

/** Posts the workbook to the register's mass import with the session's access token; resolves the answer. */
async function postImport(): Promise<Response> {
  const { data } = await latestSession(database.db)
  const form = new FormData()
  form.set('svnExcel', new File([new Uint8Array(book)], 'ops.xlsx'))
  return fetch(`${server.url}/svnwebaccess/svn/massenimport`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${data.accessToken}`, 'accept-language': 'de' },
  })
}

/**
 * Waits until one of the server's connections is inside a transaction that has written and whose
 * latest statement matches `pattern`: the work is under way and not committed. Running or idle
 * between two statements both count: a generation's 1 MiB chunk inserts take a few ms each on a fast
 * machine, and a poll every 20 ms for a running chunk insert missed all of them once in CI.
 */
async function untilRunning(pattern: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = (await database.db.execute(sql`
      select 1 from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and state in ('active', 'idle in transaction') and backend_xid is not null
         and query ilike ${pattern}`)) as unknown as unknown[]
    if (rows.length > 0) return
    if (Date.now() > deadline) throw new Error(`no statement like ${pattern} within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Waits until a new connection to `url` is refused (the server has stopped listening). */
async function untilRefused(url: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const refused = await fetch(url).then(
      () => false,
      () => true,
    )
    if (refused) return
    if (Date.now() > deadline) throw new Error(`${url} still answers ${timeoutMs} ms after SIGTERM`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

async function importedRows(): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(svn)
    .where(like(svn.name, `${TAG}%`))
  return row?.n ?? 0
}

async function totals() {
  const [files] = await database.db.select({ n: count() }).from(exportFiles)
  const [audits] = await database.db.select({ n: count() }).from(auditLog)
  return { files: files?.n ?? 0, audits: audits?.n ?? 0, imported: await importedRows() }
}

/** Export files that are incomplete, or whose chunks or deliveries do not add up to what the row says. */
async function brokenFiles(): Promise<unknown[]> {
  return (await database.db.execute(sql`
    select f.id from export_files f
     where not f.complete
        or f.size_bytes <> coalesce((select sum(octet_length(c.data)) from export_file_chunks c where c.file_id = f.id), 0)
        or f.record_count <> (select count(*) from export_deliveries d where d.file_id = f.id)`)) as unknown as unknown[]
}

describe.skipIf(!pgUrl)('the server killed or stopped during work', () => {
  beforeAll(async () => {
    database = await openTestDatabase()
    port = await freePort()
    dataDir = tempDir('kill')
    book = await workbook(Array.from({ length: ROWS }, (_, i) => goodRow(i, TAG)))
    await start()
    jar = await loginOverHttp(server.url, 'clerk@alpina.example', DEMO_PASSWORD)
  })

  afterAll(async () => {
    await server?.stop('SIGKILL')
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('SIGKILL during a mass import: after the restart none of its records exist', async () => {
    const before = await totals()
    const answer = postImport().catch((error: unknown) => error)
    await untilRunning('insert into "svn"%')
    expect(await server.stop('SIGKILL')).toBeNull()
    expect(await answer).toBeInstanceOf(Error) // the connection died with the process
    await start()
    expect(await totals()).toEqual(before)
  })

  it('SIGTERM during a mass import: it finishes with 2xx, new connections are refused, exit 0', async () => {
    const answer = postImport()
    await untilRunning('insert into "svn"%')
    const exited = server.stop('SIGTERM')
    await untilRefused(`${server.url}/healthz`)
    const res = await answer
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ imported: ROWS })
    expect(await exited).toBe(0)
    expect(await importedRows()).toBe(ROWS)
  })

  it('SIGKILL during a file generation: after the restart no file is half-written', async () => {
    await start()
    await fillUntreated(database.db, 10_000)
    const before = await totals()
    expect(await brokenFiles()).toEqual([])
    const answer = postForm(jar, `${server.url}/svn/untreated`, { intent: 'generate-xml' }).catch(
      (error: unknown) => error,
    )
    // Its file row is written; the batches' reads and the chunk and delivery writes follow, all of
    // them naming an export_ table, until the commit.
    await untilRunning('%export\\_%')
    expect(await server.stop('SIGKILL')).toBeNull()
    expect(await answer).toBeInstanceOf(Error)
    await start()
    expect(await totals()).toEqual(before)
    expect(await brokenFiles()).toEqual([])
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
