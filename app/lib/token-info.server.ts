import { decodeJwt, decodeProtectedHeader } from 'jose'
import type { PortalConfig } from './context.ts'
import type { TranslationKey } from './i18n-keys.ts'

/**
 * Server side of the token-info debug page (spec §2, §7 "Other"; ADR 402). Tokens are decoded here;
 * only their header and payload reach the page — never the token strings or their signatures.
 */

export interface DecodedToken {
  header: Record<string, unknown>
  payload: Record<string, unknown>
}

export function decodeToken(token: string | null | undefined): DecodedToken | null {
  if (!token) return null
  try {
    return { header: decodeProtectedHeader(token) as Record<string, unknown>, payload: decodeJwt(token) }
  } catch {
    return null
  }
}

export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/

/** A translation key and its values: the page translates it. */
export interface DebugMessage {
  key: TranslationKey
  values?: Record<string, string | number>
}

export interface UserInfoResult {
  url: string
  status: number
  /** Parsed JSON, or the text (capped) when the answer is not JSON. */
  body: unknown
}

export interface ExternalResult {
  providerId: string
  accessToken: DecodedToken | null
  /** True when the provider answered a token that is not a JWT (then it is not shown at all). */
  accessTokenOpaque: boolean
  idToken: DecodedToken | null
  userInfo: UserInfoResult | null
  userInfoError: DebugMessage | null
}

const MAX_BODY = 64 * 1024
const TIMEOUT_MS = 10_000

/** Origins the page may call with a token: the issuer's and the portal's own (no SSRF). */
export function allowedOrigins(config: Pick<PortalConfig, 'origin' | 'oidc'>): string[] {
  return [...new Set([new URL(config.oidc.issuer).origin, new URL(config.origin).origin])]
}

/** The user-info URL if the page may call it, else the reason why not. */
export function checkUserInfoUrl(
  config: Pick<PortalConfig, 'origin' | 'oidc'>,
  value: string,
): { url: URL } | { error: DebugMessage } {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { error: { key: 'debug.errors.userInfoUrlInvalid' } }
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    return { error: { key: 'debug.errors.userInfoUrlInvalid' } }
  const allowed = allowedOrigins(config)
  if (!allowed.includes(url.origin))
    return { error: { key: 'debug.errors.userInfoUrlRefused', values: { origins: allowed.join(', ') } } }
  return { url }
}

/** The external-token form's fields. */
export type ExternalField = 'providerId' | 'userInfoUrl'

declare const checked: unique symbol

/**
 * What the form asks to load, once checked: the only input `loadExternal` takes. Only
 * `checkExternalForm` makes one (the brand), so nothing unchecked is ever fetched (no SSRF).
 */
export type ExternalRequest = {
  readonly providerId: string
  /** Null when the form left it empty: then only the broker is asked. */
  readonly userInfoUrl: URL | null
  readonly [checked]: true
}

/**
 * The form's request, or what is wrong with its fields, each beside its field (both at once), before
 * anything is loaded.
 */
export function checkExternalForm(
  config: Pick<PortalConfig, 'origin' | 'oidc'>,
  providerId: string,
  userInfoUrl: string,
): { request: ExternalRequest } | { errors: Partial<Record<ExternalField, DebugMessage>> } {
  const errors: Partial<Record<ExternalField, DebugMessage>> = {}
  if (providerId === '') errors.providerId = { key: 'validation.required' }
  else if (!PROVIDER_ID_PATTERN.test(providerId))
    errors.providerId = { key: 'debug.errors.providerIdInvalid' }
  const target = userInfoUrl ? checkUserInfoUrl(config, userInfoUrl) : null
  if (target && 'error' in target) errors.userInfoUrl = target.error
  if (Object.keys(errors).length > 0) return { errors }
  const request = { providerId, userInfoUrl: target && 'url' in target ? target.url : null }
  return { request: request as ExternalRequest }
}

async function readBody(response: Response): Promise<unknown> {
  const text = (await response.text()).slice(0, MAX_BODY)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Loads `{issuer}/broker/{providerId}/token` with the session's access token, then the user-info URL
 * (if given) with the external access token. It takes only a request `checkExternalForm` let through.
 * Redirects are not followed (they could leave the allowed origins).
 */
export async function loadExternal(
  config: Pick<PortalConfig, 'origin' | 'oidc'>,
  accessToken: string,
  { providerId, userInfoUrl }: ExternalRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<ExternalResult | { error: DebugMessage }> {
  const brokerUrl = `${config.oidc.issuer.replace(/\/+$/, '')}/broker/${encodeURIComponent(providerId)}/token`
  let response: Response
  try {
    response = await fetchImpl(brokerUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    return { error: { key: 'debug.errors.brokerUnreachable', values: { reason: describeError(error) } } }
  }
  const body = await readBody(response)
  if (response.status === 404) {
    return { error: { key: 'debug.errors.brokerNotFound', values: { providerId } } }
  }
  if (response.status === 401) return { error: { key: 'debug.errors.brokerUnauthorized' } }
  const tokens = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  if (!response.ok || typeof tokens.access_token !== 'string')
    return { error: { key: 'debug.errors.brokerFailed', values: { status: response.status } } }

  const externalAccess = tokens.access_token
  const accessTokenDecoded = decodeToken(externalAccess)
  const result: ExternalResult = {
    providerId,
    accessToken: accessTokenDecoded,
    accessTokenOpaque: accessTokenDecoded === null,
    idToken: typeof tokens.id_token === 'string' ? decodeToken(tokens.id_token) : null,
    userInfo: null,
    userInfoError: null,
  }
  if (!userInfoUrl) return result
  try {
    const info = await fetchImpl(userInfoUrl, {
      headers: { Authorization: `Bearer ${externalAccess}`, Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const infoBody = await readBody(info)
    if (info.ok) result.userInfo = { url: userInfoUrl.href, status: info.status, body: infoBody }
    else result.userInfoError = { key: 'debug.errors.userInfoFailed', values: { status: info.status } }
  } catch (error) {
    result.userInfoError = {
      key: 'debug.errors.userInfoUnreachable',
      values: { reason: describeError(error) },
    }
  }
  return result
}
