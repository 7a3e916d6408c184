import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import express from 'express'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../db/testing.ts'
import { configureLog, loginHash } from '../domain/log.ts'
import { createAccount } from '../idp/index.ts'
import {
  CookieJar,
  beginAuthorization,
  postLogin,
  signIn,
  startHarness,
  type Harness,
} from '../idp/testing/harness.ts'
import { createRegisterApp } from '../register/app.ts'
import {
  TEST_CLIENT_ID,
  TEST_ISSUER,
  openRegisterTestbed,
  type RegisterTestbed,
} from '../register/testing.ts'
import { healthRoutes } from './health.ts'
import { registerLog } from './register-log.ts'
import { REQUEST_ID_HEADER, requestLog } from './request-log.ts'

type Line = Record<string, unknown>
let lines: string[] = []
let restore: ReturnType<typeof configureLog>

/** Every captured line must be one JSON object with time, level and event. */
function parsed(): Line[] {
  return lines.map((l) => {
    expect(l.endsWith('\n')).toBe(true)
    const line = JSON.parse(l) as Line
    expect(line).toMatchObject({
      time: expect.any(String),
      level: expect.any(String),
      event: expect.any(String),
    })
    return line
  })
}

beforeAll(() => {
  restore = configureLog({ level: 'info', write: (l) => lines.push(l) })
})
afterAll(() => {
  configureLog(restore)
})
afterEach(() => {
  lines = []
})

async function listen(app: express.Express) {
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('request log, register and health endpoints', () => {
  let bed: RegisterTestbed
  let server: Awaited<ReturnType<typeof listen>>

  beforeAll(async () => {
    bed = await openRegisterTestbed()
    const register = createRegisterApp({
      db: bed.handle.db,
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      getKey: bed.idp.getKey,
      observe: registerLog,
    })
    for (const trustProxyId of [false, true]) {
      const app = express()
      app.use(requestLog({ trustProxyId }))
      app.use(healthRoutes(bed.handle.db))
      app.use('/svnwebaccess', getRequestListener(register.fetch))
      app.get('/assets/app.js', (_req, res) => void res.type('js').send('1'))
      const s = await listen(app)
      if (trustProxyId) trusted = s
      else server = s
    }
  })
  let trusted: Awaited<ReturnType<typeof listen>>

  afterAll(async () => {
    await server?.close()
    await trusted?.close()
    await bed?.handle.close()
  })

  it('writes one JSON line per request with id, method, path, status, duration and the caller', async () => {
    const clerk = bed.seeded.find((u) => u.email === 'clerk@alpina.example')!
    const token = await bed.idp.token({ sub: clerk.subject, roles: ['SVN_SUCHEN'] })
    const res = await fetch(`${server.url}/svnwebaccess/svn/search?name=Muster&canton=ZH`, {
      headers: { Authorization: `Bearer ${token}`, Cookie: 'svn_session=secret-cookie-value' },
    })
    expect(res.status).toBe(200)
    const id = res.headers.get(REQUEST_ID_HEADER)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const [line, ...more] = parsed()
    expect(more).toEqual([])
    expect(line).toMatchObject({
      level: 'info',
      event: 'request',
      requestId: id,
      method: 'GET',
      path: '/svnwebaccess/svn/search',
      query: 'name,canton',
      status: 200,
      durationMs: expect.any(Number),
      user: clerk.subject,
    })
    // Query values (a holder's name), the token and the cookie never reach the log.
    const text = lines.join('')
    for (const secret of ['Muster', token, 'secret-cookie-value', 'Bearer'])
      expect(text).not.toContain(secret)
  })

  it('redacts password-setup tokens in the path and keeps only the names of the query (ADR 703)', async () => {
    const token = 'Xy9setupTokenValue_0123456789abcdef'
    await fetch(
      `${server.url}/oidc/setup/${token}?code=c0de-value&state=st4te-value&id_token_hint=h1nt-value`,
    )
    const [line] = parsed()
    expect(line).toMatchObject({ path: '/oidc/setup/[redacted]', query: 'code,state,id_token_hint' })
    const text = lines.join('')
    for (const secret of [token, 'c0de-value', 'st4te-value', 'h1nt-value'])
      expect(text).not.toContain(secret)
  })

  it('logs register 401 and 403 with the reason, and the subject when known', async () => {
    const clerk = bed.seeded.find((u) => u.email === 'clerk@alpina.example')!
    const denied = await fetch(`${server.url}/svnwebaccess/users`, {
      headers: {
        Authorization: `Bearer ${await bed.idp.token({ sub: clerk.subject, roles: ['SVN_SUCHEN'] })}`,
      },
    })
    expect(denied.status).toBe(403)
    const bad = await fetch(`${server.url}/svnwebaccess/users/self`, {
      headers: { Authorization: 'Bearer x.y.z' },
    })
    expect(bad.status).toBe(401)
    const events = parsed().filter((l) => l.event === 'authz.denied')
    expect(events).toEqual([
      expect.objectContaining({
        level: 'warn',
        side: 'register',
        status: 403,
        reason: 'forbidden',
        path: '/svnwebaccess/users',
        user: clerk.subject,
        requestId: denied.headers.get(REQUEST_ID_HEADER),
      }),
      expect.objectContaining({ status: 401, reason: 'invalid token', path: '/svnwebaccess/users/self' }),
    ])
    expect(lines.join('')).not.toContain('x.y.z')
  })

  it('takes a sane X-Request-Id only from a trusted proxy', async () => {
    const offered = 'proxy-1234-abcd'
    const fromProxy = await fetch(`${trusted.url}/svnwebaccess/nope`, {
      headers: { [REQUEST_ID_HEADER]: offered },
    })
    expect(fromProxy.headers.get(REQUEST_ID_HEADER)).toBe(offered)
    const insane = await fetch(`${trusted.url}/svnwebaccess/nope`, {
      headers: { [REQUEST_ID_HEADER]: 'a"b\\c{}'.repeat(3) },
    })
    expect(insane.headers.get(REQUEST_ID_HEADER)).not.toContain('"')
    const untrusted = await fetch(`${server.url}/svnwebaccess/nope`, {
      headers: { [REQUEST_ID_HEADER]: offered },
    })
    expect(untrusted.headers.get(REQUEST_ID_HEADER)).not.toBe(offered)
    expect(parsed().map((l) => l.requestId)).toEqual([
      offered,
      insane.headers.get(REQUEST_ID_HEADER),
      untrusted.headers.get(REQUEST_ID_HEADER),
    ])
  })

  it('answers /healthz without and /readyz with the database; neither nor assets are logged when fine', async () => {
    const health = await fetch(`${server.url}/healthz`)
    expect([health.status, await health.text()]).toEqual([200, 'ok'])
    const ready = await fetch(`${server.url}/readyz`)
    expect([ready.status, await ready.text()]).toEqual([200, 'ready'])
    expect((await fetch(`${server.url}/assets/app.js`)).status).toBe(200)
    expect(lines).toEqual([])
  })
})

describe('readiness without the database', () => {
  it('answers 503 when the database is gone, and logs why', async () => {
    const handle = await openTestDatabase()
    const app = express()
    app.use(requestLog({ trustProxyId: false }))
    app.use(healthRoutes(handle.db))
    const server = await listen(app)
    await handle.close()
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      const ready = await fetch(`${server.url}/readyz`)
      expect([ready.status, await ready.text()]).toEqual([503, 'database unreachable'])
      expect(parsed().map((l) => [l.event, l.reason ?? l.status])).toEqual([
        ['not.ready', 'database unreachable'],
        ['request', 503],
      ])
    } finally {
      await server.close()
    }
  })
})

