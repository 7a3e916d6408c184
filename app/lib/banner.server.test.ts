import { describe, expect, it } from 'vitest'
import { bannerToday, holidayBanner } from './banner.server.ts'

const at = (iso: string) => () => new Date(iso)
const req = (url: string, cookie?: string) =>
  new Request(`http://localhost${url}`, cookie ? { headers: { Cookie: cookie } } : {})

describe('bannerToday', () => {
  it('takes today from the clock, in Zurich', () => {
    expect(bannerToday({ debugPages: false, secure: false }, req('/'), at('2025-12-31T23:30:00Z'))).toEqual({
      today: '2026-01-01',
      setCookie: null,
    })
  })

  it('ignores the override unless debug pages are on', () => {
    const off = bannerToday(
      { debugPages: false, secure: false },
      req('/?today=2026-12-24', 'svn_debug_today=2026-08-01'),
      at('2026-03-03T10:00:00Z'),
    )
    expect(off).toEqual({ today: '2026-03-03', setCookie: null })
  })

  it('with debug pages: ?today sets a cookie, the cookie is used later, ?today= clears it', () => {
    const config = { debugPages: true, secure: true }
    const set = bannerToday(config, req('/?today=2026-12-24'), at('2026-03-03T10:00:00Z'))
    expect(set.today).toBe('2026-12-24')
    expect(set.setCookie).toMatch(
      /^svn_debug_today=2026-12-24; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax; Secure$/,
    )
    expect(
      bannerToday(config, req('/x', 'a=b; svn_debug_today=2026-08-01'), at('2026-03-03T10:00:00Z')),
    ).toEqual({
      today: '2026-08-01',
      setCookie: null,
    })
    const clear = bannerToday(
      config,
      req('/?today=', 'svn_debug_today=2026-08-01'),
      at('2026-03-03T10:00:00Z'),
    )
    expect(clear.today).toBe('2026-03-03')
    expect(clear.setCookie).toMatch(/Max-Age=0/)
    expect(bannerToday(config, req('/', 'svn_debug_today=garbage'), at('2026-03-03T10:00:00Z')).today).toBe(
      '2026-03-03',
    )
  })
})

describe('holidayBanner', () => {
  const t = (key: string) => `T(${key})`
  it('gives three translated greetings and the current one on a holiday', () => {
    expect(holidayBanner('2026-08-01', t, 360_000)).toEqual({
      holiday: 'nationalDay',
      messages: [
        'T(banner.nationalDay.greeting1)',
        'T(banner.nationalDay.greeting2)',
        'T(banner.nationalDay.greeting3)',
      ],
      index: 1,
    })
  })

  it('is null on other days', () => {
    expect(holidayBanner('2026-08-02', t)).toBeNull()
  })
})
