import { describe, expect, it } from 'vitest'
import type { PortalConfig } from './context.ts'
import { readToast, redirectWithMessage } from './toast.server.ts'

const config = { sessionSecret: 's'.repeat(32), secure: false } as PortalConfig
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
const page = (cookie: string) => new Request('http://x/svn/search', { headers: { cookie } })

describe('readToast', () => {
  it('reads nothing and sets no cookie when the request has no toast cookie', async () => {
    const { toast, headers } = await readToast(config, page('svn_session=abc'))
    expect(toast).toBeNull()
    expect(headers.getSetCookie()).toEqual([])
  })

  it('shows a message once, then drops the cookie instead of signing it again empty', async () => {
    const redirect = await redirectWithMessage(config, '/svn/search', { type: 'success', message: 'x.y' })
    const first = await readToast(config, page(cookieOf(redirect.headers)))
    expect(first.toast).toEqual({ type: 'success', message: 'x.y' })
    const second = await readToast(config, page(cookieOf(first.headers)))
    expect(second.toast).toBeNull()
    expect(second.headers.getSetCookie()).toEqual([expect.stringMatching(/^svn_toast=; .*Max-Age=0/)])
  })
})
