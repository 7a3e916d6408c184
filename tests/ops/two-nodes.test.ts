/**
 * Scale-out (issue 10 item 1, ADR 601): two `server.ts` instances, each with its own DATA_DIR, share one
 * PostgreSQL database and sit behind one load balancer (a proxy whose target the test switches), so the
 * issuer and the cookies are the same on both. A third instance whose register and identity provider
 * are unreachable shows the 503 pages (ADR 602).
 */
import { readdirSync, rmSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { idpKeys } from '../../db/schema/idp.ts'
import { svn } from '../../db/schema/svn.ts'
import { openTestDatabase, type TestDatabase } from '../../db/testing.ts'
import type { CookieJar } from '../../idp/testing/harness.ts'
import { findChromium, thisMachine } from '../../scripts/browser.ts'
import { DEMO_PASSWORD } from '../../server/seed.ts'
import { axeViolations } from '../axe.ts'
import {
  freePort,
  loginOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../server/testing/process.ts'
import {
  expireAccessToken,
  latestSession,
  pgUrl,
  postForm,
  START_TIMEOUT_MS,
  startProxy,
  tempDir,
  type Proxy,
} from './support.ts'

let database: TestDatabase
let proxy: Proxy
let a: ServerProcess
let b: ServerProcess
let c: ServerProcess
let jar: CookieJar
/** Each instance's own DATA_DIR (made in beforeAll: a skipped suite leaves no directories). */
let dirs: { a: string; b: string; c: string } | undefined

/** Links to pickup files on the "untreated SVN" screen (the list comes from the register). */
async function fileLinks(): Promise<string[]> {
  const res = await jar.fetch(`${proxy.url}/svn/untreated`)
  expect(res.status).toBe(200)
  return [...(await res.text()).matchAll(/href="(\/files\/SVN\/[^"]+)"/g)].map((m) => m[1]!)
}

describe.skipIf(!pgUrl)('two instances behind a load balancer', () => {
  beforeAll(async () => {
    dirs = { a: tempDir('a'), b: tempDir('b'), c: tempDir('c') }
    database = await openTestDatabase()
    const [portA, portB, portC, closed] = await Promise.all([freePort(), freePort(), freePort(), freePort()])
    proxy = await startProxy(portA)
    const common = { origin: proxy.url, databaseUrl: database.url, timeoutMs: START_TIMEOUT_MS }
    // A and B start at once: migrations, demo seed and the shared keys and secrets must not race.
    ;[a, b] = await Promise.all([
      startServerProcess({ ...common, port: portA, dataDir: dirs.a }),
      startServerProcess({ ...common, port: portB, dataDir: dirs.b }),
    ])
    // C after them: an instance with an external IdP seeds no demo logins, so it must not seed first.
    c = await startServerProcess({
      ...common,
      port: portC,
      dataDir: dirs.c,
      env: {
        REGISTER_URL: `http://127.0.0.1:${closed}/svnwebaccess`,
        OIDC_ISSUER: `http://127.0.0.1:${closed}/oidc`,
        OIDC_CLIENT_SECRET: 'not-used-the-issuer-is-down',
      },
    })
    jar = await loginOverHttp(proxy.url, 'clerk@alpina.example', DEMO_PASSWORD)
  })

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()])
    await proxy?.close()
    await database?.close()
    for (const dir of Object.values(dirs ?? {})) rmSync(dir, { recursive: true, force: true })
  })

  it('continues on B with the session cookie from a login through A', async () => {
    proxy.target(b.port)
    const res = await jar.fetch(`${proxy.url}/svn/untreated`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('Nicht eingelöste SVN abholen')
    // the file list is the register's answer to B's call with the token A's IdP issued
    expect(html).toMatch(/href="\/files\/SVN\/[^"]+"/)
  })

  it('generates a pickup file on A and downloads it on B', async () => {
    proxy.target(a.port)
    const before = await fileLinks()
    const res = await postForm(jar, `${proxy.url}/svn/untreated`, { intent: 'generate-xml' })
    expect([200, 302, 303]).toContain(res.status)
    const created = (await fileLinks()).filter((link) => !before.includes(link))
    expect(created).toHaveLength(1)

    proxy.target(b.port)
    const file = await jar.fetch(`${proxy.url}${created[0]}`)
    expect(file.status).toBe(200)
    expect((await file.text()).startsWith('<?xml')).toBe(true)
  })

  it('refreshes the tokens on either instance without logging the user out', async () => {
    let previous = await latestSession(database.db)
    for (const node of [a, b, a]) {
      proxy.target(node.port)
      await expireAccessToken(database.db, previous.idHash)
      const res = await jar.fetch(`${proxy.url}/svn/untreated`)
      expect(res.status, `page on ${node.url} after the access token expired`).toBe(200)
      const now = await latestSession(database.db)
      expect(now.idHash).toBe(previous.idHash)
      expect(now.data.accessToken).not.toBe(previous.data.accessToken)
      // rotation: the refresh token A's IdP issued is redeemed at B's and replaced
      expect(now.data.refreshToken).not.toBe(previous.data.refreshToken)
      previous = now
    }
    proxy.target(b.port)
    expect((await jar.fetch(`${proxy.url}/svn/untreated`)).status).toBe(200)
  })

  it('shares the IdP keys and the generated secrets through the database', async () => {
    const rows = await database.db.select({ name: idpKeys.name }).from(idpKeys).orderBy(idpKeys.name)
    expect(rows.map((r) => r.name)).toEqual([
      'idp-cookie-keys',
      'idp-jwks',
      'oidc-client-secret',
      'session-secret',
    ])
    // nothing on the instances' own disks: no node needs another's DATA_DIR
    for (const dir of Object.values(dirs!)) expect(readdirSync(dir)).toEqual([])
  })

  describe('register and identity provider unreachable (instance C)', () => {
    it('answers a page that needs the register with the translated 503 page, and stays up', async () => {
      proxy.target(c.port)
      const [row] = await database.db
        .select({ id: svn.id })
        .from(svn)
        .where(eq(svn.gsCode, '1001'))
        .orderBy(svn.id)
        .limit(1)
      for (const [lng, text] of [
        ['de', 'Der Dienst ist vorübergehend nicht verfügbar.'],
        ['fr', 'Le service est temporairement indisponible.'],
      ] as const) {
        jar.set('lng', lng)
        const res = await jar.fetch(`${proxy.url}/svn/${row!.id}`)
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
        const html = await res.text()
        expect(html).toContain(text)
        expect(html).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/)
      }
      jar.set('lng', 'de')
      expect((await fetch(`${c.url}/healthz`)).status).toBe(200)
    })

    it('keeps a pickup screen and its form, says the list is missing, and answers 503', async () => {
      proxy.target(c.port)
      const res = await jar.fetch(`${proxy.url}/svn/untreated`)
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('5')
      const html = await res.text()
      expect(html).toContain('Das Register ist zurzeit nicht erreichbar.')
      expect(html).toMatch(/<button type="submit" value="generate-xml"[^>]*name="intent"/)
    })

    it('shows a translated login error when the identity provider cannot be reached', async () => {
      proxy.target(c.port)
      const res = await fetch(`${proxy.url}/login`, { headers: { cookie: 'lng=it' }, redirect: 'manual' })
      expect(res.status).toBe(503)
      const html = await res.text()
      expect(html).toContain('Il servizio di accesso non è raggiungibile al momento.')
      expect(c.child.exitCode).toBeNull()
    })

    it('renders these pages without axe violations, with JavaScript on and off', async () => {
      proxy.target(c.port)
      const [row] = await database.db.select({ id: svn.id }).from(svn).where(eq(svn.gsCode, '1001')).limit(1)
      const cookies = jar
        .header(proxy.url)
        .split(/;\s*/)
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=')
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: proxy.url }
        })
      const browser = await chromium.launch({
        executablePath: findChromium(thisMachine())?.path,
        args: ['--no-sandbox', '--disable-gpu'],
      })
      try {
        for (const javaScriptEnabled of [true, false]) {
          // The detail page signed in; the login page as a visitor without a session.
          for (const [path, signedIn] of [
            [`/svn/${row!.id}`, true],
            ['/svn/untreated', true],
            ['/login', false],
          ] as const) {
            const context = await browser.newContext({ javaScriptEnabled, locale: 'de-CH' })
            if (signedIn) await context.addCookies(cookies)
            const page = await context.newPage()
            const res = await page.goto(`${proxy.url}${path}`, { timeout: 20_000 })
            expect(res?.status(), path).toBe(503)
            await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1)
            expect(
              await axeViolations(page, javaScriptEnabled),
              `${path}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`,
            ).toEqual([])
            await context.close()
          }
        }
      } finally {
        await browser.close()
      }
    })
  })
})
