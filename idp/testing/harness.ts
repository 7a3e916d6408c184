import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import express, { type RequestHandler } from 'express'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase } from '../../db/testing.ts'
import { createIdp, type IdpDeps, type UserClaims } from '../index.ts'

/** One fixed key for the harness's sealed keys (db/key-encryption.ts). */
const TEST_KEY_RING = { current: Buffer.alloc(32, 7) }

/** Minimal cookie jar honouring Path, enough to drive oidc-provider's cookies from fetch. */
export class CookieJar {
  private cookies = new Map<string, { name: string; value: string; path: string }>()

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim())
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      let cookiePath = '/'
      let expired = value === ''
      for (const attr of attrs) {
        const [k = '', v = ''] = attr.split('=')
        if (k.toLowerCase() === 'path') cookiePath = v
        if (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now()) expired = true
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true
      }
      const key = `${name};${cookiePath}`
      if (expired) this.cookies.delete(key)
      else this.cookies.set(key, { name, value, path: cookiePath })
    }
  }

  /** A cookie the portal would have set on the same origin (e.g. `lng`). */
  set(name: string, value: string, cookiePath = '/'): void {
    this.cookies.set(`${name};${cookiePath}`, { name, value, path: cookiePath })
  }

  header(url: string): string {
    const { pathname } = new URL(url)
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const cookie = this.header(url)
    if (cookie) headers.set('cookie', cookie)
    const res = await fetch(url, { ...init, headers, redirect: 'manual' })
    this.store(res)
    return res
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export interface Harness {
  origin: string
  issuer: string
  clientId: string
  clientSecret: string
  redirectUri: string
  postLogoutRedirectUri: string
  dataDir: string
  handle: DatabaseHandle
  roles: Map<string, string[]>
  /** Replaces the IdP behind the running server (a "second instance" on the same database). */
  restart(overrides?: Partial<IdpDeps>): Promise<void>
  close(): Promise<void>
}

export async function startHarness(overrides: Partial<IdpDeps> = {}): Promise<Harness> {
  const handle = await openTestDatabase()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'idp-test-'))
  const roles = new Map<string, string[]>()
  const names = new Map<string, UserClaims>()
  let current: RequestHandler = (_req, res) => void res.status(503).end()
  const app = express()
  app.use('/oidc', (req, res, next) => current(req, res, next))
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const h: Harness = {
    origin,
    issuer: `${origin}/oidc`,
    clientId: 'svn-portal',
    clientSecret: 'portal-secret-for-tests',
    redirectUri: `${origin}/auth/callback`,
    postLogoutRedirectUri: `${origin}/`,
    dataDir,
    handle,
    roles,
    async restart(more = {}) {
      const { router } = await createIdp({
        db: handle.db,
        issuer: h.issuer,
        dataDir,
        keyRing: TEST_KEY_RING,
        secure: false,
        clients: [
          {
            clientId: h.clientId,
            clientSecret: h.clientSecret,
            redirectUris: [h.redirectUri],
            postLogoutRedirectUris: [h.postLogoutRedirectUri],
          },
        ],
        async claimsFor(subject) {
          const r = roles.get(subject)
          if (!r) return null
          return (
            names.get(subject) ?? {
              roles: r,
              givenName: 'Clara',
              familyName: 'Clerk',
              email: `${subject}@alpina.example`,
            }
          )
        },
        ...overrides,
        ...more,
      })
      current = router
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await handle.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  await h.restart()
  return h
}

/** Starts an authorization request and returns the login page URL (and the PKCE verifier). */
export async function beginAuthorization(
  h: Harness,
  jar: CookieJar,
  extra: Record<string, string> = {},
): Promise<{ loginUrl: string; verifier: string; state: string }> {
  const { verifier, challenge } = pkcePair()
  const state = randomBytes(8).toString('hex')
  const params = new URLSearchParams({
    client_id: h.clientId,
    response_type: 'code',
    redirect_uri: h.redirectUri,
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
    ...extra,
  })
  const res = await jar.fetch(`${h.issuer}/auth?${params}`)
  const location = res.headers.get('location')
  if (res.status !== 303 || !location) throw new Error(`authorization did not redirect: ${res.status}`)
  return { loginUrl: new URL(location, h.origin).href, verifier, state }
}

export async function postLogin(
  jar: CookieJar,
  loginUrl: string,
  login: string,
  password: string,
): Promise<Response> {
  return jar.fetch(`${loginUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  })
}

/** After a successful login POST: follows the resume redirect(s) to the client's redirect URI. */
export async function followToCallback(h: Harness, jar: CookieJar, res: Response): Promise<URL> {
  let current = res
  for (let i = 0; i < 5; i++) {
    const location = current.headers.get('location')
    if (!location) throw new Error(`expected a redirect, got ${current.status}: ${await current.text()}`)
    const url = new URL(location, h.origin)
    if (url.href.startsWith(h.redirectUri)) return url
    current = await jar.fetch(url.href)
  }
  throw new Error('too many redirects')
}

export function basicAuth(h: Harness): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(h.clientId)}:${encodeURIComponent(h.clientSecret)}`).toString('base64')}`
}

export async function tokenRequest(h: Harness, body: Record<string, string>): Promise<Response> {
  return fetch(`${h.issuer}/token`, {
    method: 'POST',
    headers: { authorization: basicAuth(h), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  })
}

/** Full login for `login`/`password`; returns the token response. */
export async function signIn(h: Harness, jar: CookieJar, login: string, password: string) {
  const { loginUrl, verifier } = await beginAuthorization(h, jar)
  const callback = await followToCallback(h, jar, await postLogin(jar, loginUrl, login, password))
  const code = callback.searchParams.get('code')
  if (!code) throw new Error(`no code in ${callback.href}`)
  const res = await tokenRequest(h, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: h.redirectUri,
    code_verifier: verifier,
  })
  if (res.status !== 200) throw new Error(`token exchange failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as {
    access_token: string
    id_token: string
    refresh_token?: string
    expires_in: number
  }
}
