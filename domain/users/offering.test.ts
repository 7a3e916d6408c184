import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ROLES, type Role } from '../roles.ts'
import { offeredRoles, offeredTypes } from './offering.ts'
import { ROLE_GRANT_ERRORS, roleGrantErrors } from './role-grants.ts'

const base = { callerMaklerNummer: null, insurerHasRoleGroups: true, insurerIsBroker: false }

describe('offeredRoles (spec §6)', () => {
  it('offers every role to a non-broker of an insurer with role groups', () => {
    expect(offeredRoles(base)).toEqual([...ROLES])
  })

  it('leaves out MAKLER for a caller with a broker number, GROUP_ADMIN without role groups', () => {
    const offered = offeredRoles({ ...base, callerMaklerNummer: '4711', insurerHasRoleGroups: false })
    expect(offered).not.toContain('MAKLER')
    expect(offered).not.toContain('GROUP_ADMIN')
    expect(offered).toHaveLength(ROLES.length - 2)
  })

  it('never offers GROUP_ADMIN to a broker: role groups reach beyond its users (ADR 720)', () => {
    const offered = offeredRoles({ ...base, callerMaklerNummer: '4711' })
    expect(offered).not.toContain('GROUP_ADMIN')
    expect(offered).toHaveLength(ROLES.length - 2)
  })

  it('treats a blank broker number as none', () => {
    expect(offeredRoles({ ...base, callerMaklerNummer: '  ' })).toContain('MAKLER')
  })
})

describe('offeredTypes (spec §2 "User dialog")', () => {
  it('offers MAKLER only for a broker insurer', () => {
    expect(offeredTypes({ insurerIsBroker: false })).toEqual(['ADMIN', 'NURLESEN', 'SACHBEARBEITER'])
    expect(offeredTypes({ insurerIsBroker: true })).toEqual(['ADMIN', 'NURLESEN', 'SACHBEARBEITER', 'MAKLER'])
  })
})

describe('roleGrantErrors', () => {
  const self = { ...base, editingSelf: false }

  it('refuses granting a role that is not offered, but keeps one already held', () => {
    const noGroups = { ...self, insurerHasRoleGroups: false }
    expect(roleGrantErrors(noGroups, [], ['GROUP_ADMIN'])).toEqual([ROLE_GRANT_ERRORS.notGrantable])
    expect(roleGrantErrors(noGroups, ['GROUP_ADMIN'], ['GROUP_ADMIN', 'ADMIN'])).toEqual([])
    const broker = { ...self, callerMaklerNummer: '4711' }
    expect(roleGrantErrors(broker, ['SVN_SUCHEN'], ['SVN_SUCHEN', 'MAKLER'])).toEqual([
      ROLE_GRANT_ERRORS.notGrantable,
    ])
  })

  it('refuses a broker removing MAKLER and anyone removing their own ADMIN', () => {
    const broker = { ...self, callerMaklerNummer: '4711' }
    expect(roleGrantErrors(broker, ['MAKLER'], [])).toEqual([ROLE_GRANT_ERRORS.maklerNotRemovable])
    expect(roleGrantErrors(self, ['MAKLER'], [])).toEqual([])
    expect(roleGrantErrors({ ...self, editingSelf: true }, ['ADMIN'], [])).toEqual([
      ROLE_GRANT_ERRORS.ownAdminNotRemovable,
    ])
  })

  it('never refuses a change that only uses offered roles and removes nothing protected', () => {
    const role = fc.constantFrom(...ROLES)
    fc.assert(
      fc.property(fc.uniqueArray(role), fc.uniqueArray(role), fc.boolean(), (previous, next, groups) => {
        const context = { ...self, insurerHasRoleGroups: groups }
        const offered: Role[] = offeredRoles(context)
        const errors = roleGrantErrors(context, previous, next)
        const grantsUnoffered = next.some((r) => !previous.includes(r) && !offered.includes(r))
        expect(errors.length > 0).toBe(grantsUnoffered)
      }),
    )
  })
})
