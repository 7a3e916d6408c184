import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import { REGISTER_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '../domain/body-limit.ts'
import type { SeededUser } from './seed/demo.ts'
import { registerBodyLimit } from './body-limit.ts'
import { openRegisterTestbed, type RegisterTestbed, type TestIdp } from './testing.ts'

/**
 * The register's body limit (issue 17 item 4, ADR 711) through the app: 413 in the API's error shape
 * before anything is stored, also for a body without Content-Length. The memory bound over real HTTP
 * is checked in server/body-limit.after-build.test.ts.
 */

let handle: DatabaseHandle
let idp: TestIdp
let app: RegisterTestbed['app']
let seeded: SeededUser[]

beforeAll(async () => {
  ;({ handle, seeded, idp, app } = await openRegisterTestbed())
})

afterAll(async () => {
  await handle?.close()
})

async function adminToken(): Promise<string> {
  const admin = seeded.find((u) => u.email === 'admin@alpina.example')
  if (!admin) throw new Error('not seeded')
  return idp.token({ sub: admin.subject, roles: ['ADMIN'] })
}

/** A body without Content-Length (sent chunked over HTTP): `size` spaces in 64 KiB pieces. */
function chunked(size: number): ReadableStream<Uint8Array> {
  const piece = new TextEncoder().encode(' '.repeat(64 * 1024))
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close()
      const n = Math.min(piece.byteLength, size - sent)
      controller.enqueue(piece.subarray(0, n))
      sent += n
    },
  })
}

const newUser = (email: string) =>
  JSON.stringify({
    vorname: 'Anna',
    nachname: 'Muster',
    strasse: 'Seestrasse 1',
    plz: '8002',
    ort: 'Zürich',
    staat: 'CH',
    email,
    type: 'NURLESEN',
  })

async function stored(email: string): Promise<number> {
  return (await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length
}

describe('registerBodyLimit', () => {
  it.each([
    ['POST', '/versicherung/logo', null],
    ['POST', '/svn/massenimport', null],
    ['POST', '/svn/massenimport/', null],
    ['PUT', '/versicherung/logo', REGISTER_BODY_LIMIT],
    ['POST', '/users', REGISTER_BODY_LIMIT],
    ['PUT', '/versicherung/rolegroups', REGISTER_BODY_LIMIT],
    ['POST', '/svn/massenimport/error', REGISTER_BODY_LIMIT],
  ])('%s %s: %s bytes', (method, path, limit) => {
    expect(registerBodyLimit(method, path)).toBe(limit)
  })
})

describe('register body limit', () => {
  it('refuses an announced length over 64 KiB with 413 before the token is checked', async () => {
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      const res = await app.request('/users', {
        method: 'POST',
        headers: { 'Content-Type': type, 'Content-Length': String(REGISTER_BODY_LIMIT + 1) },
        body: ' '.repeat(REGISTER_BODY_LIMIT + 1),
      })
      expect(res.status, type).toBe(413)
      expect(await res.json()).toEqual({ error: 'payload too large' })
    }
  })

  it('refuses a body without length once it passes 64 KiB: 413, nothing stored', async () => {
    const res = await app.request('/users', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await adminToken()}`, 'Content-Type': 'application/json' },
      body: chunked(2 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'payload too large' })
  })

  it('passes a body without length under the limit on to the route unchanged', async () => {
    const body = newUser('chunked@alpina.example')
    const res = await app.request('/users', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await adminToken()}`, 'Content-Type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          const bytes = new TextEncoder().encode(body)
          controller.enqueue(bytes.subarray(0, 10))
          controller.enqueue(bytes.subarray(10))
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(201)
    expect(await stored('chunked@alpina.example')).toBe(1)
  })

  it('leaves an upload to its route, which stops it at its own file limit after the token check', async () => {
    const clerk = seeded.find((u) => u.email === 'clerk@alpina.example')
    if (!clerk) throw new Error('not seeded')
    const res = await app.request('/svn/massenimport', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await idp.token({ sub: clerk.subject, roles: ['SVN_ERSTELLEN'] })}`,
        'Content-Type': 'multipart/form-data; boundary=x',
      },
      body: chunked(UPLOAD_BODY_LIMIT + 1024 * 1024),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ problem: 'tooLarge' })
  })
})
