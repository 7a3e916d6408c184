import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientSecretMatches } from '../../db/api-client-secrets.ts'
import { apiClients } from '../../db/schema/api-clients.ts'
import { auditLog } from '../../db/schema/register.ts'
import { svn } from '../../db/schema/svn.ts'
import type { ApiClientJson, ApiClientWithSecret } from '../../domain/api-clients/rules.ts'
import type { SvnHistory } from '../../domain/svn/history.ts'
import type { SearchResult } from '../../domain/svn/search-rows.ts'
import { validCreateValues } from '../svn/create-testing.ts'
import {
  TEST_CLIENT_ID,
  TEST_ISSUER,
  createCheckedRegisterApp,
  openRegisterTestbed,
  type RegisterTestbed,
} from '../testing.ts'

// Issue 19 item 2 (ADR 181): the insurer's administrators manage API clients; a client's token acts
// within the creating administrator's insurer (and broker number), named in the history, until revoked.

let bed: RegisterTestbed
const RATE = { requests: 8, windowSeconds: 60 }

const ADMIN_ROLES = ['ADMIN', 'GROUP_ADMIN', 'SVN_SUCHEN', 'SVN_ERSTELLEN']
const BROKER_ADMIN_ROLES = ['MAKLER', 'ADMIN', 'SVN_SUCHEN', 'SVN_ERSTELLEN']

function subjectOf(email: string): string {
  const user = bed.seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  return user.subject
}

