import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvPlain, csvRow, csvText } from './csv.ts'
import { parseCsv } from './testing.ts'

describe('csvText', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+41 76 123 45 67', "'+41 76 123 45 67"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
  ])('neutralises %j', (value, expected) => {
    expect(csvText(value)).toBe(expected)
  })

  it('neutralises a leading CR and quotes it', () => {
    expect(csvText('\r=1')).toBe(`"'\r=1"`)
  })

  it('quotes separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvText('a;b')).toBe('"a;b"')
    expect(csvText('say "hi"')).toBe('"say ""hi"""')
    expect(csvText('two\nlines')).toBe('"two\nlines"')
    expect(csvText('plain text, comma')).toBe('plain text, comma')
  })

  it('leaves formula characters inside the text alone', () => {
    expect(csvText('a=b')).toBe('a=b')
    expect(csvText('Müller-Meier')).toBe('Müller-Meier')
  })

  it('keeps typed numbers as numbers', () => {
    expect(csvPlain('-1.5')).toBe('-1.5')
    expect(csvPlain('2026-11-21')).toBe('2026-11-21')
  })
})

describe('rows parse back', () => {
  it('every text cell reads back as itself, with a quote in front when neutralised', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const [row] = parseCsv(csvRow(cells.map(csvText)))
        expect(row).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)))
      }),
      { numRuns: 60 },
    )
  })

  it('the reader rejects what RFC 4180 does not allow', () => {
    expect(() => parseCsv('a;b\n')).toThrow()
    expect(() => parseCsv('"a\r\n')).toThrow()
    expect(() => parseCsv('a"b\r\n')).toThrow()
    expect(parseCsv('a;"b;c"\r\n;\r\n')).toEqual([
      ['a', 'b;c'],
      ['', ''],
    ])
  })
})
