import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { listApiClients } from './api-clients.server.ts'
import { appContext, type PortalConfig } from './context.ts'
import { RegisterError } from './register.server.ts'
import type { Session } from './session.server.ts'

const config: PortalConfig = {
  origin: 'http://localhost:3000',
  secure: false,
  oidc: { issuer: 'https://login.example/realms/svn', clientId: 'svn-portal', clientSecret: 'x' },
  registerUrl: 'http://localhost:3000/svnwebaccess',
  sessionSecret: 'secret-for-tests-secret-for-tests',
  debugPages: false,
  version: '5.1.5',
  commit: 'abc123',
}

/** A portal context whose register answers every call with the given status and body. */
function contextAnswering(status: number, body: unknown) {
  const context = new RouterContextProvider()
  const registerTransport = async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  context.set(appContext, { cspNonce: 'n', config: { ...config, registerTransport }, db: {} as Database })
  return context
}

const session = { id: 's', data: { accessToken: 'token' } } as unknown as Session

describe('listApiClients', () => {
  it('gives the clients the register lists', async () => {
    const clients = [{ id: 1, name: 'Policy system' }]
    expect(await listApiClients(contextAnswering(200, { clients }), session)).toEqual(clients)
  })

  it('gives null where the register answers 501: clients are managed at an external IdP (Keycloak)', async () => {
    const context = contextAnswering(501, { message: 'api clients are managed at the identity provider' })
    expect(await listApiClients(context, session)).toBeNull()
  })

  it('throws any other refusal (the error page says it)', async () => {
    await expect(listApiClients(contextAnswering(503, {}), session)).rejects.toBeInstanceOf(RegisterError)
  })
})
