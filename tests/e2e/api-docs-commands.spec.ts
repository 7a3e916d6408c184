import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { validCreateValues } from '../../register/svn/create-testing.ts'
import { expect, jsEnabled, loginAs, test, waitForHydration } from './support.ts'

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
  test.skip(!jsEnabled(testInfo), 'shell commands, not a browser journey: once is enough')
  test.setTimeout(60_000)
  const blocks = await shellBlocks()
  expect(blocks.length).toBeGreaterThanOrEqual(5)

  // Seeland's administrator: its pickup files are not the ones the files spec counts.
  await loginAs(page, 'admin@seeland.example')
  await page.goto('/api-clients')
  await waitForHydration(page)
  const name = `Docs ${Date.now().toString(36)}`
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  for (const role of ['SVN suchen', 'SVN erstellen', 'Nicht eingelöste SVN abholen'])
    await page.getByRole('checkbox', { name: role, exact: true }).check()
  await page.getByRole('button', { name: 'API-Client erstellen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`API-Client «${name}» erstellt`)
  const clientId = (await page.locator('#api-client-id').innerText()).trim()
  const secret = (await page.locator('#api-client-secret').innerText()).trim()

  const dir = await mkdtemp(join(tmpdir(), 'api-docs-'))
  try {
    // The guide's `svn.json` ("the values of the create form").
    const values = validCreateValues()
    values.halter.person.name = `Docs${Date.now().toString(36)}`
    await writeFile(
      join(dir, 'svn.json'),
      JSON.stringify({ formToken: `docs-${values.halter.person.name}`, values }),
    )
    const script = ['set -eu', ...blocks.flatMap((b, i) => [`printf '\\n${MARK}${i}\\n'`, b])].join('\n')
    const { stdout } = await run('bash', ['-c', script], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        ORIGIN: String(testInfo.project.use.baseURL),
        CLIENT_ID: clientId,
        CLIENT_SECRET: secret,
      },
      timeout: 30_000,
    })
    const outputs = stdout.split(new RegExp(`^${MARK}\\d+$`, 'm')).slice(1)
    expect(outputs).toHaveLength(blocks.length)
    const all = outputs.join('\n')
    // The search's and the create's answers, as the guide describes them.
    expect(all).toMatch(/\{"rows":\[.*"total":\d+\}/)
    expect(all).toMatch(/\{"svnID":\d+\}/)
    // The file list: a JSON array (the client holds the pickup role).
    expect(all).toMatch(/^\[.*\]$/m)
    // The download (`-OJ`) saved the newest listed file under its own name.
    const first = /"fileName":"([^"]+)"/.exec(all)?.[1]
    if (first) expect(await readdir(dir)).toContain(first)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
