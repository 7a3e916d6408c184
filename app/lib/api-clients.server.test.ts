import { describe, expect, it } from 'vitest'
import { contextAnswering, TEST_SESSION as session } from '../../tests/portal-context.ts'
import { listApiClients } from './api-clients.server.ts'
import { RegisterError } from './register.server.ts'

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
