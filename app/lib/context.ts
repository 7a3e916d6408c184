import { createContext } from 'react-router'
import type { Database } from '../../db/client.ts'
import type { MissingTextMode } from '../../domain/missing-text.ts'

/** What the portal needs from the composing server; set once per request by server.ts. */
export interface PortalConfig {
  origin: string
  secure: boolean
  oidc: { issuer: string; clientId: string; clientSecret: string }
  registerUrl: string
  /**
   * Embedded setup: hands a register request to the Hono app in this process (DESIGN §2) instead of
   * a loopback socket; the register sees the same request. Unset → the network (`fetch`).
   */
  registerTransport?: (url: string, init: RequestInit) => Promise<Response>
  sessionSecret: string
  debugPages: boolean
  /** A missing translation or placeholder value: 'throw' in tests and development, 'log' in production. */
  missingText?: MissingTextMode
  version: string
  commit: string
}

export interface AppLoadContext {
  cspNonce: string
  config: PortalConfig
  /** Portal-owned tables only (sessions). */
  db: Database
  /**
   * This request's line of the server's request log (server/request-log.ts): the portal adds the
   * user's subject. Absent outside the composed server (tests).
   */
  requestLog?: { requestId: string; user?: string }
}

export const appContext = createContext<AppLoadContext>()
