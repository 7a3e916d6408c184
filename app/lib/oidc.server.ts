import { decodeJwt } from 'jose'
import { Authenticator } from 'remix-auth'
import { OAuth2Strategy } from 'remix-auth-oauth2'
import type { PortalConfig } from './context.ts'
import { cookieName } from './cookie-name.server.ts'

export interface OidcMetadata {
  authorization_endpoint: string
  token_endpoint: string
  revocation_endpoint?: string
  end_session_endpoint?: string
}

/** Name prefix of remix-auth-oauth2's per-attempt state cookies; no other cookie may start with it. */
export const STATE_COOKIE = 'svn_oauth2'

const metadataCache = new Map<string, Promise<OidcMetadata>>()

/**
 * Discovery happens on first use, not at start-up: the embedded issuer is this very process,
 * which is not listening yet while routes load. A failed look-up is retried next time.
 */
export function oidcMetadata(issuer: string): Promise<OidcMetadata> {
  let pending = metadataCache.get(issuer)
  if (!pending) {
    pending = fetch(`${issuer}/.well-known/openid-configuration`, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`OIDC discovery at ${issuer} answered ${res.status}`)
        return (await res.json()) as OidcMetadata
      })
      .catch((error: unknown) => {
        metadataCache.delete(issuer)
        throw error
      })
    metadataCache.set(issuer, pending)
  }
  return pending
}

/** Adds the language and the identity-provider hint carried on the /login request to the authorization URL. */
class PortalStrategy<User> extends OAuth2Strategy<User> {
  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = new URLSearchParams(params)
    const url = new URL(request.url)
    for (const name of ['ui_locales', 'kc_idp_hint']) {
      const value = url.searchParams.get(name)
      if (value) result.set(name, value)
    }
    return result
  }
}

export interface TokenSet {
  accessToken: string
  refreshToken: string | null
  idToken: string | null
  accessIssuedAt: number
  accessExpiresAt: number
}

const strategies = new Map<string, Promise<PortalStrategy<TokenSet>>>()

async function strategyFor(config: PortalConfig): Promise<PortalStrategy<TokenSet>> {
  let pending = strategies.get(config.oidc.issuer)
  if (!pending) {
    pending = oidcMetadata(config.oidc.issuer).then(
      (meta) =>
        new PortalStrategy<TokenSet>(
          {
            clientId: config.oidc.clientId,
            clientSecret: config.oidc.clientSecret,
            authorizationEndpoint: meta.authorization_endpoint,
            tokenEndpoint: meta.token_endpoint,
            tokenRevocationEndpoint: meta.revocation_endpoint,
            redirectURI: `${config.origin}/auth/callback`,
            scopes: ['openid', 'profile', 'email'],
            cookie: config.secure
              ? { name: cookieName(STATE_COOKIE, true), secure: true, sameSite: 'Lax', path: '/' }
              : { name: STATE_COOKIE, sameSite: 'Lax', path: '/' },
          },
          async ({ tokens }) => tokenSet(tokens),
        ),
    )
    pending.catch(() => strategies.delete(config.oidc.issuer))
    strategies.set(config.oidc.issuer, pending)
  }
  return pending
}

function tokenSet(tokens: {
  accessToken(): string
  hasRefreshToken(): boolean
  refreshToken(): string
  idToken(): string
  accessTokenExpiresAt(): Date
}): TokenSet {
  const accessToken = tokens.accessToken()
  const claims = decodeJwt(accessToken)
  const now = Date.now()
  let idToken: string | null
  try {
    idToken = tokens.idToken()
  } catch {
    idToken = null
  }
  let expiresAt: number
  try {
    expiresAt = tokens.accessTokenExpiresAt().getTime()
  } catch {
    expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : now + 60_000
  }
  return {
    accessToken,
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    idToken,
    accessIssuedAt: typeof claims.iat === 'number' ? Math.min(claims.iat * 1000, now) : now,
    accessExpiresAt: expiresAt,
  }
}

/** Starts a login (throws the redirect to the IdP) or, on the callback, exchanges the code. */
export async function authenticate(config: PortalConfig, request: Request): Promise<TokenSet> {
  const authenticator = new Authenticator<TokenSet>()
  authenticator.use(await strategyFor(config), 'oidc')
  return authenticator.authenticate('oidc', request)
}

export async function refreshTokens(config: PortalConfig, refreshToken: string): Promise<TokenSet> {
  const strategy = await strategyFor(config)
  const tokens = await strategy.refreshToken(refreshToken)
  const set = tokenSet(tokens)
  // Some providers do not rotate refresh tokens; keep the one we have.
  return { ...set, refreshToken: set.refreshToken ?? refreshToken }
}

export async function revokeToken(config: PortalConfig, token: string): Promise<void> {
  const strategy = await strategyFor(config)
  await strategy.revokeToken(token)
}

/** Refresh once 75 % of the access token's lifetime has passed (spec §9 refresh timer factor). */
export function needsRefresh(issuedAt: number, expiresAt: number, now: number): boolean {
  return now >= issuedAt + 0.75 * (expiresAt - issuedAt)
}
