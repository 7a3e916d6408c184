import { describe, expect, it } from 'vitest'
import { isSameOriginRequest } from './security.ts'

const ours = 'http://localhost:3000'

describe('isSameOriginRequest', () => {
  it('lets safe methods through', () => {
    expect(isSameOriginRequest('GET', 'https://evil.example', undefined, ours)).toBe(true)
  })
  it('accepts our Origin and refuses others, including "null"', () => {
    expect(isSameOriginRequest('POST', ours, undefined, ours)).toBe(true)
    expect(isSameOriginRequest('POST', 'https://evil.example', `${ours}/x`, ours)).toBe(false)
    expect(isSameOriginRequest('POST', 'null', undefined, ours)).toBe(false)
  })
  it('falls back to the Referer', () => {
    expect(isSameOriginRequest('POST', undefined, `${ours}/svn/search`, ours)).toBe(true)
    expect(isSameOriginRequest('DELETE', undefined, 'https://evil.example/', ours)).toBe(false)
    expect(isSameOriginRequest('POST', undefined, 'not a url', ours)).toBe(false)
  })
})
