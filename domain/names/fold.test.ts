import { describe, expect, it } from 'vitest'
import { DIFFERENT, SAME_NAME } from './fold-cases.ts'
import { foldName, foldedOrNull } from './fold.ts'

describe('foldName', () => {
  it('has at least 40 rows of spellings of one name', () => {
    expect(SAME_NAME.length).toBeGreaterThanOrEqual(40)
  })

  for (const spellings of SAME_NAME) {
    it(`folds ${spellings.join(' / ')} to one key`, () => {
      const keys = new Set(spellings.map(foldName))
      expect([...keys], spellings.join(', ')).toHaveLength(1)
    })
  }

  for (const [a, b] of DIFFERENT) {
    it(`keeps ${a} and ${b} apart`, () => {
      expect(foldName(a)).not.toBe(foldName(b))
      // Neither is a prefix of the other's key, unless the names are prefixes of each other as written.
      if (!b.toLowerCase().startsWith(a.toLowerCase()))
        expect(foldName(b).startsWith(foldName(a))).toBe(false)
    })
  }

  it('gives plain lower-case letters', () => {
    expect(foldName('Müller')).toBe('muller')
    expect(foldName("D'Andrea")).toBe('dandrea')
    expect(foldName('Weiß')).toBe('weiss')
    expect(foldName('Meier-Schmid')).toBe('meierschmid')
    expect(foldName('')).toBe('')
  })

  it('keeps the search a prefix search: every prefix of a name folds to a prefix of its key', () => {
    for (const name of SAME_NAME.flat()) {
      const key = foldName(name)
      for (let end = 0; end <= name.length; end++) {
        const prefix = foldName(name.slice(0, end))
        expect(key.startsWith(prefix), `${name.slice(0, end)} → ${prefix} of ${name} → ${key}`).toBe(true)
      }
    }
  })

  it('finds typed prefixes across spellings: "Mue" and "Mü" start Müller and Muller', () => {
    for (const typed of ['Mue', 'Mü', 'MU', 'Müll', 'Muel']) {
      expect(foldName('Muller').startsWith(foldName(typed)), typed).toBe(true)
      expect(foldName('Müller').startsWith(foldName(typed)), typed).toBe(true)
    }
  })

  it('leaves the LIKE wildcards to the caller to escape', () => {
    expect(foldName('M%_')).toBe('m%_')
  })

  it('keeps null for a missing name', () => {
    expect(foldedOrNull(null)).toBeNull()
    expect(foldedOrNull(undefined)).toBeNull()
    expect(foldedOrNull('Zoë')).toBe('zo')
  })
})