async function call(method: string, path: string, email: string | null, roles = ADMIN_ROLES, body?: unknown) {
  const headers: Record<string, string> = {}
  if (email) headers.Authorization = `Bearer ${await bed.idp.token({ sub: subjectOf(email), roles })}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return bed.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** What the embedded IdP issues to a client: `sub` and `client_id` are the client id (idp/provider.ts). */
async function clientToken(clientId: string, roles: string[], iatOffset = 0) {
  return bed.idp.token({ sub: clientId, roles, issuedAt: iatOffset, claims: { client_id: clientId } })
}

async function asClient(method: string, path: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return bed.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function create(email: string, body: unknown, roles = ADMIN_ROLES) {
  const res = await call('POST', '/api-clients', email, roles, body)
  expect(res.status).toBe(201)
  return (await res.json()) as ApiClientWithSecret
}

async function storedClients() {
  return bed.handle.db.select().from(apiClients).orderBy(apiClients.id)
}

beforeAll(async () => {
  const options = { svnDemo: true, apiClients: true, apiClientRateLimit: RATE }
  bed = await openRegisterTestbed(process.env.TEST_DATABASE_URL, options)
  // Seeding the demo SVN on PGlite takes long on a shared machine.
}, 180_000)
afterAll(async () => bed?.handle.close())

describe('/api-clients: who may call', () => {
  it('401 without a token or with a bad one', async () => {
    for (const [method, path] of [
      ['GET', '/api-clients'],
      ['POST', '/api-clients'],
      ['GET', '/api-clients/1'],
      ['POST', '/api-clients/1/secret'],
      ['POST', '/api-clients/1/revoke'],
    ] as const) {
      expect((await call(method, path, null)).status, path).toBe(401)
      const bad = await bed.app.request(path, { method, headers: { Authorization: 'Bearer not.a.token' } })
      expect(bad.status, path).toBe(401)
    }
  })

  it('403 without ADMIN (a clerk, a group administrator alone)', async () => {
    for (const [method, path] of [
      ['GET', '/api-clients'],
      ['GET', '/api-clients/1'],
      ['POST', '/api-clients/1/secret'],
      ['POST', '/api-clients/1/revoke'],
    ] as const) {
      const res = await call(method, path, 'clerk@alpina.example', ['SVN_SUCHEN'])
      expect(res.status, `${method} ${path}`).toBe(403)
    }
    const res = await call('POST', '/api-clients', 'admin@alpina.example', ['GROUP_ADMIN'], {
      name: 'X',
      roles: ['SVN_SUCHEN'],
    })
    expect(res.status).toBe(403)
    expect(await storedClients()).toEqual([])
  })

  it('501 when the IdP does not issue client tokens (an external IdP: Keycloak service accounts)', async () => {
    const app = createCheckedRegisterApp({
      db: bed.handle.db,
      issuer: TEST_ISSUER,
      clientId: TEST_CLIENT_ID,
      getKey: bed.idp.getKey,
    })
    const token = await bed.idp.token({ sub: subjectOf('admin@alpina.example'), roles: ADMIN_ROLES })
    const res = await app.request('/api-clients', { headers: { Authorization: `Bearer ${token}` } })
    expect(res.status).toBe(501)
  })
})

describe('/api-clients/{id}: a bad id', () => {
  it('400 with a field error for an id that is no number, on every route that takes one', async () => {
    for (const [method, path] of [
      ['GET', '/api-clients/abc'],
      ['POST', '/api-clients/abc/secret'],
      ['POST', '/api-clients/abc/revoke'],
      ['GET', '/api-clients/99999999999'],
    ] as const) {
      const res = await call(method, path, 'admin@alpina.example')
      expect(res.status, `${method} ${path}`).toBe(400)
      const answer = (await res.json()) as { fieldErrors?: Record<string, string[]> }
      expect(Object.keys(answer.fieldErrors ?? {}), `${method} ${path}`).toContain('id')
    }
  })
})

describe('/api-clients: create', () => {
  it('400 with field errors and nothing stored: no name, too long, not storable, no roles, roles not grantable', async () => {
    for (const [body, field] of [
      [{ name: '  ', roles: ['SVN_SUCHEN'] }, 'name'],
      [{ name: 'x'.repeat(61), roles: ['SVN_SUCHEN'] }, 'name'],
      // PostgreSQL cannot store U+0000 (was a 500, found by the HTTP fuzz test).
      [{ name: 'ERP\u0000', roles: ['SVN_SUCHEN'] }, 'name'],
      [{ name: 'ERP', roles: [] }, 'roles'],
      [{ name: 'ERP' }, 'roles'],
      [{ name: 'ERP', roles: ['ADMIN'] }, 'roles'],
      [{ name: 'ERP', roles: ['MAKLER', 'SVN_SUCHEN'] }, 'roles'],
      [{ name: 'ERP', roles: ['NO_SUCH_ROLE'] }, 'roles'],
    ] as const) {
      const res = await call('POST', '/api-clients', 'admin@alpina.example', ADMIN_ROLES, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      const answer = (await res.json()) as { fieldErrors: Record<string, string[]> }
      expect(Object.keys(answer.fieldErrors), JSON.stringify(body)).toContain(field)
    }
    expect(await storedClients()).toEqual([])
  })

  it("creates a client of the caller's insurer; the secret is answered once and stored only as a hash", async () => {
    const { client, clientSecret } = await create('admin@alpina.example', {
      name: ' Policy system ',
      roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'],
    })
    expect(client).toMatchObject({
      name: 'Policy system',
      roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'],
      maklerNummer: null,
      revokedAt: null,
    })
    expect(client.clientId).toMatch(/^svn-[a-z2-9]{24}$/)
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await bed.handle.db.select().from(apiClients).where(eq(apiClients.id, client.id))
    expect(row?.gsCode).toBe('1001')
    expect(row?.secretHash).not.toContain(clientSecret)
    expect(clientSecretMatches(clientSecret, row?.secretHash ?? '')).toBe(true)
    // Listed and read back without any secret.
    const list = await call('GET', '/api-clients', 'admin@alpina.example')
    const body = (await list.json()) as { clients: ApiClientJson[] }
    expect(body.clients.map((c) => c.id)).toContain(client.id)
    expect(JSON.stringify(body)).not.toContain(clientSecret)
    const one = await call('GET', `/api-clients/${client.id}`, 'admin@alpina.example')
    expect(await one.json()).toEqual(client)
    expect(JSON.stringify(client)).not.toContain('secretHash')
    // The same name twice in one insurer: a field error, nothing more stored.
    const before = (await storedClients()).length
    const twice = await call('POST', '/api-clients', 'admin@alpina.example', ADMIN_ROLES, {
      name: 'policy SYSTEM',
      roles: ['SVN_SUCHEN'],
    })
    expect(twice.status).toBe(400)
    expect(((await twice.json()) as { fieldErrors: object }).fieldErrors).toEqual({
      name: ['apiClients.nameTaken'],
    })
    expect((await storedClients()).length).toBe(before)
    const audits = await bed.handle.db.select().from(auditLog).where(eq(auditLog.action, 'api-client.create'))
    expect(audits.some((a) => a.entityId === String(client.id))).toBe(true)
  })

  it("a broker administrator's client is a broker of its number and only it sees it", async () => {
    const { client } = await create(
      'broker.admin@seeland.example',
      { name: 'Broker ERP', roles: ['SVN_SUCHEN'] },
      BROKER_ADMIN_ROLES,
    )
    expect(client).toMatchObject({ maklerNummer: '4711', roles: ['MAKLER', 'SVN_SUCHEN'] })
    // The insurer's own administrator of 1003 sees it (whole insurer); another insurer's does not.
    const other = await call('GET', `/api-clients/${client.id}`, 'admin@leman.example')
    expect(other.status).toBe(404)
  })
})

describe("/api-clients: another insurer's client", () => {
  it('404 and no data for read, rotate and revoke; the client stays as it was', async () => {
    const { client } = await create('admin@alpina.example', { name: 'Alpina only', roles: ['SVN_SUCHEN'] })
    const [before] = await bed.handle.db.select().from(apiClients).where(eq(apiClients.id, client.id))
    for (const [method, path] of [
      ['GET', `/api-clients/${client.id}`],
      ['POST', `/api-clients/${client.id}/secret`],
      ['POST', `/api-clients/${client.id}/revoke`],
    ] as const) {
      const res = await call(method, path, 'admin@leman.example')
      expect(res.status, path).toBe(404)
      const text = await res.text()
      expect(text).not.toContain('Alpina only')
      expect(text).not.toContain(client.clientId)
    }
    const list = (await (await call('GET', '/api-clients', 'admin@leman.example')).json()) as {
      clients: ApiClientJson[]
    }
    expect(list.clients.map((c) => c.id)).not.toContain(client.id)
    const [after] = await bed.handle.db.select().from(apiClients).where(eq(apiClients.id, client.id))
    expect(after).toEqual(before)
  })

  it('400 with field errors for a bad id', async () => {
    const res = await call('POST', '/api-clients/abc/revoke', 'admin@alpina.example')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { fieldErrors: object }).fieldErrors).toHaveProperty('id')
  })
})

describe("a client's token in the register", () => {
  it('searches and creates only within its insurer; the history names the client', async () => {
    const { client } = await create('admin@alpina.example', {
      name: 'Alpina Policen',
      roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'],
    })
    const token = await clientToken(client.clientId, ['SVN_SUCHEN', 'SVN_ERSTELLEN'])
    const search = await asClient('GET', '/svn/search', token)
    expect(search.status).toBe(200)
    const ids = ((await search.json()) as SearchResult).rows.map((r) => r.sVnId)
    expect(ids.length).toBeGreaterThan(0)
    const insurers = await bed.handle.db
      .selectDistinct({ gsCode: svn.gsCode })
      .from(svn)
      .where(inArray(svn.id, ids))
    expect(insurers).toEqual([{ gsCode: '1001' }])
    // Another insurer's record: 404, as for its people.
    const [foreign] = await bed.handle.db
      .select({ id: svn.id })
      .from(svn)
      .where(eq(svn.gsCode, '1002'))
      .limit(1)
    expect((await asClient('GET', `/svn/details?svnId=${foreign?.id}`, token)).status).toBe(404)

    const created = await asClient('POST', '/svn/create', token, {
      formToken: 'client-form-token-1',
      values: validCreateValues(),
    })
    expect(created.status).toBe(201)
    const { svnID } = (await created.json()) as { svnID: number }
    const [record] = await bed.handle.db.select().from(svn).where(eq(svn.id, svnID))
    expect(record).toMatchObject({ gsCode: '1001', maklerNr: null })
    const history = (await (await asClient('GET', `/svn/${svnID}/history`, token)).json()) as SvnHistory
    expect(history.entries[0]).toMatchObject({
      event: 'create',
      actor: { kind: 'client', name: 'Alpina Policen' },
    })
    // A repeated form token answers the same SVN, and never another caller's.
    const again = await asClient('POST', '/svn/create', token, {
      formToken: 'client-form-token-1',
      values: validCreateValues(),
    })
    expect(((await again.json()) as { svnID: number }).svnID).toBe(svnID)
    // Per-person features are not for systems; nor is the clients' own administration.
    expect((await asClient('GET', '/svn/draft', token)).status).toBe(403)
    expect((await asClient('GET', '/api-clients', token)).status).toBe(403)
  })

  it('holds no more roles than the client: a token claiming more is cut down (403)', async () => {
    const { client } = await create('admin@alpina.example', { name: 'Reader', roles: ['SVN_SUCHEN'] })
    const token = await clientToken(client.clientId, ['SVN_SUCHEN', 'SVN_ERSTELLEN', 'ADMIN'])
    const res = await asClient('POST', '/svn/create', token, {
      formToken: 'client-form-token-2',
      values: validCreateValues(),
    })
    expect(res.status).toBe(403)
    expect((await asClient('GET', '/api-clients', token)).status).toBe(403)
  })

  it("a broker administrator's client sees only its broker number's records", async () => {
    const { client } = await create(
      'broker.admin@seeland.example',
      { name: 'Broker search', roles: ['SVN_SUCHEN'] },
      BROKER_ADMIN_ROLES,
    )
    const token = await clientToken(client.clientId, ['MAKLER', 'SVN_SUCHEN'])
    const ids = ((await (await asClient('GET', '/svn/search', token)).json()) as SearchResult).rows.map(
      (r) => r.sVnId,
    )
    expect(ids.length).toBeGreaterThan(0)
    const rows = await bed.handle.db
      .selectDistinct({ gsCode: svn.gsCode, maklerNr: svn.maklerNr })
      .from(svn)
      .where(inArray(svn.id, ids))
    expect(rows).toEqual([{ gsCode: '1003', maklerNr: '4711' }])
  })

  it('rotate: a new secret once; tokens issued before it are refused (401)', async () => {
    const { client, clientSecret } = await create('admin@alpina.example', {
      name: 'Rotating',
      roles: ['SVN_SUCHEN'],
    })
    // As if created a minute ago: a token of 5 s ago is younger than the secret, older than the rotation.
    await bed.handle.db
      .update(apiClients)
      .set({ secretRotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(apiClients.id, client.id))
    const old = await clientToken(client.clientId, ['SVN_SUCHEN'], -5)
    expect((await asClient('GET', '/svn/search', old)).status).toBe(200)
    const res = await call('POST', `/api-clients/${client.id}/secret`, 'admin@alpina.example')
    expect(res.status).toBe(200)
    const rotated = (await res.json()) as ApiClientWithSecret
    expect(rotated.clientSecret).not.toBe(clientSecret)
    const [row] = await bed.handle.db.select().from(apiClients).where(eq(apiClients.id, client.id))
    expect(clientSecretMatches(rotated.clientSecret, row?.secretHash ?? '')).toBe(true)
    expect(clientSecretMatches(clientSecret, row?.secretHash ?? '')).toBe(false)
    expect((await asClient('GET', '/svn/search', old)).status).toBe(401)
    const fresh = await clientToken(client.clientId, ['SVN_SUCHEN'], 1)
    expect((await asClient('GET', '/svn/search', fresh)).status).toBe(200)
  })

  it('revoke: the next request with a valid token is 401; rotating a revoked client is 409', async () => {
    const { client } = await create('admin@alpina.example', { name: 'Revoked', roles: ['SVN_SUCHEN'] })
    const token = await clientToken(client.clientId, ['SVN_SUCHEN'])
    expect((await asClient('GET', '/svn/search', token)).status).toBe(200)
    const res = await call('POST', `/api-clients/${client.id}/revoke`, 'admin@alpina.example')
    expect(res.status).toBe(200)
    expect(((await res.json()) as ApiClientJson).revokedAt).not.toBeNull()
    const refused = await asClient('GET', '/svn/search', token)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('WWW-Authenticate')).toContain('invalid_token')
    expect((await call('POST', `/api-clients/${client.id}/revoke`, 'admin@alpina.example')).status).toBe(200)
    expect((await call('POST', `/api-clients/${client.id}/secret`, 'admin@alpina.example')).status).toBe(409)
  })

  it('a token whose client_id is not its sub, or of an unknown client, is 401', async () => {
    const { client } = await create('admin@alpina.example', { name: 'Mismatch', roles: ['SVN_SUCHEN'] })
    const wrong = await bed.idp.token({
      sub: client.clientId,
      roles: ['SVN_SUCHEN'],
      claims: { client_id: 'svn-portal' },
    })
    expect((await asClient('GET', '/svn/search', wrong)).status).toBe(401)
    const unknown = await clientToken('svn-unknownunknownunknown00', ['SVN_SUCHEN'])
    expect((await asClient('GET', '/svn/search', unknown)).status).toBe(401)
  })

  it("rate limit per client: 429 with Retry-After once the window's requests are used up", async () => {
    const { client } = await create('admin@alpina.example', { name: 'Busy', roles: ['SVN_SUCHEN'] })
    const { client: other } = await create('admin@alpina.example', { name: 'Quiet', roles: ['SVN_SUCHEN'] })
    const token = await clientToken(client.clientId, ['SVN_SUCHEN'])
    const statuses: number[] = []
    for (let i = 0; i < RATE.requests + 2; i++)
      statuses.push((await asClient('GET', '/codes/land', token)).status)
    expect(statuses.slice(0, RATE.requests).every((s) => s !== 429)).toBe(true)
    const limited = await asClient('GET', '/svn/search', token)
    expect(limited.status).toBe(429)
    const wait = Number(limited.headers.get('Retry-After'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(RATE.windowSeconds)
    // Another client is counted apart; people are not limited by it.
    expect(
      (await asClient('GET', '/svn/search', await clientToken(other.clientId, ['SVN_SUCHEN']))).status,
    ).toBe(200)
    expect((await call('GET', '/svn/search', 'clerk@alpina.example', ['SVN_SUCHEN'])).status).toBe(200)
  })
})
