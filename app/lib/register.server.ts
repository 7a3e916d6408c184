import type { PortalConfig } from './context.ts'
import { registerSpan } from './telemetry.server.ts'

/** A register answer other than 2xx; the portal maps status codes to user messages. */
export class RegisterError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(`Register ${path} answered ${status}`)
  }
}

/**
 * A register on another host, over HTTP: 30 s at most unless the caller gives its own signal. The
 * in-process transport (ADR 513) takes none: Hono never reads it, and it made every call build a full
 * undici Request and a timer (ADR 525, fourth cut).
 */
function overHttp(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(30_000) })
}

/**
 * The one register client: every call to /svnwebaccess goes through here, server-side only,
 * with the user's bearer access token (the browser never sees it).
 */
export async function registerFetch(
  config: PortalConfig,
  accessToken: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${accessToken}`)
  if (!headers.has('Accept')) headers.set('Accept', 'application/json')
  const send = config.registerTransport ?? overHttp
  const response = await registerSpan(init.method ?? 'GET', headers, () =>
    send(`${config.registerUrl}${path.startsWith('/') ? path : `/${path}`}`, { ...init, headers }),
  )
  if (!response.ok) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => null)
    throw new RegisterError(response.status, body, path)
  }
  return response
}

export async function registerJson<T>(
  config: PortalConfig,
  accessToken: string,
  path: string,
  init?: RequestInit,
): Promise<T> {
  const response = await registerFetch(config, accessToken, path, init)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** Shape of GET /users/self as far as the portal shell needs it. */
export interface SelfUser {
  id: number
  vorname: string | null
  nachname: string
  email: string
  maklerNummer: string | null
  versicherungsgesellschaft: { gsCode: string; name: string; logoVersion: number }
}
