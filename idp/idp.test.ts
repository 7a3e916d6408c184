import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccount } from './index.ts'
import { LOGOUT_SCRIPT, LOGOUT_SCRIPT_HASH } from './views/messages.ts'
import {
  beginAuthorization,
  CookieJar,
  followToCallback,
  postLogin,
  signIn,
  startHarness,
  tokenRequest,
  type Harness,
} from './testing/harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
  await createAccount(h.handle.db, {
    subject: 'u-clerk',
    login: 'Clerk@Alpina.example',
    password: 'correct horse',
  })
  await createAccount(h.handle.db, {
    subject: 'u-victim',
    login: 'victim@alpina.example',
    password: 'right-one',
  })
  await createAccount(h.handle.db, { subject: 'u-gone', login: 'gone@alpina.example', password: 'whatever' })
  h.roles.set('u-clerk', ['SACHBEARBEITER'])
  h.roles.set('u-victim', ['NURLESEN'])
  // u-gone has no claims: deactivated
})

afterAll(async () => {
  await h?.close()
})

describe('discovery', () => {
  it('publishes absolute endpoints under the mount path', async () => {
    const res = await fetch(`${h.issuer}/.well-known/openid-configuration`)
    expect(res.status).toBe(200)
    const meta = (await res.json()) as Record<string, unknown>
    expect(meta).toMatchObject({
      issuer: h.issuer,
      authorization_endpoint: `${h.issuer}/auth`,
      token_endpoint: `${h.issuer}/token`,
      jwks_uri: `${h.issuer}/jwks`,
      revocation_endpoint: `${h.issuer}/token/revocation`,
      end_session_endpoint: `${h.issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    })
    expect(meta.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    )
  })
})

describe('login page', () => {
  it('renders our accessible page in the ui_locales language with a strict CSP', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar, { ui_locales: 'fr-CH de', kc_idp_hint: 'ignored' })
    expect(new URL(loginUrl).pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/)
    const res = await jar.fetch(loginUrl)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain(`form-action 'self' ${h.origin}`)
    const page = await res.text()
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page).toContain('<html lang="fr">')
    expect(page).toContain('<title>Se connecter – SVN Portal</title>')
    expect(page.match(/<h1[ >]/g)).toHaveLength(1)
    expect(page).toContain('<main id="main"')
    expect(page).toMatch(/<form [^>]*novalidate/)
    expect(page).toContain('<label for="login">Adresse e-mail</label>')
    expect(page).toContain('<label for="password">Mot de passe</label>')
    expect(page).toMatch(/<input\s[^>]*id="login"[^>]*autocomplete="username"/)
    expect(page).toMatch(/<input\s[^>]*id="password"[^>]*type="password"[^>]*autocomplete="current-password"/)
    expect(page).not.toMatch(/<script|style=|https:\/\/fonts/)
    const css = page.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1]
    expect(css).toMatch(/^\/oidc\/assets\/login\.css\?v=/)
    const cssRes = await fetch(`${h.origin}${css}`)
    expect(cssRes.status).toBe(200)
    expect(cssRes.headers.get('content-type')).toContain('text/css')
    expect(cssRes.headers.get('cache-control')).toContain('max-age=31536000')
  })

  it('defaults to German, or the lng cookie', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    const page = await (await jar.fetch(loginUrl)).text()
    expect(page).toContain('<html lang="de">')
    expect(page).toContain('<title>Anmelden – SVN Portal</title>')
    jar.set('lng', 'it')
    const italian = await (await jar.fetch(loginUrl)).text()
    expect(italian).toContain('<html lang="it">')
  })

  it('asks for each empty field, tied with aria-describedby', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    const res = await postLogin(jar, loginUrl, '', '')
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('<title>Fehler: Anmelden – SVN Portal</title>')
    expect(page).toMatch(
      /<main id="main" tabindex="-1">\s*<div class="card"><div\s+class="error-summary"[^>]*autofocus\s*>[^]*<a href="#login">E-Mail-Adresse: Geben Sie Ihre E-Mail-Adresse ein<\/a>[^]*<a href="#password">Passwort: Geben Sie Ihr Passwort ein<\/a>/,
    )
    expect(page).toMatch(/<input\s[^>]*id="login"[^>]*aria-describedby="login-error"/)
    expect(page).toMatch(/<input\s[^>]*id="password"[^>]*aria-describedby="password-error"/)
    expect(page).toContain(
      'id="password-error"><span class="visually-hidden">Fehler: </span>Geben Sie Ihr Passwort ein',
    )
  })

  it('escapes what was typed', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    const page = await (await postLogin(jar, loginUrl, '"><script>x</script>', '')).text()
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"')
    expect(page).not.toContain('<script>')
  })

  it('refuses a deactivated account like a wrong password', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    const page = await (await postLogin(jar, loginUrl, 'gone@alpina.example', 'whatever')).text()
    expect(page).toContain('E-Mail-Adresse oder Passwort ist falsch')
  })

  it('answers an unknown interaction with our expired page', async () => {
    const res = await fetch(`${h.issuer}/interaction/does-not-exist`)
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('<html lang="de">')
    expect(page).toContain('Ihre Anmeldung ist abgelaufen')
  })
})

describe('authorization code flow', () => {
  it('signs in with PKCE and issues Keycloak-like RS256 JWT access tokens', async () => {
    const jar = new CookieJar()
    const { loginUrl, verifier, state } = await beginAuthorization(h, jar)
    await jar.fetch(loginUrl)

    const wrong = await postLogin(jar, loginUrl, 'clerk@alpina.example', 'wrong password')
    expect(wrong.status).toBe(200)
    const wrongPage = await wrong.text()
    expect(wrongPage).toContain('<title>Fehler: Anmelden – SVN Portal</title>')
    // Focused on load, so read once; no role="alert" to read it a second time.
    expect(wrongPage).toMatch(
      /class="error-summary"[^>]*autofocus[^]*E-Mail-Adresse oder Passwort ist falsch/,
    )
    expect(wrongPage).not.toContain('role="alert"')
    expect(wrongPage).toContain('value="clerk@alpina.example"')
    expect(wrongPage).not.toContain('wrong password')

    // login is case-insensitive
    const ok = await postLogin(jar, loginUrl, 'CLERK@alpina.example', 'correct horse')
    expect(ok.status).toBe(303)
    const callback = await followToCallback(h, jar, ok)
    expect(callback.searchParams.get('state')).toBe(state)
    const code = callback.searchParams.get('code')
    expect(code).toBeTruthy()

    const res = await tokenRequest(h, {
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: h.redirectUri,
      code_verifier: verifier,
    })
    expect(res.status).toBe(200)
    const tokens = (await res.json()) as { access_token: string; id_token: string; refresh_token: string }
    expect(tokens.refresh_token).toBeTruthy()

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' })
    const jwks = createRemoteJWKSet(new URL(`${h.issuer}/jwks`))
    const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer: h.issuer, audience: h.clientId })
    expect(payload).toMatchObject({
      sub: 'u-clerk',
      aud: h.clientId,
      resource_access: { [h.clientId]: { roles: ['SACHBEARBEITER'] } },
      preferred_username: 'Clerk@Alpina.example',
      given_name: 'Clara',
      family_name: 'Clerk',
      email: 'u-clerk@alpina.example',
    })
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300)

    const { payload: id } = await jwtVerify(tokens.id_token, jwks, { issuer: h.issuer, audience: h.clientId })
    expect(id).toMatchObject({ sub: 'u-clerk', name: 'Clara Clerk', email: 'u-clerk@alpina.example' })
  })

  it('refuses an authorization request without code_challenge', async () => {
    const params = new URLSearchParams({
      client_id: h.clientId,
      response_type: 'code',
      redirect_uri: h.redirectUri,
      scope: 'openid',
      state: 'abc',
    })
    const res = await fetch(`${h.issuer}/auth?${params}`, { redirect: 'manual' })
    const location = new URL(res.headers.get('location') ?? '', h.origin)
    expect(location.href.startsWith(h.redirectUri)).toBe(true)
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('code')).toBeNull()
  })

  it('refreshes with rotation, picks up changed roles, and stops after revocation', async () => {
    const jar = new CookieJar()
    const first = await signIn(h, jar, 'clerk@alpina.example', 'correct horse')
    h.roles.set('u-clerk', ['SACHBEARBEITER', 'SVN_STORNIEREN'])
    try {
      const res = await tokenRequest(h, {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
      })
      expect(res.status).toBe(200)
      const refreshed = (await res.json()) as { access_token: string; refresh_token: string }
      expect(refreshed.refresh_token).not.toBe(first.refresh_token)
      expect(decodeJwt(refreshed.access_token).resource_access).toEqual({
        [h.clientId]: { roles: ['SACHBEARBEITER', 'SVN_STORNIEREN'] },
      })

      const revoke = await fetch(`${h.issuer}/token/revocation`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${h.clientId}:${h.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          token: refreshed.refresh_token,
          token_type_hint: 'refresh_token',
        }).toString(),
      })
      expect(revoke.status).toBe(200)
      const after = await tokenRequest(h, {
        grant_type: 'refresh_token',
        refresh_token: refreshed.refresh_token,
      })
      expect(after.status).toBe(400)
      expect(((await after.json()) as { error: string }).error).toBe('invalid_grant')
    } finally {
      h.roles.set('u-clerk', ['SACHBEARBEITER'])
    }
  })

  it('refuses a wrong client secret', async () => {
    const res = await fetch(`${h.issuer}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${h.clientId}:nope`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=refresh_token&refresh_token=x',
    })
    expect(res.status).toBe(401)
  })

  it('refuses refresh once the user is deactivated', async () => {
    const jar = new CookieJar()
    const tokens = await signIn(h, jar, 'clerk@alpina.example', 'correct horse')
    h.roles.delete('u-clerk')
    try {
      const res = await tokenRequest(h, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
      })
      expect(res.status).toBe(400)
    } finally {
      h.roles.set('u-clerk', ['SACHBEARBEITER'])
    }
  })
})

describe('logout and errors', () => {
  it("another account's ID token as hint still asks (ADR 722)", async () => {
    const jar = new CookieJar()
    await signIn(h, jar, 'clerk@alpina.example', 'correct horse')
    const victim = await signIn(h, new CookieJar(), 'victim@alpina.example', 'right-one')
    const params = new URLSearchParams({ id_token_hint: victim.id_token, ui_locales: 'en' })
    const page = await (await jar.fetch(`${h.issuer}/session/end?${params}`)).text()
    expect(page).toContain('Yes, sign me out')
    expect(page).toContain('No, stay signed in')
    expect(page).not.toContain('<script')
  })

  it('signs out without a question when the portal sends its ID token as hint (ADR 722)', async () => {
    const jar = new CookieJar()
    const tokens = await signIn(h, jar, 'clerk@alpina.example', 'correct horse')
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: h.postLogoutRedirectUri,
      state: 'bye',
      ui_locales: 'en',
    })
    const res = await jar.fetch(`${h.issuer}/session/end?${params}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await res.text()
    expect(page).toContain('<html lang="en">')
    expect(page).toContain('<title>Sign out – SVN Portal</title>')
    expect(page).toContain('Finishing sign-out')
    // Nothing to decline: one continue button, the form says logout=yes by itself.
    expect(page).not.toContain('stay signed in')
    expect(page.match(/<button/g)).toHaveLength(1)
    expect(page).toMatch(/<button type="submit" form="op.logoutForm" autofocus>Continue<\/button>/)
    expect(page).not.toMatch(/https:\/\/fonts/)
    // The one script (auto-submit with JS) runs by its hash; no other script could.
    expect(page.match(/<script/g)).toHaveLength(1)
    expect(page).toContain(`<script>${LOGOUT_SCRIPT}</script>`)
    expect(res.headers.get('content-security-policy')).toContain(`script-src ${LOGOUT_SCRIPT_HASH}`)
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1] ?? ''
    const fields = new URLSearchParams(
      [...page.matchAll(/<input type="hidden"[^>]*name="(\w+)" value="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]),
    )
    expect(action).toBe(`${h.issuer}/session/end/confirm`)
    expect(fields.get('logout')).toBe('yes')
    expect(fields.get('xsrf')).toBeTruthy()
    // What the browser posts: exactly the form's fields (the button has no name).
    const confirm = await jar.fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    })
    expect(confirm.status).toBe(303)
    const back = new URL(confirm.headers.get('location') ?? '')
    expect(back.href.startsWith(h.postLogoutRedirectUri)).toBe(true)
    expect(back.searchParams.get('state')).toBe('bye')

    // the session is gone: a new authorization request asks for the login again
    const again = await beginAuthorization(h, jar)
    expect(again.loginUrl).toMatch(/\/oidc\/interaction\//)
  })

  it('shows our signed-out page without post_logout_redirect_uri', async () => {
    const jar = new CookieJar()
    await signIn(h, jar, 'clerk@alpina.example', 'correct horse')
    // the success page is a request of its own: its language comes from the portal's lng cookie
    jar.set('lng', 'it')
    const page = await (await jar.fetch(`${h.issuer}/session/end?client_id=${h.clientId}`)).text()
    expect(page).toContain('<html lang="it">')
    const xsrf = page.match(/name="xsrf" value="([^"]+)"/)?.[1] ?? ''
    const confirm = await jar.fetch(`${h.issuer}/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    })
    const success = await jar.fetch(new URL(confirm.headers.get('location') ?? '', h.origin).href)
    expect(success.status).toBe(200)
    const done = await success.text()
    expect(done).toContain('<title>Disconnesso – SVN Portal</title>')
  })

  it('renders our error page instead of the default one', async () => {
    const res = await fetch(`${h.issuer}/auth?client_id=unknown&response_type=code&scope=openid`)
    expect(res.status).toBe(400)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await res.text()
    expect(page).toContain('<html lang="de">')
    expect(page).toContain('Es ist ein Fehler aufgetreten')
    expect(page).toContain('invalid_client')
    expect(page).not.toMatch(/https:\/\/fonts|oops/)
  })
})

describe('rate limiting', () => {
  it('blocks a login after 5 failures, even with the right password', async () => {
    const jar = new CookieJar()
    const { loginUrl } = await beginAuthorization(h, jar)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++)
      statuses.push((await postLogin(jar, loginUrl, 'victim@alpina.example', `guess-${i}`)).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429])
    const blocked = await postLogin(jar, loginUrl, 'Victim@alpina.example', 'right-one')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800)
    const page = await blocked.text()
    expect(page).toContain('Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in 15 Minuten erneut.')
    expect(page).toContain('value="Victim@alpina.example"')

    // other logins from the same address are not affected
    const other = await postLogin(jar, loginUrl, 'clerk@alpina.example', 'correct horse')
    expect(other.status).toBe(303)
  })
})

describe('persistence', () => {
  it('keeps keys and grants in the database, shared by an instance with its own DATA_DIR', async () => {
    const jar = new CookieJar()
    const tokens = await signIn(h, jar, 'clerk@alpina.example', 'correct horse')
    const kid = decodeProtectedHeader(tokens.access_token).kid
    expect(await readdir(h.dataDir)).toEqual([]) // nothing on the instance's disk

    // a second provider instance: same database, another (empty) DATA_DIR
    const otherDir = await mkdtemp(path.join(tmpdir(), 'idp-other-'))
    await h.restart({ dataDir: otherDir })
    await rm(otherDir, { recursive: true, force: true })
    const jwks = (await (await fetch(`${h.issuer}/jwks`)).json()) as {
      keys: Array<{ kid: string; d?: string }>
    }
    expect(jwks.keys.map((k) => k.kid)).toEqual([kid])
    expect(jwks.keys[0]?.d).toBeUndefined()

    const res = await tokenRequest(h, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    })
    expect(res.status).toBe(200)
    const refreshed = (await res.json()) as { access_token: string }
    expect(decodeProtectedHeader(refreshed.access_token).kid).toBe(kid)
    // the browser session from the first instance is still known: no login page this time
    const { loginUrl } = await beginAuthorization(h, jar).catch(() => ({ loginUrl: '' }))
    expect(loginUrl).not.toMatch(/\/interaction\//)
  })
})
