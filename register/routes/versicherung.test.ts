import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { insurers } from '../../db/schema/register.ts'
import type { SeededUser } from '../seed/demo.ts'
import { bearer, openRegisterTestbed, type RegisterTestbed, type TestIdp } from '../testing.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: RegisterTestbed['app']
let seeded: SeededUser[]

async function get(path: string, email: string, roles: string[] = ['SVN_SUCHEN']) {
  const user = seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  return app.request(path, bearer(await idp.token({ sub: user.subject, roles })))
}

const ALPINA_LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])

beforeAll(async () => {
  ;({ handle, seeded, idp, app } = await openRegisterTestbed())
  await handle.db
    .update(insurers)
    .set({ logo: ALPINA_LOGO, logoMimeType: 'image/png', logoVersion: 2 })
    .where(eq(insurers.gsCode, '1001'))
})

afterAll(async () => {
  await handle?.close()
})

describe('GET /versicherung', () => {
  it('lists every insurer by code and name only, sorted by gsCode', async () => {
    const res = await get('/versicherung', 'reader@alpina.example', ['AE_SUCHEN'])
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      { gsCode: '1001', name: 'Alpina Versicherungen' },
      { gsCode: '1002', name: 'Léman Assurances' },
      { gsCode: '1003', name: 'Seeland Broker AG' },
    ])
  })
})

describe('GET /versicherung/logo', () => {
  it("answers the caller's logo bytes, cacheable and immutable", async () => {
    const res = await get('/versicherung/logo', 'clerk@alpina.example', [])
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(ALPINA_LOGO)
  })

  it("never answers another insurer's logo: 404 when the caller's insurer has none", async () => {
    for (const email of ['admin@leman.example', 'broker@seeland.example']) {
      const res = await get('/versicherung/logo', email)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'no logo' })
    }
  })

  it('answers a JPEG with its own type for its own insurer', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 9])
    await handle.db
      .update(insurers)
      .set({ logo: jpeg, logoMimeType: 'image/jpeg', logoVersion: 1 })
      .where(eq(insurers.gsCode, '1003'))
    const res = await get('/versicherung/logo', 'broker@seeland.example')
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(jpeg)
    const alpina = await get('/versicherung/logo', 'reader@alpina.example')
    expect(Buffer.from(await alpina.arrayBuffer())).toEqual(ALPINA_LOGO)
  })
})
