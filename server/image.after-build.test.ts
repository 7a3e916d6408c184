/**
 * The runtime image without docker (issue 22 item 3, ADR 960): the Dockerfile's runtime stage assembled
 * in a temporary directory from its own COPY lines — node_modules pruned of dev dependencies by npm, as
 * its build stage does — and started with its own CMD: no sources, no TypeScript loader, no dev
 * dependencies. Then the operator's tools in the image (canton CLI, seed) on the same data directory. And
 * the build stage's own step, `npm run build`, on the context that .dockerignore lets in.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../root.ts'
import { freePort } from './testing/process.ts'

const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
const runtimeStage = dockerfile.slice(dockerfile.search(/^FROM \S+ AS runtime$/m))
/** What the runtime stage takes from the build stage, as paths below /app. */
const copied = [...runtimeStage.matchAll(/^COPY --from=build \S+ \/app\/(\S+) \/app\/(\S+)$/gm)].map((m) => {
  expect(m[1]).toBe(m[2])
  return m[1]!
})
const command = JSON.parse(/^CMD (\[.*\])$/m.exec(runtimeStage)?.[1] ?? '[]') as string[]

const SECRET = 's'.repeat(40)
const KEY = Buffer.alloc(32, 7).toString('base64')

let dir: string
let app: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'image-'))
  app = path.join(dir, 'app')
  mkdirSync(app)
  for (const entry of copied) {
    const from = path.join(root, entry)
    const to = path.join(app, entry)
    mkdirSync(path.dirname(to), { recursive: true })
    // Hard links: node_modules is some hundred MB. npm rewrites only its hidden lockfile, which must
    // not be the checkout's own file, and unlinks what it prunes.
    execFileSync('cp', ['-al', from, to])
  }
  const hidden = path.join(app, 'node_modules/.package-lock.json')
  rmSync(hidden)
  copyFileSync(path.join(root, 'node_modules/.package-lock.json'), hidden)
  // The build stage prunes with its lockfile beside package.json; the runtime stage does not copy it.
  copyFileSync(path.join(root, 'package-lock.json'), path.join(app, 'package-lock.json'))
  const prune = spawnSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: app,
    encoding: 'utf8',
  })
  if (prune.status !== 0) throw new Error(`npm prune failed:\n${prune.stdout}${prune.stderr}`)
  rmSync(path.join(app, 'package-lock.json'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

/** The image's environment (ENV of the runtime stage) with the secrets an operator passes. */
function imageEnv(extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    DEMO: 'false',
    DATA_DIR: path.join(dir, 'data'),
    COMMIT: 'image-test',
    SESSION_SECRET: SECRET,
    KEYS_ENCRYPTION_KEY: KEY,
    ...extra,
  }
}

describe('the runtime image layout', () => {
  it('takes package.json, node_modules, build/ and the migrations, and runs node on the bundle', () => {
    expect(copied).toEqual(['package.json', 'node_modules', 'build', 'db/migrations'])
    expect(command).toEqual(['node', 'build/server/server.js'])
    expect(runtimeStage).toMatch(/^HEALTHCHECK /m)
  })

  it('holds no sources, no TypeScript loader or bundler and no dev-only package', () => {
    for (const gone of ['server.ts', 'server', 'register', 'app', 'scripts']) {
      expect(existsSync(path.join(app, gone)), gone).toBe(false)
    }
    // `typescript` itself stays: i18next and @react-router/node name it an optional peer, and npm keeps
    // an optional peer that is installed. Nothing loads it at run time.
    for (const name of ['tsx', 'esbuild', 'vite', '@react-router/dev', 'vitest', 'drizzle-kit']) {
      expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(false)
    }
    // A dev dependency stays only when a runtime package names it too (npm marks it devOptional).
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>
    }
    const devOnly = Object.entries(lock.packages).filter(([, p]) => p.dev)
    expect(devOnly.length).toBeGreaterThan(100)
    for (const [where] of devOnly) expect(existsSync(path.join(app, where)), where).toBe(false)
  })

  it(
    'starts from its CMD, is ready (migrations read from disk), serves the IdP and the portal, stops',
    {
      timeout: 240_000,
    },
    async () => {
      const port = await freePort()
      const url = `http://localhost:${port}`
      const child = spawn(command[0] === 'node' ? process.execPath : command[0]!, command.slice(1), {
        cwd: app,
        env: imageEnv({ PORT: String(port), ORIGIN: url }),
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (d: Buffer) => (output += d.toString()))
      child.stderr.on('data', (d: Buffer) => (output += d.toString()))
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      try {
        const deadline = Date.now() + 200_000
        for (;;) {
          if (child.exitCode !== null) throw new Error(`exited early:\n${output}`)
          const status = await fetch(`${url}/readyz`).then(
            (r) => r.status,
            () => 0,
          )
          if (status === 200) break
          if (Date.now() > deadline) throw new Error(`not ready:\n${output}`)
          await new Promise((r) => setTimeout(r, 200))
        }
        expect(output).toMatch(/SVN Portal production ready/)
        // The embedded IdP's discovery and the portal's server-rendered shell (React Router's build).
        const discovery = await fetch(`${url}/oidc/.well-known/openid-configuration`)
        expect(discovery.status).toBe(200)
        const page = await fetch(`${url}/404`)
        expect(page.status).toBe(404)
        expect(await page.text()).toContain('<html')
        const asset = /\/assets\/[^"]+\.css/.exec(await (await fetch(`${url}/404`)).text())?.[0]
        expect(asset).toBeDefined()
        expect((await fetch(`${url}${asset}`)).status).toBe(200)
      } finally {
        if (child.exitCode === null) child.kill('SIGTERM')
      }
      expect(await exited).toBe(0)

      // The operator's tools in the image, on the data directory the server left (PGlite: one process).
      const tool = (script: string, ...args: string[]) =>
        spawnSync(process.execPath, [`build/server/${script}.js`, ...args], {
          cwd: app,
          env: imageEnv({}),
          encoding: 'utf8',
          timeout: 120_000,
        })
      const sweep = tool('canton', 'sweep')
      expect(sweep.status, sweep.stdout + sweep.stderr).toBe(0)
      const seed = tool('seed')
      expect(seed.status, seed.stdout + seed.stderr).toBe(0)
      expect(seed.stdout).toMatch(/Seeded \d+ demo users\./)
    },
  )
})

describe('the build stage', () => {
  it(
    'builds from the context .dockerignore lets in (no tests/, bench/ or docs/)',
    { timeout: 180_000 },
    () => {
      expect(dockerfile).toMatch(/^COPY \. \.\nRUN npm run build /m)
      const patterns = readFileSync(path.join(root, '.dockerignore'), 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
      // Docker matches each pattern from the context's root; these are all names at the top.
      for (const p of patterns) expect(p, 'a name at the top of the context').not.toMatch(/[/!]/)
      const ignored = (name: string) =>
        patterns.some((p) =>
          new RegExp(
            `^${p
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '.*')
              .replace(/\?/g, '.')}$`,
          ).test(name),
        )
      expect(ignored('tests') && ignored('server.log') && ignored('.env.local')).toBe(true)
      const context = path.join(dir, 'context')
      mkdirSync(context)
      for (const name of readdirSync(root))
        if (!ignored(name)) execFileSync('cp', ['-a', path.join(root, name), path.join(context, name)])
      // The stage installs its dependencies before it copies the context; linked here.
      execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(context, 'node_modules')])
      const build = spawnSync('npm', ['run', 'build'], { cwd: context, encoding: 'utf8' })
      expect(build.status, build.stdout + build.stderr).toBe(0)
      expect(existsSync(path.join(context, 'build/server/server.js'))).toBe(true)
      // The client build's plugins ran: the compressed forms (ADR 537) and the module stats.
      expect(
        readdirSync(path.join(context, 'build/client-compressed/assets')).some((f) => f.endsWith('.js.br')),
      ).toBe(true)
      expect(existsSync(path.join(context, 'build/client/.vite/modules.json'))).toBe(true)
    },
  )
})
