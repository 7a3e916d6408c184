import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { Database } from '../db/client.ts'
import { loginOf } from './accounts.ts'
import { createAdapterFactory } from './adapter.ts'
import { apiClientAdapter, apiClientGrant } from './api-clients.ts'
import { pickLanguage } from './i18n.ts'
import type { IdpKeys } from './keys.ts'
import { contentSecurityPolicy, type PageContext } from './views/layout.ts'
import {
  LOGOUT_SCRIPT_HASH,
  errorPage,
  loggedOutPage,
  logoutContinuePage,
  logoutPage,
} from './views/messages.ts'
import { loginCssVersion } from './views/styles.ts'

export interface IdpClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  postLogoutRedirectUris: string[]
  /** oidc-provider binds one method per client; client_secret_basic unless set. */
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post'
}

export interface UserClaims {
  roles: string[]
  givenName: string | null
  familyName: string
  email: string
}

export interface ProviderOptions {
  db: Database
  issuer: string
  keys: IdpKeys
  secure: boolean
  clients: IdpClient[]
  claimsFor(subject: string): Promise<UserClaims | null>
  accessTokenTtlSeconds: number
}

const hour = 60 * 60
/** Like Keycloak's "SSO session max": a working day, then the user signs in again. */
const sessionTtlSeconds = 10 * hour

/** Scopes the portal asks for; 'api' is the resource scope of the register API. */
const oidcScopes = ['openid', 'profile', 'email', 'offline_access']

export function basePathOf(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '')
}

/** Origins a form on our pages may end up at after redirects (CSP form-action; Chromium checks redirects). */
export function formActionOrigins(clients: IdpClient[]): string[] {
  const uris = clients.flatMap((c) => [...c.redirectUris, ...c.postLogoutRedirectUris])
  return [...new Set(uris.map((u) => new URL(u).origin))]
}

export function pageContext(issuer: string, lang: PageContext['lang']): PageContext {
  return { lang, cssHref: `${basePathOf(issuer)}/assets/login.css?v=${loginCssVersion}` }
}

