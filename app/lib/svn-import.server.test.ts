import { describe, expect, it } from 'vitest'
import { refusalFromUrl, refusalHref, resultHref } from './svn-import.server.ts'

describe('import screen URLs', () => {
  it('carries the counts of an import', () => {
    expect(resultHref({ imported: 12, failed: 3 })).toBe('/svn/import?imported=12&failed=3')
  })

  it('carries a refusal and reads it back; unknown problems are ignored', () => {
    const href = refusalHref('missingColumns', ['Halter Name', 'Kanton'])
    const params = new URL(href, 'http://x').searchParams
    expect(refusalFromUrl(params)).toEqual({ problem: 'missingColumns', columns: ['Halter Name', 'Kanton'] })
    expect(refusalFromUrl(new URLSearchParams('problem=nonsense'))).toBeNull()
    expect(refusalFromUrl(new URLSearchParams(''))).toBeNull()
  })
})
