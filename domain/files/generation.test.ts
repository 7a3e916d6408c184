import { describe, expect, it } from 'vitest'
import { FileGenerationSchema } from './generation.ts'

const errors = (input: unknown) => {
  const result = FileGenerationSchema.safeParse(input)
  return result.success ? null : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

describe('FileGenerationSchema', () => {
  it('defaults to new files and no filters', () => {
    expect(FileGenerationSchema.parse({})).toEqual({ reload: false })
    expect(FileGenerationSchema.parse({ von: ' ', referenz: '', maklerNr: '  ' })).toEqual({ reload: false })
  })

  it('accepts every typed date form and answers yyyy-mm-dd', () => {
    for (const von of ['01.02.2026', '1.2.2026', '01022026', '2026-02-01']) {
      expect(FileGenerationSchema.parse({ von }).von).toBe('2026-02-01')
    }
  })

  it('reads reload from booleans and form strings', () => {
    expect(FileGenerationSchema.parse({ reload: true }).reload).toBe(true)
    expect(FileGenerationSchema.parse({ reload: 'true' }).reload).toBe(true)
    expect(FileGenerationSchema.parse({ reload: 'false' }).reload).toBe(false)
    expect(errors({ reload: 'yes' })).toEqual([['reload', 'validation.invalidOption']])
  })

  it('von after bis is an error on bis; the same day is fine', () => {
    expect(errors({ von: '02.01.2026', bis: '01.01.2026' })).toEqual([['bis', 'validation.dateRange']])
    expect(errors({ von: '01.01.2026', bis: '2026-01-01' })).toBeNull()
  })

  it('checks date form and field caps with translation keys', () => {
    expect(errors({ von: '30.02.2026', bis: 'morgen' })).toEqual([
      ['von', 'validation.dateNotReal'],
      ['bis', 'validation.dateFormat'],
    ])
    expect(errors({ referenz: 'x'.repeat(16), maklerNr: '1'.repeat(11) })).toEqual([
      ['referenz', 'validation.maxLength'],
      ['maklerNr', 'validation.maxLength'],
    ])
    expect(FileGenerationSchema.parse({ referenz: ` ${'x'.repeat(15)} ` }).referenz).toBe('x'.repeat(15))
  })
})
