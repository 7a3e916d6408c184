import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, openRegisterTestbed, type RegisterTestbed } from './testing.ts'

let bed: RegisterTestbed

beforeAll(async () => {
  bed = await openRegisterTestbed()
})
afterAll(async () => {
  await bed?.handle.close()
})

describe('no register answer is cached (issue 17 item 11, ADR 704)', () => {
  it('every JSON answer says Cache-Control: no-store: data, 400, 401, 403, 404', async () => {
    const admin = bed.seeded.find((u) => u.email === 'admin@alpina.example')!
    const token = await bed.idp.token({ sub: admin.subject, roles: ['ADMIN', 'SVN_SUCHEN'] })
    const reader = await bed.idp.token({ sub: admin.subject, roles: [] })
    const answers = [
      await bed.app.request('/users/self', bearer(token)),
      await bed.app.request('/versicherung', bearer(token)),
      await bed.app.request('/svn/search?name=Muster', bearer(token)),
      await bed.app.request('/codes/category/Land', bearer(token)),
      await bed.app.request('/codes/category/%20', bearer(token)),
      await bed.app.request('/users/self'),
      await bed.app.request('/users', bearer(reader)),
      await bed.app.request('/nowhere', bearer(token)),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 400, 401, 403, 404])
    for (const res of answers) {
      expect(res.headers.get('Content-Type')).toMatch(/json/)
      expect(res.headers.get('Cache-Control')).toMatch(/no-store/)
    }
  })
})
