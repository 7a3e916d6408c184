import { describe, expect, it } from 'vitest'
import { describeQuery } from './db.ts'

describe('database span names (ADR 950)', () => {
  it('take the operation and the first table, never values', () => {
    expect(describeQuery('select "id", "name" from "svn" where "svn"."name" ilike $1')).toEqual({
      operation: 'SELECT',
      table: 'svn',
    })
    expect(describeQuery('insert into "audit_log" ("action") values ($1)')).toEqual({
      operation: 'INSERT',
      table: 'audit_log',
    })
    expect(describeQuery('update "portal_sessions" set "data" = $1')).toEqual({
      operation: 'UPDATE',
      table: 'portal_sessions',
    })
    expect(describeQuery("select pg_advisory_xact_lock(hashtext('x'))").operation).toBe('SELECT')
    expect(describeQuery('begin').operation).toBe('OTHER')
  })
})
