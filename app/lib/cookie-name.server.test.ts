import { describe, expect, it } from 'vitest'
import { rememberWanted } from './auth.server.ts'
import type { PortalConfig } from './context.ts'
import { csrfToken } from './csrf.server.ts'
import { languageSetCookie } from './i18n.server.ts'
import { sessionCookie } from './session.server.ts'
import { redirectWithMessage } from './toast.server.ts'

const config = (secure: boolean) =>
  ({
    origin: secure ? 'https://svn.example.ch' : 'http://localhost:3000',
    secure,
    sessionSecret: 'secret-for-tests-secret-for-tests',
  }) as PortalConfig

/** The names of the cookies the portal sets, and each Set-Cookie line. */
async function portalCookies(secure: boolean): Promise<string[]> {
  const c = config(secure)
  const toast = await redirectWithMessage(c, '/svn/search', { type: 'success', message: 'common.ok' })
  return [
    await sessionCookie(secure, c.sessionSecret).serialize('id'),
    (await csrfToken(new Request('https://x/'), c, null)).setCookie!,
    (await rememberWanted(c, '/svn/search'))!,
    languageSetCookie('fr', secure),
    ...toast.headers.getSetCookie(),
  ]
}

describe('cookies over https are __Host- cookies (ADR 705)', () => {
  it('session, CSRF, return-to, language and message cookies: __Host-, Secure, Path=/, no Domain', async () => {
    const lines = await portalCookies(true)
    expect(lines).toHaveLength(5)
    for (const line of lines) {
      expect(line).toMatch(/^__Host-/)
      expect(line).toMatch(/;\s*Secure/i)
      expect(line).toMatch(/;\s*Path=\/(;|$)/i)
      expect(line).not.toMatch(/Domain=/i)
    }
  })

  it('over plain http on localhost the names stay short (browsers refuse __Host- without https)', async () => {
    for (const line of await portalCookies(false)) expect(line).not.toMatch(/^__Host-/)
  })
})
