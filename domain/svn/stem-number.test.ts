import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stemCheckDigit, stemNumberError, isValidStemNumber, withCheckDigit } from './stem-number.ts'

const body = fc.stringMatching(/^\d{8,11}$/)

describe('Stammnummer rule', () => {
  it('computes the check digit with weights 2..7 from the right, mod 11, 0 above 9', () => {
    // 12345678: weights from the right 2,3,4,5,6,7,2,3 → 8*2+7*3+6*4+5*5+4*6+3*7+2*2+1*3 = 138; 138 mod 11 = 6
    expect(stemCheckDigit('12345678')).toBe(6)
    expect(isValidStemNumber('123456786')).toBe(true)
    expect(isValidStemNumber('123.456.786')).toBe(true)
    // A body whose sum mod 11 is 10 gets check digit 0: 5*2 = 10.
    expect(stemCheckDigit('00000005')).toBe(0)
  })

  it('accepts every generated valid number, with or without separators', () => {
    fc.assert(
      fc.property(body, (b) => {
        const number = withCheckDigit(b)
        expect(isValidStemNumber(number)).toBe(true)
        expect(isValidStemNumber(number.replace(/(\d{3})(?=\d)/g, '$1.'))).toBe(true)
      }),
    )
  })

  it('rejects any other check digit', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 9 }), (b, digit) => {
        fc.pre(digit !== stemCheckDigit(b))
        expect(stemNumberError(b + String(digit))).toBe('checkDigit')
      }),
    )
  })

  it('rejects fewer than 9 or more than 12 digits', () => {
    expect(stemNumberError('12345678')).toBe('length')
    expect(stemNumberError('1234567890123')).toBe('length')
    expect(stemNumberError('')).toBe('length')
  })
})
