import { describe, expect, it } from 'vitest'
import { isUnavailable } from './unavailable.ts'

describe('isUnavailable', () => {
  it('knows connection failures, also wrapped as causes', () => {
    expect(isUnavailable(Object.assign(new Error('x'), { code: 'CONNECTION_CLOSED' }))).toBe(true)
    expect(isUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true)
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    expect(isUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(true)
    expect(isUnavailable(new Error('Failed query', { cause: new Error('inner', { cause: refused }) }))).toBe(
      true,
    )
    expect(isUnavailable(new DOMException('timed out', 'TimeoutError'))).toBe(true)
  })

  it('leaves real errors alone', () => {
    expect(isUnavailable(new Error('boom'))).toBe(false)
    expect(isUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isUnavailable(null)).toBe(false)
    expect(isUnavailable('ECONNREFUSED')).toBe(false)
  })
})
