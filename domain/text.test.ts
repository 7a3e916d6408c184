import { describe, expect, it } from 'vitest'
import { storable, toStorable } from './text.ts'

describe('storable', () => {
  it('accepts any text a keyboard types, including characters outside the BMP', () => {
    expect(storable('Zürich – Genève 🚤 ß')).toBe(true)
    expect(storable('')).toBe(true)
  })

  it('refuses U+0000 and unpaired surrogates (PostgreSQL text and jsonb cannot hold them)', () => {
    expect(storable('a\u0000b')).toBe(false)
    expect(storable('\ud800')).toBe(false)
    expect(storable('x\udc00')).toBe(false)
    expect(storable('\ud83d\udea4\ud800')).toBe(false)
  })

  it('answers the same on every call (no state kept between calls)', () => {
    for (let i = 0; i < 3; i++) expect(storable('ok\ud800')).toBe(false)
  })
})

describe('toStorable', () => {
  it('drops U+0000, replaces a lone surrogate with U+FFFD and keeps pairs', () => {
    expect(toStorable('a\u0000b\ud800c\ud83d\udea4')).toBe('ab\ufffdc\ud83d\udea4')
    expect(storable(toStorable('\udc00\u0000\ud800'))).toBe(true)
  })
})
