import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import type { SeededUser } from '../seed/demo.ts'
import { bearer, openRegisterTestbed, type RegisterTestbed, type TestIdp } from '../testing.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: RegisterTestbed['app']
let seeded: SeededUser[]

async function get(path: string) {
  const user = seeded[0]
  if (!user) throw new Error('nothing seeded')
  return app.request(path, bearer(await idp.token({ sub: user.subject, roles: ['ADMIN'] })))
}

type Item = { id: string; version: number; category: string; de: string; fr: string; it: string }

beforeAll(async () => {
  ;({ handle, seeded, idp, app } = await openRegisterTestbed())
})

afterAll(async () => {
  await handle?.close()
})

describe('GET /codes/category/:category', () => {
  it('answers the countries sorted by id, with exactly the item fields', async () => {
    const res = await get('/codes/category/Land')
    expect(res.status).toBe(200)
    const items = (await res.json()) as Item[]
    expect(items.length).toBeGreaterThanOrEqual(240)
    expect(items.map((i) => i.id)).toEqual(items.map((i) => i.id).sort())
    expect(items.find((i) => i.id === 'CH')).toEqual({
      id: 'CH',
      version: 0,
      category: 'Land',
      de: 'Schweiz',
      fr: 'Suisse',
      it: 'Svizzera',
    })
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual(['category', 'de', 'fr', 'id', 'it', 'version'])
  })

  it('answers the rejection reasons', async () => {
    const items = (await (await get('/codes/category/Rueckweisungsgrund')).json()) as Item[]
    expect(items.map((i) => i.id)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(items.every((i) => i.category === 'Rueckweisungsgrund' && i.de && i.fr && i.it)).toBe(true)
  })

  it('answers 404 for an unknown category, also for a different case', async () => {
    for (const category of ['Kanton', 'land']) {
      const res = await get(`/codes/category/${category}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'unknown category' })
    }
  })

  it('answers 400 with field errors for a malformed category', async () => {
    for (const category of ['Land1', 'a'.repeat(41), 'L%C3%A4nder', "Land'--", 'La%20nd']) {
      const res = await get(`/codes/category/${category}`)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: string; fieldErrors: Record<string, string[]> }
      expect(body.error).toBe('validation failed')
      expect(body.fieldErrors.category?.length).toBeGreaterThan(0)
    }
  })
})
