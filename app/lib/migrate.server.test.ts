import { afterEach, describe, expect, it, vi } from 'vitest'
import { contextAnswering, TEST_SESSION as session } from '../../tests/portal-context.ts'
import { migrateUsers } from './migrate.server.ts'

const link = { userId: 7, email: 'done@alpina.example', setupUrl: 'http://localhost:3000/oidc/setup/x' }

describe('migrateUsers', () => {
  afterEach(() => vi.restoreAllMocks())

  it('gives the setup links of a full migration', async () => {
    const context = contextAnswering(200, { migrated: [link], message: 'VG(1001) migrated successfully!' })
    expect(await migrateUsers(context, session, '1001')).toEqual({ result: 'ok', migrated: [link] })
  })

  it('names the first user the IdP refused, keeps the others’ links, and logs the IdP’s own words', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const context = contextAnswering(502, {
      error: 'new.clerk@alpina.example: IdP refused',
      migrated: [link],
      failed: [
        { userId: 8, email: 'new.clerk@alpina.example', error: 'new.clerk@alpina.example: IdP refused' },
      ],
    })
    expect(await migrateUsers(context, session, '1001')).toEqual({
      result: 'failed',
      email: 'new.clerk@alpina.example',
      migrated: [link],
    })
    expect(log).toHaveBeenCalledWith('migration of 1001: new.clerk@alpina.example: IdP refused')
  })

  it('names no one when the answer lists no failed user, rather than an empty name', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const context = contextAnswering(502, { error: 'IdP unreachable', migrated: [] })
    expect(await migrateUsers(context, session, '1001')).toEqual({
      result: 'failed',
      email: null,
      migrated: [],
    })
  })

  it('tells another insurer’s code and an external IdP apart', async () => {
    expect(await migrateUsers(contextAnswering(404, { error: 'not found' }), session, '2002')).toEqual({
      result: 'not-own',
    })
    expect(await migrateUsers(contextAnswering(501, { error: 'external' }), session, '1001')).toEqual({
      result: 'unavailable',
    })
  })
})
