import { type APIResponse } from '@playwright/test'
import {
  cookies,
  csrfFromPage,
  isIdpLoginUrl,
  jsEnabled,
  JWT_PATTERN,
  loginAs,
  SESSION_COOKIE,
  sessionCookie,
  expect,
  test,
} from './support.ts'

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) map.set(name.toLowerCase(), values)
  }
  return map
}

function expectStrictPortalCsp(response: APIResponse | { headers(): Record<string, string> }) {
  const csp = response.headers()['content-security-policy']
  expect(csp, 'Content-Security-Policy header').toBeTruthy()
  const d = directives(csp ?? '')
  const scriptSrc = d.get('script-src') ?? []
  expect(
    scriptSrc.some((v) => /^'nonce-[A-Za-z0-9+/=_-]{16,}'$/.test(v)),
    `script-src ${scriptSrc.join(' ')}`,
  ).toBe(true)
  expect(scriptSrc).not.toContain("'unsafe-inline'")
  expect(scriptSrc).not.toContain("'unsafe-eval'")
  expect(d.get('object-src')).toEqual(["'none'"])
  expect(d.get('base-uri')).toEqual(["'none'"])
  expect(d.get('frame-ancestors')).toEqual(["'none'"])
  expect(response.headers()['x-content-type-options']).toBe('nosniff')
  return scriptSrc.find((v) => v.startsWith("'nonce-"))!.slice(7, -1)
}

const FOREIGN = 'https://evil.example'

