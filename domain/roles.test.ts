import { describe, expect, it } from 'vitest'
import { hasAnyAuthority, rolesFromClaims } from './roles.ts'

describe('rolesFromClaims', () => {
  it('reads resource_access.<clientId>.roles', () => {
    const claims = {
      resource_access: { portal: { roles: ['ADMIN', 'SVN_SUCHEN'] }, other: { roles: ['MAKLER'] } },
    }
    expect(rolesFromClaims(claims, 'portal')).toEqual(['ADMIN', 'SVN_SUCHEN'])
  })
  it('drops unknown and duplicate roles', () => {
    expect(
      rolesFromClaims({ resource_access: { p: { roles: ['ADMIN', 'ROOT', 'ADMIN', 7] } } }, 'p'),
    ).toEqual(['ADMIN'])
  })
  it.each([
    null,
    undefined,
    'x',
    {},
    { resource_access: null },
    { resource_access: { p: {} } },
    { resource_access: { p: { roles: 'ADMIN' } } },
  ])('gives no roles for %j', (claims) => {
    expect(rolesFromClaims(claims, 'p')).toEqual([])
  })
})

describe('hasAnyAuthority', () => {
  it('passes an empty requirement and any one listed role', () => {
    expect(hasAnyAuthority([], [])).toBe(true)
    expect(hasAnyAuthority(['AE_SUCHEN'], ['SVN_SUCHEN', 'AE_SUCHEN'])).toBe(true)
    expect(hasAnyAuthority(['AE_SUCHEN'], ['SVN_SUCHEN'])).toBe(false)
  })
})
