import { describe, expect, it } from 'vitest'
import { createSvnSchema } from '../domain/svn/create.ts'
import { zurichDay } from '../domain/svn/dates.ts'
import { SvnSearchSchema } from '../domain/svn/search.ts'
import { postedValues } from '../app/lib/svn-create.server.ts'
import { createFormBody, loadOptions, percentile, searchPath } from './load.ts'

/** The load mix must send what the screens accept, or the figures would measure error pages. */
describe('bench/load.ts', () => {
  it('posts a create form the create schema accepts, with the CSRF and form tokens', () => {
    const body = new URLSearchParams(createFormBody(7, 'c'.repeat(43), 'token-1234'))
    expect(body.get('intent')).toBe('create')
    expect(body.get('csrf')).toBe('c'.repeat(43))
    expect(body.get('formToken')).toBe('token-1234')
    const form = new FormData()
    for (const [k, v] of body) form.set(k, v)
    const values = postedValues(form)
    expect(values.halter.person.name).toBe('Last7')
    const parsed = createSvnSchema({ today: zurichDay(new Date()), canWikC: false }).safeParse(values)
    expect(parsed.error?.issues).toBeUndefined()
  })

  it('searches with filters the search schema accepts', () => {
    let seed = 1
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    for (let i = 0; i < 200; i++) {
      const url = new URL(searchPath(random), 'http://x')
      expect(url.pathname).toBe('/svn/search')
      const { page: _page, ...fields } = Object.fromEntries(url.searchParams)
      expect(Object.keys(fields).length).toBeGreaterThan(0)
      expect(SvnSearchSchema.safeParse(fields).error?.issues).toBeUndefined()
    }
  })

  it('takes nearest-rank percentiles and reads its overrides', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(sorted, 50)).toBe(50)
    expect(percentile(sorted, 99)).toBe(99)
    expect(percentile([], 50)).toBe(0)
    expect(loadOptions({})).toEqual({ connections: 200, durationS: 60 })
    expect(loadOptions({ LOAD_CONNECTIONS: '20', LOAD_DURATION_S: '10' })).toEqual({
      connections: 20,
      durationS: 10,
    })
  })
})
