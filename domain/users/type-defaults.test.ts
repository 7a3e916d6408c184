import { describe, expect, it } from 'vitest'
import { defaultRolesForType } from './type-defaults.ts'
import { USER_TYPES } from '../roles.ts'
import { keepsImplications } from './role-rules.ts'

describe('defaultRolesForType (spec §4 "User roles")', () => {
  it('gives ADMIN only ADMIN', () => {
    expect(defaultRolesForType('ADMIN')).toEqual(['ADMIN'])
  })

  it('gives NURLESEN only the two search roles', () => {
    expect(defaultRolesForType('NURLESEN')).toEqual(['SVN_SUCHEN', 'AE_SUCHEN'])
  })

  it('gives SACHBEARBEITER the clerk roles and AE_ZURUECKGEWIESEN', () => {
    expect(defaultRolesForType('SACHBEARBEITER')).toEqual([
      'SVN_SUCHEN',
      'SVN_ERSTELLEN',
      'SVN_ERSTELLEN_WIK_C',
      'SVN_STORNIEREN',
      'SVN_NICHT_EINGELOEST',
      'IV_AV_MELDUNGEN',
      'AE_SUCHEN',
      'AE_ERSTELLEN',
      'AE_STORNIEREN',
      'AE_ZURUECKGEWIESEN',
    ])
  })

  it('gives MAKLER the clerk roles and MAKLER, without AE_ZURUECKGEWIESEN', () => {
    expect(defaultRolesForType('MAKLER')).toEqual([
      'SVN_SUCHEN',
      'SVN_ERSTELLEN',
      'SVN_ERSTELLEN_WIK_C',
      'SVN_STORNIEREN',
      'SVN_NICHT_EINGELOEST',
      'IV_AV_MELDUNGEN',
      'AE_SUCHEN',
      'AE_ERSTELLEN',
      'AE_STORNIEREN',
      'MAKLER',
    ])
  })
})

describe('defaultRolesForType properties', () => {
  it('gives every type roles that keep the implications, and MAKLER only to MAKLER', () => {
    for (const type of USER_TYPES) {
      const roles = defaultRolesForType(type)
      expect(keepsImplications(roles)).toBe(true)
      expect(roles.includes('MAKLER')).toBe(type === 'MAKLER')
      expect(roles).not.toContain('GROUP_ADMIN')
    }
  })
})
