import { afterEach, describe, expect, it, vi } from 'vitest'
import { followRefusal, refusalPage, refusedBack } from './refusal.ts'

describe('the refusal of a form of an earlier login (ADR 303)', () => {
  it('links to the refusal page with the way back encoded in its query', () => {
    expect(refusalPage('/svn/create?new=1&x=a b')).toBe('/refused?back=%2Fsvn%2Fcreate%3Fnew%3D1%26x%3Da+b')
    expect(new URL(refusalPage('/a?b=c#d'), 'http://x').searchParams.get('back')).toBe('/a?b=c#d')
  })

  it("reads the way back only from a refusal's 403", () => {
    expect(refusedBack(403, { back: '/svn/import' })).toBe('/svn/import')
    expect(refusedBack(413, { back: '/svn/import' })).toBeNull()
    expect(refusedBack(403, 'Forbidden')).toBeNull()
    expect(refusedBack(403, { back: 7 })).toBeNull()
    expect(refusedBack(403, null)).toBeNull()
  })

  afterEach(() => vi.unstubAllGlobals())

  it("sends an upload script's refusal to the refusal page, and nothing else", () => {
    const assign = vi.fn()
    vi.stubGlobal('window', { location: { assign } })
    expect(followRefusal(413, { error: 'Zu gross.' })).toBe(false)
    expect(followRefusal(403, null)).toBe(false)
    expect(assign).not.toHaveBeenCalled()
    expect(followRefusal(403, { back: '/logo' })).toBe(true)
    expect(assign).toHaveBeenCalledWith('/refused?back=%2Flogo')
  })
})
