import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase } from '../db/testing.ts'
import { createRegisterApp } from './app.ts'
import { seedRegisterDemo, type SeededUser } from './seed/demo.ts'
import { TEST_CLIENT_ID, bearer, createTestIdp, type TestIdp } from './testing.ts'

/** A tiny issuer on 127.0.0.1:0 serving only discovery and JWKS, counting what it is asked. */
let server: Server
let issuer: string
let idp: TestIdp
let handle: DatabaseHandle
let seeded: SeededUser[]
const hits: string[] = []
let discoveryStatus = 200
let announcedIssuer: (() => string) | undefined

beforeAll(async () => {
  idp = await createTestIdp()
  server = createServer((req, res) => {
    hits.push(req.url ?? '')
    if (req.url === '/oidc/.well-known/openid-configuration' && discoveryStatus === 200) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ issuer: announcedIssuer?.() ?? issuer, jwks_uri: `${issuer}/jwks` }))
    } else if (req.url === '/oidc/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(idp.jwks))
    } else {
      res.writeHead(discoveryStatus === 200 ? 404 : discoveryStatus).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`
  handle = await openTestDatabase()
  seeded = await seedRegisterDemo(handle.db)
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await handle?.close()
})

beforeEach(() => {
  hits.length = 0
  discoveryStatus = 200
  announcedIssuer = undefined
})

function subject(): string {
  const user = seeded[0]
  if (!user) throw new Error('nothing seeded')
  return user.subject
}

describe('lazy OpenID discovery (no injected getKey)', () => {
  it('fetches nothing at construction, discovery and JWKS on the first request, nothing more later', async () => {
    const app = createRegisterApp({ db: handle.db, issuer, clientId: TEST_CLIENT_ID })
    expect(hits).toEqual([])
    const token = await idp.token({ sub: subject(), iss: issuer, roles: ['ADMIN'] })
    const first = await app.request('/users/self', bearer(token))
    expect(first.status).toBe(200)
    expect(hits).toEqual(['/oidc/.well-known/openid-configuration', '/oidc/jwks'])
    const second = await app.request('/versicherung', bearer(token))
    expect(second.status).toBe(200)
    expect(hits).toHaveLength(2)
  })

  it('still rejects a token from a foreign key after discovery', async () => {
    const app = createRegisterApp({ db: handle.db, issuer, clientId: TEST_CLIENT_ID })
    const stranger = await createTestIdp()
    const token = await stranger.token({ sub: subject(), iss: issuer })
    expect((await app.request('/users/self', bearer(token))).status).toBe(401)
  })

  it('answers 503 while discovery fails, and retries on the next request', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const app = createRegisterApp({ db: handle.db, issuer, clientId: TEST_CLIENT_ID })
      const token = await idp.token({ sub: subject(), iss: issuer })
      discoveryStatus = 500
      const failed = await app.request('/users/self', bearer(token))
      expect(failed.status).toBe(503)
      expect(await failed.json()).toEqual({ error: 'identity provider unavailable' })
      discoveryStatus = 200
      expect((await app.request('/users/self', bearer(token))).status).toBe(200)
      expect(hits.filter((h) => h.endsWith('openid-configuration'))).toHaveLength(2)
    } finally {
      errors.mockRestore()
    }
  })

  it('refuses a discovery document that names another issuer', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      announcedIssuer = () => 'http://evil.test/oidc'
      const app = createRegisterApp({ db: handle.db, issuer, clientId: TEST_CLIENT_ID })
      const token = await idp.token({ sub: subject(), iss: issuer })
      expect((await app.request('/users/self', bearer(token))).status).toBe(503)
      expect(hits).not.toContain('/oidc/jwks')
    } finally {
      errors.mockRestore()
    }
  })
})
