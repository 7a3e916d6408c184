import { describe, expect, it } from 'vitest'
import { bareTable, BUILD_DIRECTORY } from './table.ts'

describe('bench/bare route table choice (ADR 541)', () => {
  it('builds the portal table only when asked for it', () => {
    expect(bareTable({ BARE_ROUTE_TABLE: 'portal' })).toBe('portal')
    expect(bareTable({})).toBe('yardstick')
    expect(bareTable({ BARE_ROUTE_TABLE: 'yardstick' })).toBe('yardstick')
    expect(bareTable({ BARE_ROUTE_TABLE: 'other' })).toBe('yardstick')
  })

  it('builds each table apart, into a directory the ignore files match (bench/bare/build*/)', () => {
    const directories = Object.values(BUILD_DIRECTORY)
    expect(new Set(directories).size).toBe(directories.length)
    for (const directory of directories) expect(directory).toMatch(/^build[\w-]*$/)
  })
})
