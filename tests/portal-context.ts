import { RouterContextProvider } from 'react-router'
import type { Database } from '../db/client.ts'
import { appContext, type PortalConfig } from '../app/lib/context.ts'
import type { Session } from '../app/lib/session.server.ts'

/** The portal's configuration in unit tests: the embedded IdP on localhost. */
export const TEST_CONFIG: PortalConfig = {
  origin: 'http://localhost:3000',
  secure: false,
  oidc: { issuer: 'http://localhost:3000/oidc', clientId: 'svn-portal', clientSecret: 'x' },
  registerUrl: 'http://localhost:3000/svnwebaccess',
  sessionSecret: 'secret-for-tests-secret-for-tests',
  debugPages: false,
  version: '5.1.5',
  commit: 'abc123',
}

/** A portal context whose register answers every call with the given status and JSON body. */
export function contextAnswering(status: number, body: unknown, config: PortalConfig = TEST_CONFIG) {
  const context = new RouterContextProvider()
  const registerTransport = async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  context.set(appContext, { cspNonce: 'n', config: { ...config, registerTransport }, db: {} as Database })
  return context
}

/** A session with an access token, for code that only passes the token on. */
export const TEST_SESSION = { id: 's', data: { accessToken: 'token' } } as unknown as Session
