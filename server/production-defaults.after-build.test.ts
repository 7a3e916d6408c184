/**
 * Production is the default, the demo is opt-in (issue 17 items 1 and 7, ADRs 700, 702): the real
 * built server, started as an operator or a newcomer would.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVER_BUNDLE } from '../scripts/build-server.js'
import { freePort } from './testing/process.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SECRET = 'p'.repeat(40)
const KEY_A = Buffer.alloc(32, 11).toString('base64')
const KEY_B = Buffer.alloc(32, 12).toString('base64')

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'prod-defaults-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

interface Run {
  url: string
  output: () => string
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>
  stop(): Promise<number | null>
}

/** Spawns `script` with exactly this environment (PATH and HOME kept): no DEMO, no NODE_ENV unless given. */
async function run(script: string, env: Record<string, string>): Promise<Run> {
  const port = await freePort()
  // No TypeScript loader: the built server and `npm start`'s script, as an operator runs them (ADR 960).
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    url: `http://localhost:${port}`,
    output: () => output,
    exited,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}

/** Waits for the first 200 of /healthz, or fails with the output when the process ends first. */
async function ready(server: Run): Promise<void> {
  let ended = false
  void server.exited.then(() => (ended = true))
  const deadline = Date.now() + 150_000
  for (;;) {
    if (ended) throw new Error(`server exited early:\n${server.output()}`)
    const ok = await fetch(`${server.url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline) throw new Error(`not ready:\n${server.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** What a refused start printed: the lines, with the Node warnings of this machine left out. */
function printed(output: string): string[] {
  return (
    output
      .split('\n')
      .filter((l) => l.trim() && !/WARNING: Unsupported runtime|ExperimentalWarning|--trace-warnings/.test(l))
      // Structured info events (the metrics endpoint opens before the keys are read, ADR 950) are not the
      // operator's message: the refusal must still be its one human line.
      .filter((l) => !(l.startsWith('{') && l.includes('"level":"info"')))
  )
}

describe('the server started as an operator would', () => {
  it('NODE_ENV=production without SESSION_SECRET and KEYS_ENCRYPTION_KEY: exit 1, one line naming them', async () => {
    const server = await run(SERVER_BUNDLE, { NODE_ENV: 'production', DATA_DIR: path.join(dir, 'refused') })
    expect(await server.exited).toBe(1)
    const lines = printed(server.output())
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Refusing to start: SESSION_SECRET and KEYS_ENCRYPTION_KEY must be set/)
  })

  it('a public ORIGIN without SESSION_SECRET refuses the same way, even without NODE_ENV', async () => {
    const server = await run(SERVER_BUNDLE, {
      ORIGIN: 'https://svn.example.ch',
      KEYS_ENCRYPTION_KEY: KEY_A,
      DATA_DIR: path.join(dir, 'refused'),
    })
    expect(await server.exited).toBe(1)
    expect(printed(server.output())).toEqual([
      expect.stringMatching(/^Refusing to start: SESSION_SECRET must/),
    ])
  })

  // Four starts of the real server, one after the other.
  it(
    'production with its variables on localhost: no demo logins, no debug page; a wrong key refuses in one line',
    { timeout: 480_000 },
    async () => {
      const env = { NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_DIR: path.join(dir, 'prod') }
      const server = await run(SERVER_BUNDLE, { ...env, KEYS_ENCRYPTION_KEY: KEY_A })
      try {
        await ready(server)
        expect(server.output()).not.toContain('Demo logins')
        expect((await fetch(`${server.url}/token-info`, { redirect: 'manual' })).status).toBe(404)
      } finally {
        expect(await server.stop()).toBe(0)
      }
      // no demo key file: production's key comes from the environment only
      expect(existsSync(path.join(dir, 'prod', 'keys-encryption-key'))).toBe(false)

      const wrong = await run(SERVER_BUNDLE, { ...env, KEYS_ENCRYPTION_KEY: KEY_B })
      expect(await wrong.exited).toBe(1)
      expect(printed(wrong.output())).toEqual([
        expect.stringMatching(/^KEYS_ENCRYPTION_KEY does not decrypt "[a-z-]+" in idp_keys/),
      ])

      // rotation: the old key as _PREVIOUS, the new one as KEYS_ENCRYPTION_KEY
      const rotated = await run(SERVER_BUNDLE, {
        ...env,
        KEYS_ENCRYPTION_KEY: KEY_B,
        KEYS_ENCRYPTION_KEY_PREVIOUS: KEY_A,
      })
      try {
        await ready(rotated)
      } finally {
        expect(await rotated.stop()).toBe(0)
      }
      const after = await run(SERVER_BUNDLE, { ...env, KEYS_ENCRYPTION_KEY: KEY_B })
      try {
        await ready(after)
      } finally {
        expect(await after.stop()).toBe(0)
      }
    },
  )

  it(
    '`npm start` on a fresh clone (no NODE_ENV, localhost) is still the demo, with a generated key in DATA_DIR',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(dir, 'fresh')
      const server = await run('scripts/start.js', { DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
      try {
        await ready(server)
        expect(server.output()).toMatch(/SVN Portal production ready/)
        expect(server.output()).toContain('Demo logins (password "demo")')
        expect((await fetch(`${server.url}/token-info`, { redirect: 'manual' })).status).not.toBe(404)
      } finally {
        expect(await server.stop()).toBe(0)
      }
      expect(existsSync(path.join(dataDir, 'keys-encryption-key'))).toBe(true)
    },
  )
})
