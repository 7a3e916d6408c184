import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, loginAs, test, gotoHydrated } from './support.ts'

/**
 * Issue 19 item 3: every `sh` block of docs/api.md runs, in order and as written, in one bash against
 * the started server, with a client an administrator just created on the portal screen.
 */

const run = promisify(execFile)
const MARK = '=== block '

async function shellBlocks(): Promise<string[]> {
  const text = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8')
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
}

test('the integrator guide (docs/api.md) runs as written', async ({ page }, testInfo) => {
  test.setTimeout(180_000)
  const blocks = await shellBlocks()
  expect(blocks.length).toBe(8)

  // Seeland's administrator: its pickup files are not the ones the files spec counts.
  await loginAs(page, 'admin@seeland.example')
  await gotoHydrated(page, '/api-clients')
  // Both projects run the guide at once, each with a client of its own made with JS on or off.
  const name = `Docs ${testInfo.project.name} ${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  for (const role of [
    'SVN suchen',
    'SVN erstellen',
    'Ausweisentzug stornieren',
    'Nicht eingelöste SVN abholen',
  ])
    await page.getByRole('checkbox', { name: role, exact: true }).check()
  await page.getByRole('button', { name: 'API-Client erstellen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`API-Client «${name}» erstellt`)
  const clientId = (await page.locator('#api-client-id').innerText()).trim()
  const secret = (await page.locator('#api-client-secret').innerText()).trim()

  const dir = await mkdtemp(join(tmpdir(), 'api-docs-'))
  try {
    const script = ['set -eu', ...blocks.flatMap((b, i) => [`printf '\\n${MARK}${i}\\n'`, b])].join('\n')
    const { stdout, stderr } = await run('bash', ['-c', script], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        ORIGIN: String(testInfo.project.use.baseURL),
        CLIENT_ID: clientId,
        CLIENT_SECRET: secret,
      },
      // The batch waits out one rate-limit window (up to 20 s in the e2e server).
      timeout: 90_000,
    })
    const outputs = stdout.split(new RegExp(`^${MARK}\\d+$`, 'm')).slice(1)
    expect(outputs).toHaveLength(blocks.length)
    const all = outputs.join('\n')
    // The search's and the create's answers, as the guide describes them: 201, then the same SVN 200.
    expect(all).toMatch(/\{"rows":\[.*"total":\d+\}/)
    const created = /\{"svnID":(\d+)\} 201\n\{"svnID":(\d+)\} 200/.exec(all)
    expect(created?.[1], all).toBeDefined()
    expect(created?.[2]).toBe(created?.[1])
    // The refusals the guide shows: 400 with field errors, 409 with the state in the way.
    expect(all).toMatch(/\{"error":"validation failed","fieldErrors":\{"halter\.person\.[^}]*\}\} 400/)
    expect(all).toMatch(/\{"error":"conflict","status":"[A-Z_]+"\} 409/)
    // The batch outran the e2e server's budget (API_CLIENT_RATE_LIMIT per API_CLIENT_RATE_WINDOW),
    // waited as told and ended with the history, which names the client.
    expect(stderr).toMatch(/^429: waiting \d+ s$/m)
    expect(all).toMatch(new RegExp(`^200 \\{"svnId":${created?.[1]},.*"kind":"client","name":"${name}"`, 'm'))
    // The file list: a JSON array (the client holds the pickup role).
    expect(all).toMatch(/^\[.*\]$/m)
    // The download (`-OJ`) saved the newest listed file under its own name.
    const first = /"fileName":"([^"]+)"/.exec(all)?.[1]
    if (first) expect(await readdir(dir)).toContain(first)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
