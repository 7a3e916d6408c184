import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSetupLink } from './index.ts'
import { CookieJar, signIn, startHarness, type Harness } from './testing/harness.ts'

let h: Harness

beforeAll(async () => {
  h = await startHarness()
  h.roles.set('u-new', ['SVN_SUCHEN'])
})

afterAll(async () => {
  await h?.close()
})

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

describe('password setup link (user migration)', () => {
  it('sets the password once; then login works and the link is dead', async () => {
    const token = await createSetupLink(h.handle.db, { subject: 'u-new', login: 'new.clerk@alpina.example' })
    const url = `${h.issuer}/setup/${token}`

    // No password yet: login fails.
    await expect(signIn(h, new CookieJar(), 'new.clerk@alpina.example', 'a-long-password')).rejects.toThrow()

    const page = await fetch(url, { headers: { cookie: 'lng=fr' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.headers.get('referrer-policy')).toBe('same-origin')
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain('<title>Définir le mot de passe – SVN Portal</title>')
    expect(html).toContain('new.clerk@alpina.example')
    expect(html).toContain(`action="/oidc/setup/${token}"`)

    const short = await fetch(url, form({ password: 'short', confirm: 'short' }))
    expect(short.status).toBe(200)
    const shortHtml = await short.text()
    expect(shortHtml).toContain('<title>Fehler: Passwort festlegen – SVN Portal</title>')
    expect(shortHtml).toContain('mindestens 10 Zeichen')
    // ASVS 6.2: neither a common password nor one containing the e-mail address (ADR 723),
    // any case, translated; the password is not saved.
    const common = await fetch(url, {
      ...form({ password: 'Qwertyuiop', confirm: 'Qwertyuiop' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lng=en' },
    })
    expect(common.status).toBe(200)
    expect(await common.text()).toContain('This password is one of the 10,000 most common')
    const withLogin = await (
      await fetch(url, form({ password: 'New.Clerk-2026!', confirm: 'New.Clerk-2026!' }))
    ).text()
    expect(withLogin).toContain('Das Passwort darf Ihre E-Mail-Adresse nicht enthalten')
    await expect(signIn(h, new CookieJar(), 'new.clerk@alpina.example', 'Qwertyuiop')).rejects.toThrow()

    const mismatch = await (
      await fetch(url, form({ password: 'a-long-password', confirm: 'another-one' }))
    ).text()
    expect(mismatch).toContain('Die Passwörter stimmen nicht überein')
    // The summary names each field by its label (issue 20): first in <main>, linking to the input.
    expect(shortHtml).toMatch(
      /<main id="main" tabindex="-1">\s*<div class="card"><div\s+class="error-summary"[^>]*autofocus\s*>[^]*<a href="#password">Neues Passwort: Das Passwort muss mindestens 10 Zeichen lang sein<\/a>/,
    )
    expect(mismatch).toContain(
      '<a href="#confirm">Passwort wiederholen: Die Passwörter stimmen nicht überein</a>',
    )

    const done = await fetch(url, form({ password: 'a-long-password', confirm: 'a-long-password' }))
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Passwort gespeichert')

    const tokens = await signIn(h, new CookieJar(), 'new.clerk@alpina.example', 'a-long-password')
    expect(tokens.access_token).toBeTruthy()

    const reuse = await fetch(url, form({ password: 'taken-over-pw', confirm: 'taken-over-pw' }))
    expect(reuse.status).toBe(404)
    expect(await reuse.text()).toContain('Link ungültig')
    expect((await fetch(url)).status).toBe(404)
    await expect(signIn(h, new CookieJar(), 'new.clerk@alpina.example', 'taken-over-pw')).rejects.toThrow()
  })

  it('refuses unknown, malformed and expired tokens, escaping nothing back', async () => {
    expect((await fetch(`${h.issuer}/setup/${'x'.repeat(43)}`)).status).toBe(404)
    const evil = await fetch(`${h.issuer}/setup/%3Cscript%3E`)
    expect(evil.status).toBe(404)
    expect(await evil.text()).not.toContain('<script>')
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000)
    const expired = await createSetupLink(h.handle.db, { subject: 'u-old', login: 'old@alpina.example' }, old)
    expect((await fetch(`${h.issuer}/setup/${expired}`)).status).toBe(404)
  })

  it('refuses a login that already has an account', async () => {
    await expect(
      createSetupLink(h.handle.db, { subject: 'u-dup', login: 'NEW.clerk@alpina.example' }),
    ).rejects.toThrow(/already exists/)
  })
})
