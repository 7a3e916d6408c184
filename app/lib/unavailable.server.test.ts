import { isRouteErrorResponse } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isServiceUnavailable, noteError } from './unavailable.server.ts'

function refusedFetch() {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
  return new TypeError('fetch failed', { cause: refused })
}

describe('noteError and isServiceUnavailable', () => {
  afterEach(() => vi.restoreAllMocks())

  it('turns a dependency error into the 503 route response in place', () => {
    const error = refusedFetch()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    noteError(error)
    expect(isRouteErrorResponse(error)).toBe(true)
    expect(error).toMatchObject({ status: 503, data: { unavailable: 'service' } })
  })

  it('still knows that error as "unavailable" afterwards (one error object shared by waiting requests)', () => {
    const shared = refusedFetch()
    expect(isServiceUnavailable(shared)).toBe(true)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    noteError(shared) // request A's handleError
    expect(isServiceUnavailable(shared)).toBe(true) // request B's catch: keep the session, answer 503
  })

  it('leaves other errors as they are, and logs them', () => {
    const error = new Error('boom at /auth/callback?code=c0de-value')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    noteError(error)
    expect(isRouteErrorResponse(error)).toBe(false)
    expect(isServiceUnavailable(error)).toBe(false)
    // with its message and stack, the code redacted (ADR 703)
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^Error: boom at \/auth\/callback\?code=\[redacted\]\n\s+at /),
    )
  })
})
