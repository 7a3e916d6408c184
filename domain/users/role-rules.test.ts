import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ROLES, type Role } from '../roles.ts'
import {
  addRole,
  applyRoleRules,
  keepsImplications,
  lockedRoles,
  removeRole,
  sortRoles,
} from './role-rules.ts'
import { defaultRolesForType } from './type-defaults.ts'

const role = fc.constantFrom(...ROLES)
const roleList = fc.uniqueArray(role)
const operation = fc.record({ kind: fc.constantFrom('add', 'remove'), role })
const validStart = fc.oneof(
  fc.constantFrom(...(['ADMIN', 'SACHBEARBEITER', 'MAKLER', 'NURLESEN'] as const)).map(defaultRolesForType),
  roleList.map((roles) => applyRoleRules([], roles)),
)

function run(start: Role[], ops: Array<{ kind: string; role: Role }>): Role[] {
  return ops.reduce(
    (roles, op) => (op.kind === 'add' ? addRole(roles, op.role) : removeRole(roles, op.role)),
    start,
  )
}

describe('role rules (spec §4 "User roles")', () => {
  it('adding SVN_ERSTELLEN, SVN_STORNIEREN or SVN_NICHT_EINGELOEST adds SVN_SUCHEN', () => {
    for (const r of ['SVN_ERSTELLEN', 'SVN_STORNIEREN', 'SVN_NICHT_EINGELOEST'] as const) {
      expect(addRole([], r)).toEqual(sortRoles([r, 'SVN_SUCHEN']))
    }
  })

  it('adding AE_ERSTELLEN, AE_STORNIEREN or AE_ZURUECKGEWIESEN adds AE_SUCHEN', () => {
    for (const r of ['AE_ERSTELLEN', 'AE_STORNIEREN', 'AE_ZURUECKGEWIESEN'] as const) {
      expect(addRole(['ADMIN'], r)).toEqual(sortRoles(['ADMIN', 'AE_SUCHEN', r]))
    }
  })

  it('removing SVN_ERSTELLEN removes SVN_ERSTELLEN_WIK_C', () => {
    expect(removeRole(['SVN_SUCHEN', 'SVN_ERSTELLEN', 'SVN_ERSTELLEN_WIK_C'], 'SVN_ERSTELLEN')).toEqual([
      'SVN_SUCHEN',
    ])
  })

  it('keeps a search role locked while a role implying it is held', () => {
    const roles = addRole([], 'AE_STORNIEREN')
    expect(lockedRoles(roles)).toEqual(['AE_SUCHEN'])
    expect(removeRole(roles, 'AE_SUCHEN')).toEqual(roles)
    expect(removeRole(removeRole(roles, 'AE_STORNIEREN'), 'AE_SUCHEN')).toEqual([])
  })

  it('any sequence of adds and removes keeps the implications', () => {
    fc.assert(
      fc.property(validStart, fc.array(operation, { maxLength: 40 }), (start, ops) => {
        const roles = run(start, ops)
        expect(keepsImplications(roles)).toBe(true)
        expect(roles).toEqual(sortRoles(roles))
      }),
      { numRuns: 500 },
    )
  })

  it('after every step: an added role is held, a removed SVN_ERSTELLEN takes WIK_C with it', () => {
    fc.assert(
      fc.property(validStart, fc.array(operation, { maxLength: 30 }), (start, ops) => {
        let roles = start
        for (const op of ops) {
          const before = roles
          roles = op.kind === 'add' ? addRole(roles, op.role) : removeRole(roles, op.role)
          if (op.kind === 'add') expect(roles).toContain(op.role)
          if (op.kind === 'remove' && !lockedRoles(before).includes(op.role)) {
            expect(roles).not.toContain(op.role)
            if (op.role === 'SVN_ERSTELLEN') expect(roles).not.toContain('SVN_ERSTELLEN_WIK_C')
          }
          // Nothing but the role and its implied search role is ever added.
          for (const r of roles)
            if (!before.includes(r)) expect([op.role, 'SVN_SUCHEN', 'AE_SUCHEN']).toContain(r)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('applyRoleRules: any submitted list ends up keeping the implications, idempotently', () => {
    fc.assert(
      fc.property(roleList, roleList, (previous, requested) => {
        const saved = applyRoleRules(previous, requested)
        expect(keepsImplications(saved)).toBe(true)
        expect(applyRoleRules(saved, saved)).toEqual(saved)
        for (const r of requested) {
          if (r !== 'SVN_ERSTELLEN_WIK_C') expect(saved).toContain(r)
        }
        if (previous.includes('SVN_ERSTELLEN') && !requested.includes('SVN_ERSTELLEN')) {
          expect(saved).not.toContain('SVN_ERSTELLEN_WIK_C')
        }
      }),
      { numRuns: 500 },
    )
  })

  it('applyRoleRules agrees with removing SVN_ERSTELLEN one step at a time', () => {
    const before = defaultRolesForType('SACHBEARBEITER')
    const requested = before.filter((r) => r !== 'SVN_ERSTELLEN')
    expect(applyRoleRules(before, requested)).toEqual(removeRole(before, 'SVN_ERSTELLEN'))
  })
})
