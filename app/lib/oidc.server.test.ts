import { describe, expect, it } from 'vitest'
import { needsRefresh } from './oidc.server.ts'

describe('needsRefresh (75 % of the lifetime)', () => {
  const issued = 1_000_000
  const expires = issued + 300_000
  it('waits until three quarters have passed', () => {
    expect(needsRefresh(issued, expires, issued + 224_999)).toBe(false)
    expect(needsRefresh(issued, expires, issued + 225_000)).toBe(true)
    expect(needsRefresh(issued, expires, expires + 1)).toBe(true)
  })
})
