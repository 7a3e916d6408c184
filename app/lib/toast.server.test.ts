import { describe, expect, it } from 'vitest'
import type { PortalConfig } from './context.ts'
import type { TranslationKey } from './i18n-keys.ts'
import { readToast, redirectWithMessage, type Toast } from './toast.server.ts'

const config = {
  origin: 'http://localhost:3000',
  secure: false,
  sessionSecret: 'secret-for-tests-secret-for-tests',
} as PortalConfig

/** The toast the next page reads after a redirect that set it. */
async function roundTrip(toast: Toast): Promise<Toast | null> {
  const response = await redirectWithMessage(config, '/svn/search', toast)
  const cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  return (
    await readToast(config, new Request('http://localhost:3000/svn/search', { headers: { Cookie: cookie } }))
  ).toast
}

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