export function createProvider(options: ProviderOptions): Provider {
  const { db, issuer, clients, claimsFor } = options
  const basePath = basePathOf(issuer)
  const resource = `${new URL(issuer).origin}/svnwebaccess`
  // The register expects its audience and role claim under the portal's client id (register/auth.ts).
  const registerAudience = clients[0]?.clientId ?? 'svn-portal'
  const storage = createAdapterFactory(db)
  const csp = contentSecurityPolicy(formActionOrigins(clients))

  function renderPage(ctx: KoaContextWithOIDC, body: string, policy = csp): void {
    ctx.type = 'html'
    ctx.set('Content-Security-Policy', policy)
    ctx.set('Cache-Control', 'no-store')
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('Referrer-Policy', 'same-origin')
    ctx.body = body
  }

  function languageOf(ctx: KoaContextWithOIDC) {
    const params = ctx.oidc?.params as { ui_locales?: unknown } | undefined
    return pickLanguage(params?.ui_locales, ctx.get('cookie'))
  }

  const configuration: Configuration = {
    adapter: (name: string) => (name === 'Client' ? apiClientAdapter(db) : storage(name)),
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: c.tokenEndpointAuthMethod ?? 'client_secret_basic',
      scope: oidcScopes.join(' '),
    })),
    jwks: options.keys.jwks as Configuration['jwks'],
    cookies: {
      keys: options.keys.cookieKeys,
      // Secure is set automatically when the request is https (provider.proxy trusts X-Forwarded-Proto).
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: oidcScopes,
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // Put the profile/email claims in the ID token itself: the portal reads them from there.
    conformIdTokenClaims: false,
    // The portal forwards Keycloak's identity-provider hint; there are no external providers here.
    extraParams: ['kc_idp_hint'],
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      // A client may revoke only its own tokens.
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      // Insurers' API clients (ADR 182): tokens for the register without a person.
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const page = pageContext(issuer, languageOf(ctx))
          // oidc-provider has validated the hint by now (an invalid one never gets here). Only a hint
          // for the signed-in account skips the question: a link with someone else's ID token asks.
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined
          if (hint?.payload?.sub !== undefined && hint.payload.sub === ctx.oidc.session?.accountId) {
            return renderPage(ctx, logoutContinuePage(page, form), `${csp}; script-src ${LOGOUT_SCRIPT_HASH}`)
          }
          renderPage(ctx, logoutPage(page, form))
        },
        postLogoutSuccessSource(ctx) {
          renderPage(ctx, loggedOutPage(pageContext(issuer, languageOf(ctx))))
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: 'api',
          // An API client's token is for the register, which knows only the portal's audience.
          audience: client.grantTypeAllowed('client_credentials') ? registerAudience : client.clientId,
          accessTokenFormat: 'jwt',
          accessTokenTTL: options.accessTokenTtlSeconds,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // Keycloak-like access token; roles are read now, so a role change shows at the next refresh.
    async extraTokenClaims(_ctx, token) {
      const subject = 'accountId' in token ? token.accountId : undefined
      if (token.kind === 'ClientCredentials' && token.clientId) {
        // sub and client_id are the client's id; its roles and insurer are read now, from the register.
        const grant = await apiClientGrant(db, token.clientId)
        if (!grant) return undefined
        return {
          resource_access: { [registerAudience]: { roles: grant.roles } },
          gs_code: grant.gsCode,
          ...(grant.maklerNummer ? { makler_nummer: grant.maklerNummer } : {}),
        }
      }
      if (!subject) return undefined
      const claims = await claimsFor(subject)
      if (!claims) return undefined
      return {
        resource_access: { [token.clientId ?? '']: { roles: claims.roles } },
        preferred_username: (await loginOf(db, subject)) ?? claims.email,
        given_name: claims.givenName ?? undefined,
        family_name: claims.familyName,
        email: claims.email,
      }
    },
    // The portal is a confidential first-party client: refresh tokens without offline_access/consent.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // No consent screen: grant what the portal needs (OIDC scopes and the API resource) right away.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined
      if (existing) return existing
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope('openid profile email')
      grant.addOIDCClaims([
        'sub',
        'name',
        'given_name',
        'family_name',
        'preferred_username',
        'email',
        'email_verified',
      ])
      grant.addResourceScope(resource, 'api')
      await grant.save()
      return grant
    },
    async findAccount(_ctx, subject) {
      const claims = await claimsFor(subject)
      // Unknown or deactivated: login and refresh fail.
      if (!claims) return undefined
      const login = await loginOf(db, subject)
      return {
        accountId: subject,
        async claims() {
          return {
            sub: subject,
            name: [claims.givenName, claims.familyName].filter(Boolean).join(' '),
            given_name: claims.givenName ?? undefined,
            family_name: claims.familyName,
            preferred_username: login ?? claims.email,
            email: claims.email,
            email_verified: true,
          }
        },
      }
    },
    interactions: {
      url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}`,
    },
    renderError(ctx, out) {
      renderPage(ctx, errorPage(pageContext(issuer, languageOf(ctx)), { code: out.error }))
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? options.accessTokenTtlSeconds,
      // An API client's token (ADR 182) lives as long as a person's: the register treats both alike.
      ClientCredentials: (_ctx, token) =>
        token.resourceServer?.accessTokenTTL ?? options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: hour,
      Interaction: hour,
      Grant: sessionTtlSeconds,
      Session: sessionTtlSeconds,
      RefreshToken: sessionTtlSeconds,
    },
  }

  const provider = new Provider(issuer, configuration)
  // Behind a TLS proxy: trust X-Forwarded-* for https detection, secure cookies and client address.
  provider.proxy = options.secure
  return provider
}
