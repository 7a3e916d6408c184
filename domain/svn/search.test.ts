import { describe, expect, it } from 'vitest'
import { CANTONS } from './cantons.ts'
import { formatDate, formatPlate, formatStammNr } from './display.ts'
import { SvnSearchSchema } from './search.ts'
import { addDays, isIsoDay, zurichDay } from './dates.ts'

describe('search schema (spec §5)', () => {
  it('drops empty values, strips stammNr separators and applies defaults', () => {
    const parsed = SvnSearchSchema.parse({ name: '', stammNr: '123.456.786', canton: 'ZH', sort: '' })
    expect(parsed).toEqual({
      stammNr: '123456786',
      canton: 'ZH',
      sort: 'sVnId',
      order: 'asc',
      page: 1,
      pageSize: 100,
    })
    expect(SvnSearchSchema.parse({ page: ' 2 ', pageSize: '15' })).toMatchObject({ page: 2, pageSize: 15 })
  })

  it('reports each invalid field', () => {
    const result = SvnSearchSchema.safeParse({
      sVnID: '12a',
      schildNr: '1234567890123',
      stammNr: '123456787',
      schaleNr: 'x'.repeat(29),
      name: 'x'.repeat(31),
      firstName: 'x'.repeat(31),
      zipCode: '12345678',
      canton: 'XX',
      sVnStatus: 'DELETABLE',
      sort: 'evil',
      order: 'up',
      page: '0',
      pageSize: '101',
    })
    expect(result.success).toBe(false)
    const fields = new Set(result.error?.issues.map((i) => i.path[0]))
    expect([...fields].sort()).toEqual(
      [
        'canton',
        'firstName',
        'name',
        'order',
        'page',
        'pageSize',
        'sVnID',
        'sVnStatus',
        'schaleNr',
        'schildNr',
        'sort',
        'stammNr',
        'zipCode',
      ].sort(),
    )
  })

  it('knows the 27 cantons', () => {
    expect(CANTONS).toHaveLength(27)
  })
})

describe('display helpers', () => {
  it('formats Stammnummer, dates and plates', () => {
    expect(formatStammNr(12345678)).toBe('012.345.678')
    expect(formatStammNr('1234567890')).toBe('1.234.567.890')
    expect(formatStammNr(null)).toBe('')
    expect(formatDate('2024-03-07')).toBe('07.03.2024')
    expect(formatPlate('ZH', 12345)).toBe('ZH 12345')
    expect(formatPlate('ZH', null)).toBe('ZH')
  })

  it('uses the Zurich calendar day', () => {
    expect(zurichDay(new Date('2024-06-30T22:30:00Z'))).toBe('2024-07-01')
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01')
    expect(isIsoDay('2024-02-30')).toBe(false)
  })
})
