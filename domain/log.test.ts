import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { configureLog, errorText, logEvent, redactSecrets } from './log.ts'

let lines: string[] = []
const restore = configureLog({ level: 'debug', write: (l) => lines.push(l) })
afterEach(() => {
  lines = []
})
afterAll(() => configureLog(restore))

describe('secrets never reach the log (ADR 703)', () => {
  it.each([
    ['/oidc/setup/Qx7-abc_DEF123', '/oidc/setup/[redacted]'],
    ['/oidc/setup/Qx7-abc_DEF123/password', '/oidc/setup/[redacted]/password'],
    ['/auth/callback?code=c0de&state=st4te&iss=x', '/auth/callback?code=[redacted]&state=[redacted]&iss=x'],
    [
      'https://h/oidc/session/end?id_token_hint=eyJhbGc.eyJzdWI.sig&post_logout_redirect_uri=https://h/logout',
      'https://h/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=https://h/logout',
    ],
    [
      'fetch https://h/x?token=t0k&access_token=a&refresh_token=r failed',
      'fetch https://h/x?token=[redacted]&access_token=[redacted]&refresh_token=[redacted] failed',
    ],
    ['body client_secret=s3cret&password=hunter2', 'body client_secret=[redacted]&password=[redacted]'],
    ['/svn/search?name=Muster', '/svn/search?name=Muster'],
  ])('%s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected)
  })

  it('logEvent redacts every string field; errorText redacts message and stack', () => {
    logEvent('warn', 'login.failure', {
      detail: 'invalid_grant for /auth/callback?code=c0de-v4lue&state=st4te',
    })
    const error = new Error('request to https://idp/token?code=c0de-v4lue failed')
    const text = lines.join('') + errorText(error)
    expect(text).not.toContain('c0de-v4lue')
    expect(text).not.toContain('st4te')
    expect(text).toContain('code=[redacted]')
  })
})
