import { describe, expect, it } from 'vitest'
import { attachment } from './files.server.ts'

describe('download headers', () => {
  it('names the attachment in ASCII and exactly (RFC 5987)', () => {
    expect(attachment('SVN_1001_20260101T080000Z.xml')).toBe(
      `attachment; filename="SVN_1001_20260101T080000Z.xml"; filename*=UTF-8''SVN_1001_20260101T080000Z.xml`,
    )
    expect(attachment('Zürich "x".csv')).toBe(
      `attachment; filename="Z_rich _x_.csv"; filename*=UTF-8''Z%C3%BCrich%20%22x%22.csv`,
    )
  })
})
