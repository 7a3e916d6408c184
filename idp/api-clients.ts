import { AsyncLocalStorage } from 'node:async_hooks'
import { eq } from 'drizzle-orm'
import type { RequestHandler } from 'express'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Database } from '../db/client.ts'
import { API_CLIENT_ID_PREFIX, clientSecretMatches } from '../db/api-client-secrets.ts'
import { apiClients } from '../db/schema/api-clients.ts'

/**
 * The insurers' API clients at the embedded IdP (ADR 182). oidc-provider authenticates a client by
 * comparing the presented `client_secret` with the client's metadata, but we keep only a hash. So the
 * token endpoint's request is read first: a Basic `client_id:secret` of an API client is checked
 * against the stored hash here, and only for that request (AsyncLocalStorage) the client's metadata
 * carries the secret that was just verified. Any other lookup of the client finds nothing: no other
 * endpoint serves API clients, and a revoked client or a wrong secret is simply unknown (invalid_client).
 */
const presented = new AsyncLocalStorage<{ clientId: string; secret: string }>()

/** RFC 6749 §2.3.1: Basic credentials, each part form-urlencoded. */
function basicCredentials(header: string | undefined): { clientId: string; secret: string } | null {
  const match = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(header ?? '')
  if (!match?.[1]) return null
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  try {
    const clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '))
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '))
    return { clientId, secret }
  } catch {
    return null
  }
}

/** Express middleware before oidc-provider: carries an API client's Basic credentials to its lookup. */
export function apiClientCredentials(): RequestHandler {
  return (req, _res, next) => {
    if (req.method !== 'POST' || req.path !== '/token') return next()
    const credentials = basicCredentials(req.get('authorization'))
    if (!credentials?.clientId.startsWith(API_CLIENT_ID_PREFIX)) return next()
    presented.run(credentials, next)
  }
}

export interface ApiClientGrant {
  roles: string[]
  gsCode: string
  maklerNummer: string | null
}

/** The active client's roles and tenancy, for the token's claims; null when unknown or revoked. */
export async function apiClientGrant(db: Database, clientId: string): Promise<ApiClientGrant | null> {
  const [row] = await db
    .select({
      roles: apiClients.roles,
      gsCode: apiClients.gsCode,
      maklerNummer: apiClients.maklerNummer,
      revokedAt: apiClients.revokedAt,
    })
    .from(apiClients)
    .where(eq(apiClients.clientId, clientId))
  if (!row || row.revokedAt !== null) return null
  return { roles: row.roles, gsCode: row.gsCode, maklerNummer: row.maklerNummer }
}

/** oidc-provider's `Client` storage: an API client exists only while its verified secret is presented. */
export function apiClientAdapter(db: Database): Adapter {
  const unsupported = async () => undefined
  return {
    async find(id): Promise<AdapterPayload | undefined> {
      const credentials = presented.getStore()
      if (!credentials || credentials.clientId !== id) return undefined
      const [row] = await db
        .select({ secretHash: apiClients.secretHash, revokedAt: apiClients.revokedAt })
        .from(apiClients)
        .where(eq(apiClients.clientId, id))
      if (!row || row.revokedAt !== null) return undefined
      if (!clientSecretMatches(credentials.secret, row.secretHash)) return undefined
      return {
        client_id: id,
        client_secret: credentials.secret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      }
    },
    // Clients are made and changed by the register (/api-clients), never through the IdP.
    upsert: unsupported,
    findByUid: unsupported,
    findByUserCode: unsupported,
    consume: unsupported,
    destroy: unsupported,
    revokeByGrantId: unsupported,
  }
}