describe('login events at the embedded IdP', () => {
  let h: Harness
  const password = 'Correct-Horse-Battery-9'

  beforeAll(async () => {
    h = await startHarness()
    await createAccount(h.handle.db, { subject: 'u-log', login: 'Log.Clerk@alpina.example', password })
    h.roles.set('u-log', ['SACHBEARBEITER'])
  })
  afterAll(async () => {
    await h?.close()
  })

  it('logs failure reasons and the success with a hashed login, never the password, tokens or cookies', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    await postLogin(jar, loginUrl, 'log.clerk@alpina.example', 'Wrong-Password-1')
    await postLogin(jar, loginUrl, 'nobody@alpina.example', 'Wrong-Password-2')
    const tokens = await signIn(h, new CookieJar(), 'log.clerk@alpina.example', password)

    const events = parsed().filter((l) => String(l.event).startsWith('login.'))
    expect(events).toEqual([
      expect.objectContaining({
        event: 'login.failure',
        level: 'warn',
        side: 'idp',
        reason: 'wrong password',
        login: loginHash('Log.Clerk@alpina.example'),
        user: 'u-log',
      }),
      expect.objectContaining({
        event: 'login.failure',
        reason: 'unknown user',
        login: loginHash('nobody@alpina.example'),
      }),
      expect.objectContaining({ event: 'login.success', level: 'info', user: 'u-log' }),
    ])
    const text = lines.join('')
    const secrets = [
      password,
      'Wrong-Password-1',
      'Wrong-Password-2',
      'log.clerk@',
      'nobody@',
      tokens.access_token,
    ]
    if (tokens.refresh_token) secrets.push(tokens.refresh_token)
    for (const cookie of jar.header(h.origin).split(/;\s*/)) secrets.push(cookie.split('=')[1] ?? '')
    for (const secret of secrets.filter((s) => s.length > 6)) expect(text).not.toContain(secret)
  })

  it('logs a rate-limited attempt as such', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    let status = 0
    for (let i = 0; i < 20 && status !== 429; i++) {
      status = (await postLogin(jar, loginUrl, 'log.clerk@alpina.example', `Nope-${i}-xxxxxx`)).status
    }
    expect(status).toBe(429)
    await postLogin(jar, loginUrl, 'log.clerk@alpina.example', password)
    const reasons = parsed()
      .filter((l) => l.event === 'login.failure')
      .map((l) => l.reason)
    expect(reasons.at(-1)).toBe('rate limited')
    expect(lines.join('')).not.toContain(password)
  })
})
