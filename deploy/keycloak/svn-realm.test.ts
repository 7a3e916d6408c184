import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import routes from '../../app/routes.ts'
import { PROVIDER_ID_PATTERN } from '../../app/lib/token-info.server.ts'
import { loadConfig } from '../../config.ts'
import { ROLES, rolesFromClaims } from '../../domain/roles.ts'
import { AUTHORITY_ROLE } from '../../domain/svn/authorities.ts'

/** The realm file must not drift from the code: client id, redirect URIs, role names, PKCE, claims. */

interface Mapper {
  name: string
  protocolMapper: string
  config: Record<string, string>
}
interface Client {
  clientId: string
  enabled: boolean
  publicClient: boolean
  standardFlowEnabled: boolean
  directAccessGrantsEnabled: boolean
  implicitFlowEnabled: boolean
  secret: string
  redirectUris: string[]
  webOrigins: string[]
  attributes: Record<string, string>
  protocolMappers: Mapper[]
}
interface Realm {
  realm: string
  accessTokenLifespan: number
  ssoSessionIdleTimeout: number
  roles: { client: Record<string, Array<{ name: string }>> }
  clients: Client[]
  users: Array<{ serviceAccountClientId?: string; clientRoles?: Record<string, string[]> }>
  identityProviders: Array<{
    alias: string
    enabled: boolean
    storeToken: boolean
    addReadTokenRoleOnCreate: boolean
    config: Record<string, string>
  }>
}

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'svn-realm.json')
const text = readFileSync(file, 'utf8')
const realm = JSON.parse(text) as Realm

const ORIGIN = 'https://svn.example.ch'
const config = loadConfig({
  ORIGIN,
  OIDC_ISSUER: `https://login.example.ch/realms/${realm.realm}`,
  OIDC_CLIENT_SECRET: 'secret-from-keycloak',
  SESSION_SECRET: 'x'.repeat(32),
  DATA_DIR: '/nonexistent-not-written',
})
/** Keycloak's import replaces ${VAR} with the environment's value. */
const substitute = (value: string) => value.replaceAll('${SVN_PORTAL_ORIGIN}', ORIGIN)

function client(id: string): Client {
  const found = realm.clients.find((c) => c.clientId === id)
  if (!found) throw new Error(`no client ${id}`)
  return found
}

/** The access-token claims a client-role mapper produces for `roles` of client `owner`. */
function claimsOf(mapper: Mapper, owner: string, roles: string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {}
  const keys = mapper.config['claim.name']!.replace('${client_id}', owner).split('.')
  let node = claims
  for (const key of keys.slice(0, -1)) node = (node[key] = {}) as Record<string, unknown>
  node[keys.at(-1)!] = roles
  return claims
}

describe('deploy/keycloak/svn-realm.json', () => {
  const portal = client(config.oidc.clientId)

  it('has the portal client the config defaults to: confidential, code flow only, PKCE S256', () => {
    expect(portal.clientId).toBe('svn-portal')
    expect(portal.enabled).toBe(true)
    expect(portal.publicClient).toBe(false)
    expect(portal.standardFlowEnabled).toBe(true)
    expect(portal.implicitFlowEnabled).toBe(false)
    expect(portal.directAccessGrantsEnabled).toBe(false)
    expect(portal.attributes['pkce.code.challenge.method']).toBe('S256')
    // The secret comes from the environment at import; never a real one in the repository.
    expect(portal.secret).toBe('${SVN_PORTAL_CLIENT_SECRET}')
  })

  it('allows exactly the redirect URIs the portal sends (callback, post-logout)', () => {
    expect(portal.redirectUris.map(substitute)).toEqual([`${config.origin}/auth/callback`])
    expect(substitute(portal.attributes['post.logout.redirect.uris']!)).toBe(`${config.origin}/logout`)
    const paths = routes.map((r) => r.path)
    expect(paths).toContain('auth/callback')
    expect(paths).toContain('logout')
    expect(portal.webOrigins).toEqual([])
  })

  it('defines the portal roles of domain/roles.ts and the canton role as client roles', () => {
    const names = realm.roles.client[portal.clientId]!.map((r) => r.name)
    expect([...names].sort()).toEqual([...ROLES, AUTHORITY_ROLE].sort())
  })

  it('puts the client roles into resource_access.<client>.roles of the access token, as the code reads them', () => {
    const mapper = portal.protocolMappers.find(
      (m) => m.protocolMapper === 'oidc-usermodel-client-role-mapper',
    )
    expect(mapper?.config).toMatchObject({ 'access.token.claim': 'true', multivalued: 'true' })
    const claims = claimsOf(mapper!, portal.clientId, ['SVN_SUCHEN', 'MAKLER', 'BEHOERDE', 'unknown'])
    expect(rolesFromClaims(claims, config.oidc.clientId)).toEqual(['SVN_SUCHEN', 'MAKLER'])
    // The broker's read-token role travels the same way (Keycloak checks resource_access.broker).
    expect(claimsOf(mapper!, 'broker', ['read-token'])).toEqual({
      resource_access: { broker: { roles: ['read-token'] } },
    })
  })

  it('names the portal client in aud of access tokens (the register checks aud)', () => {
    for (const id of ['svn-portal', 'svn-canton']) {
      const audience = client(id).protocolMappers.find((m) => m.protocolMapper === 'oidc-audience-mapper')
      expect(audience?.config).toMatchObject({
        'included.client.audience': config.oidc.clientId,
        'access.token.claim': 'true',
      })
    }
  })

  it('gives the example canton service account the canton role only', () => {
    const canton = client('svn-canton')
    expect(canton.enabled).toBe(false)
    const account = realm.users.find((u) => u.serviceAccountClientId === 'svn-canton')
    expect(account?.clientRoles).toEqual({ [portal.clientId]: [AUTHORITY_ROLE] })
  })

  it('has a disabled example identity provider usable as kc_idp_hint and on the token-info page', () => {
    const [idp] = realm.identityProviders
    expect(idp?.enabled).toBe(false)
    expect(idp?.alias).toMatch(PROVIDER_ID_PATTERN)
    expect(idp?.storeToken).toBe(true)
    expect(idp?.addReadTokenRoleOnCreate).toBe(true)
    expect(idp?.config.pkceMethod).toBe('S256')
  })

  it('matches the portal session limits and uses only the documented placeholders', () => {
    expect(realm.ssoSessionIdleTimeout).toBe(30 * 60)
    expect(realm.accessTokenLifespan).toBeLessThanOrEqual(300)
    const placeholders = new Set([...text.matchAll(/\$\{([A-Za-z_]+)\}/g)].map((m) => m[1]))
    expect([...placeholders].sort()).toEqual(['SVN_PORTAL_CLIENT_SECRET', 'SVN_PORTAL_ORIGIN', 'client_id'])
  })
})
