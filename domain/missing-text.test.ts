import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  configureMissingText,
  fillPlaceholders,
  MissingTextError,
  reportMissingText,
} from './missing-text.ts'

describe('missing texts', () => {
  let restore: ReturnType<typeof configureMissingText> | null = null
  afterEach(() => {
    if (restore) configureMissingText(restore)
    restore = null
  })

  it('throws by default (tests, development)', () => {
    expect(() => reportMissingText('x')).toThrow(MissingTextError)
    expect(() => fillPlaceholders('Hallo {name}', {})).toThrow('Missing value for {name} in "Hallo {name}"')
  })

  it('logs in production and leaves no placeholder in the text', () => {
    const log = vi.fn()
    restore = configureMissingText({ mode: 'log', log })
    expect(fillPlaceholders('Hallo {name}, {n} neu', { n: 3 })).toBe('Hallo , 3 neu')
    expect(log).toHaveBeenCalledWith('Missing value for {name} in "Hallo {name}, {n} neu"')
  })
})
