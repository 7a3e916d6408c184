import { describe, expect, it } from 'vitest'
import { countKeysFor, isFresh, NAV_COUNTS_TTL_MS } from './nav-counts.server.ts'

describe('menu counts', () => {
  it('asks only for the entries the user sees', () => {
    expect(
      countKeysFor(['SVN_SUCHEN', 'SVN_NICHT_EINGELOEST', 'IV_AV_MELDUNGEN', 'AE_ZURUECKGEWIESEN']),
    ).toEqual(['svn', 'ivav', 'ae'])
    expect(countKeysFor(['SVN_SUCHEN', 'IV_AV_MELDUNGEN'])).toEqual(['ivav'])
    expect(countKeysFor(['ADMIN', 'GROUP_ADMIN'])).toEqual([])
  })

  it('reuses counts for 30 s only', () => {
    const cached = { at: 1_000_000, values: { svn: 2 } }
    expect(isFresh(cached, 1_000_000)).toBe(true)
    expect(isFresh(cached, 1_000_000 + NAV_COUNTS_TTL_MS - 1)).toBe(true)
    expect(isFresh(cached, 1_000_000 + NAV_COUNTS_TTL_MS)).toBe(false)
    expect(isFresh(cached, 999_000)).toBe(false) // a clock that went back does not keep them forever
    expect(isFresh(undefined, 1_000_000)).toBe(false)
  })
})
