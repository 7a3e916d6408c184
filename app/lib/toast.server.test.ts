import { describe, expect, it } from 'vitest'
import type { PortalConfig } from './context.ts'
import type { TranslationKey } from './i18n-keys.ts'
import { readToast, redirectWithMessage, type Toast } from './toast.server.ts'

const config = {
  origin: 'http://localhost:3000',
  secure: false,
  sessionSecret: 'secret-for-tests-secret-for-tests',
} as PortalConfig
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
const page = (cookie: string) => new Request('http://localhost:3000/svn/search', { headers: { cookie } })

/** The toast the next page reads after a redirect that set it. */
async function roundTrip(toast: Toast): Promise<Toast | null> {
  const response = await redirectWithMessage(config, '/svn/search', toast)
  return (await readToast(config, page(cookieOf(response.headers)))).toast
}

describe('readToast', () => {
  it('reads nothing and sets no cookie when the request has no toast cookie', async () => {
    const { toast, headers } = await readToast(config, page('svn_session=abc'))
    expect(toast).toBeNull()
    expect(headers.getSetCookie()).toEqual([])
  })

  it('shows a message once, then drops the cookie instead of signing it again empty', async () => {
    const redirect = await redirectWithMessage(config, '/svn/search', {
      type: 'success',
      message: 'admin.users.saved',
    })
    const first = await readToast(config, page(cookieOf(redirect.headers)))
    expect(first.toast).toEqual({ type: 'success', message: 'admin.users.saved' })
    const second = await readToast(config, page(cookieOf(first.headers)))
    expect(second.toast).toBeNull()
    expect(second.headers.getSetCookie()).toEqual([expect.stringMatching(/^svn_toast=; .*Max-Age=0/)])
  })
})

describe('toast cookie (ADR 800: only catalogue keys reach t())', () => {
  it('carries a message key and its values to the next page', async () => {
    const toast: Toast = { type: 'success', message: 'admin.users.saved', values: { name: 'Muster' } }
    expect(await roundTrip(toast)).toEqual(toast)
  })

  it('drops a message whose key is not in the catalogue (e.g. set before a deployment removed it)', async () => {
    // The type forbids this key; the cookie comes from outside the type system.
    const stale = 'admin.users.removedLongAgo' as TranslationKey
    expect(await roundTrip({ type: 'success', message: stale })).toBeNull()
  })
})
