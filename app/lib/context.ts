import { createContext } from 'react-router'
import type { Database } from '../../db/client.ts'

/** What the portal needs from the composing server; set once per request by server.ts. */
export interface PortalConfig {
  origin: string
  secure: boolean
  oidc: { issuer: string; clientId: string; clientSecret: string }
  registerUrl: string
  sessionSecret: string
  debugPages: boolean
  version: string
  commit: string
}

export interface AppLoadContext {
  cspNonce: string
  config: PortalConfig
  /** Portal-owned tables only (sessions). */
  db: Database
}

export const appContext = createContext<AppLoadContext>()