test.describe('security', () => {
  test('portal pages carry a strict CSP with a fresh nonce that the scripts use', async ({ request }) => {
    const nonces = new Set<string>()
    for (const path of ['/no-permission', '/404', '/error', '/accessdenied', '/refused']) {
      const response = await request.get(path, { maxRedirects: 0 })
      const nonce = expectStrictPortalCsp(response)
      nonces.add(nonce)
      const html = await response.text()
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
      expect(scripts.length, `scripts on ${path}`).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag, `script tag on ${path}`).toContain(`nonce="${nonce}"`)
    }
    expect(nonces.size, 'a new nonce per response').toBe(5)
  })

  test('the IdP login page forbids framing, base and plugins as well', async ({ page }) => {
    const response = await page.goto('/login')
    await expect(page).toHaveURL(isIdpLoginUrl)
    const headers = await response!.allHeaders()
    const d = directives(headers['content-security-policy'] ?? '')
    expect(d.get('frame-ancestors')).toEqual(["'none'"])
    expect(d.get('base-uri')).toEqual(["'none'"])
    const scripts = d.get('script-src') ?? d.get('default-src') ?? []
    expect(scripts).not.toContain("'unsafe-inline'")
    expect(d.get('object-src') ?? d.get('default-src')).toEqual(["'none'"])
    expect(headers['x-content-type-options']).toBe('nosniff')
  })

  test('an authenticated page is strict, not cacheable and leaks no token', async ({ page }, testInfo) => {
    await loginAs(page, 'clerk@alpina.example')
    const response = await page.goto('/svn/search')
    expect(response?.status()).toBe(200)
    const headers = await response!.allHeaders()
    expectStrictPortalCsp({ headers: () => headers })
    expect(headers['cache-control']).toContain('no-store')

    const html = await page.content()
    expect(html).not.toMatch(JWT_PATTERN)
    const raw = await (await page.request.get('/svn/search')).text()
    expect(raw).not.toMatch(JWT_PATTERN)
    const dataRequest = await page.request.get('/svn/search.data')
    const data = await dataRequest.text()
    expect(data).not.toMatch(JWT_PATTERN)
    // No internal register URL (http://127.0.0.1:PORT/svnwebaccess) in the page or its data (ADR 705).
    for (const text of [html, raw, data]) expect(text).not.toMatch(/127\.0\.0\.1|\/svnwebaccess/)

    for (const c of await cookies(page)) {
      expect(c.value, `cookie ${c.name}`).not.toMatch(JWT_PATTERN)
      expect(decodeURIComponent(c.value), `cookie ${c.name}`).not.toMatch(JWT_PATTERN)
    }
    if (jsEnabled(testInfo)) {
      const storage = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      )
      expect(storage).not.toMatch(JWT_PATTERN)
    }
  })

  test('the session cookie is HttpOnly and SameSite=Lax', async ({ page }) => {
    await loginAs(page, 'reader@alpina.example')
    const session = await sessionCookie(page)
    expect(session, `cookie ${SESSION_COOKIE}`).toBeDefined()
    expect(session!.httpOnly).toBe(true)
    expect(session!.sameSite).toBe('Lax')
    expect(session!.path).toBe('/')
    for (const c of await cookies(page)) {
      if (c.name !== 'lng') expect(c.httpOnly, `cookie ${c.name} HttpOnly`).toBe(true)
    }
  })

  for (const path of ['/language', '/logout', '/nav']) {
    test(`POST ${path} with a foreign Origin answers 403`, async ({ page }) => {
      await page.goto('/no-permission')
      const csrf = await csrfFromPage(page)
      const response = await page.request.post(path, {
        headers: { Origin: FOREIGN },
        form: { csrf, lng: 'fr', open: 'false', returnTo: '/no-permission' },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(403)
      // A foreign Referer without Origin is refused too.
      const byReferer = await page.request.post(path, {
        headers: { Referer: `${FOREIGN}/page` },
        form: { csrf, lng: 'fr', open: 'false', returnTo: '/no-permission' },
        maxRedirects: 0,
      })
      expect(byReferer.status()).toBe(403)
    })

    test(`POST ${path} from our origin without or with a wrong csrf field answers 403`, async ({
      page,
      baseURL,
    }) => {
      await page.goto('/no-permission')
      const csrf = await csrfFromPage(page)
      const origin = new URL(baseURL!).origin
      const without = await page.request.post(path, {
        headers: { Origin: origin },
        form: { lng: 'fr', open: 'false', returnTo: '/no-permission' },
        maxRedirects: 0,
      })
      expect(without.status()).toBe(403)
      const wrong = await page.request.post(path, {
        headers: { Origin: origin },
        form: { csrf: `${csrf.slice(0, -2)}xx`, lng: 'fr', open: 'false', returnTo: '/no-permission' },
        maxRedirects: 0,
      })
      expect(wrong.status()).toBe(403)
      // With the right token the same request goes through (a redirect back).
      const right = await page.request.post(path, {
        headers: { Origin: origin },
        form: { csrf, lng: 'fr', open: 'false', returnTo: '/no-permission' },
        maxRedirects: 0,
      })
      expect(right.status()).toBe(302)
    })
  }

  test('a form body over the 1 MiB form limit: 413 with the translated message, nothing saved', async ({
    page,
    baseURL,
  }) => {
    // Issue 17 item 4, ADR 711: ordinary forms are small; only the upload screens take 11 MiB.
    await page.goto('/no-permission')
    const csrf = await csrfFromPage(page)
    const big = {
      name: 'big.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(2 * 1024 * 1024),
    }
    const response = await page.request.post('/language', {
      headers: { Origin: new URL(baseURL!).origin },
      multipart: { csrf, lng: 'fr', returnTo: '/no-permission', file: big },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(413)
    expect(await response.text()).toBe(
      'Die gesendeten Daten sind zu gross (höchstens 1\u00a0MB). Es wurde nichts gespeichert.',
    )
    // A screen answers with its error page, in the user's language.
    const screen = await page.request.post('/no-permission', {
      headers: { Origin: new URL(baseURL!).origin },
      multipart: { csrf, file: big },
      maxRedirects: 0,
    })
    expect(screen.status()).toBe(413)
    expect(screen.headers()['content-type']).toMatch(/^text\/html/)
    expect(await screen.text()).toContain('Die gesendeten Daten sind zu gross (höchstens 1\u00a0MB).')
    // The language did not change.
    await page.goto('/no-permission')
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/)
  })

  // Issue 17 item 3, ADR 710: each form of a foreign or disguised target sends the user home instead.
  const FOREIGN_TARGETS = [
    '//evil.example/x',
    '/..//evil.example',
    '/.//evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\\evil.example',
    '/%09/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ]
  for (const [path, fields] of [
    ['/language', { lng: 'it' }],
    ['/nav', { open: 'false' }],
    ['/settings/shortcuts', { enabled: 'true' }],
  ] as const) {
    test(`POST ${path} never redirects to a foreign returnTo`, async ({ page, baseURL }) => {
      await loginAs(page, 'reader@alpina.example')
      const csrf = await csrfFromPage(page)
      for (const returnTo of FOREIGN_TARGETS) {
        const response = await page.request.post(path, {
          headers: { Origin: new URL(baseURL!).origin },
          form: { csrf, ...fields, returnTo },
          maxRedirects: 0,
        })
        expect(response.status(), returnTo).toBe(302)
        expect(response.headers()['location'], returnTo).toBe('/')
      }
    })
  }

  test('GET /language with a foreign returnTo goes home', async ({ page }) => {
    for (const returnTo of FOREIGN_TARGETS) {
      const response = await page.request.get(`/language?lng=fr&returnTo=${encodeURIComponent(returnTo)}`, {
        maxRedirects: 0,
      })
      expect(response.status(), returnTo).toBe(302)
      expect(response.headers()['location'], returnTo).toBe('/')
    }
  })
})
