import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'

/** The issuer's discovery document or key set could not be read: a server-side fault, not the caller's. */
export class IssuerUnavailableError extends Error {
  override name = 'IssuerUnavailableError'
}

const DISCOVERY_TIMEOUT_MS = 5_000

/**
 * A key resolver for `jwtVerify` that finds the issuer's JWKS through OpenID discovery on first use.
 * Lazy on purpose: the embedded issuer runs in this same process and is not listening yet when the
 * register app is built. A failed discovery is not cached, so the next request tries again.
 */
export function discoverJwks(issuer: string, fetchImpl: typeof fetch = fetch): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined

  async function discover(): Promise<JWTVerifyGetKey> {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
    let doc: unknown
    try {
      const res = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      doc = await res.json()
    } catch (cause) {
      throw new IssuerUnavailableError(`OpenID discovery failed at ${url}`, { cause })
    }
    const meta = doc && typeof doc === 'object' ? (doc as Record<string, unknown>) : {}
    // OpenID Connect Discovery §4.3: the document must name exactly the issuer we were configured with.
    if (meta.issuer !== issuer) {
      throw new IssuerUnavailableError(
        `discovery document names issuer ${String(meta.issuer)}, expected ${issuer}`,
      )
    }
    if (typeof meta.jwks_uri !== 'string' || !URL.canParse(meta.jwks_uri)) {
      throw new IssuerUnavailableError('discovery document has no valid jwks_uri')
    }
    return createRemoteJWKSet(new URL(meta.jwks_uri))
  }

  return async (header, token) => {
    keySet ??= discover().catch((error: unknown) => {
      keySet = undefined
      throw error
    })
    return (await keySet)(header, token)
  }
}
