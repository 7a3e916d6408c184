import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/register.ts'
import { emptyCreateValues } from '../../domain/svn/create.ts'
import { foreignKey, openRegisterTestbed, type RegisterTestbed } from '../testing.ts'
import { registerCaller, validCreateValues } from './create-testing.ts'
import { DRAFT_MAX_BYTES, draftValuesOf } from './draft.ts'

let bed: RegisterTestbed
let call: ReturnType<typeof registerCaller>

const CLERK = 'clerk@alpina.example'
const COLLEAGUE = 'admin@alpina.example'
const READER = 'reader@alpina.example'
const CREATE = ['SVN_SUCHEN', 'SVN_ERSTELLEN']

interface DraftBody {
  values: ReturnType<typeof emptyCreateValues>
  updatedAt: string
}

beforeAll(async () => {
  bed = await openRegisterTestbed()
  call = registerCaller(bed)
})

afterAll(async () => {
  await bed?.handle.close()
})

async function draftAudit(email: string) {
  const user = bed.seeded.find((u) => u.email === email)
  return bed.handle.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'svn_draft'), eq(auditLog.entityId, String(user?.userId))))
}

describe('svn/draft: endpoint matrix', () => {
  it('answers 401 without or with a bad token', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await call(method, '/svn/draft', null, [], method === 'POST' ? {} : undefined)).status).toBe(
        401,
      )
      const forged = await bed.idp.token({ sub: 'x', roles: CREATE, key: await foreignKey() })
      const res = await bed.app.request('/svn/draft', {
        method,
        headers: { Authorization: `Bearer ${forged}` },
      })
      expect(res.status).toBe(401)
    }
  })

  it('answers 403 without a create role', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await call(
        method,
        '/svn/draft',
        READER,
        ['SVN_SUCHEN', 'AE_SUCHEN'],
        method === 'POST' ? {} : undefined,
      )
      expect(res.status).toBe(403)
    }
  })

  it('answers 400 for a body that is no JSON object, 413 beyond 64 KB, and stores nothing', async () => {
    for (const body of ['[1,2]', '"text"', 'null', 'not json']) {
      const res = await call('POST', '/svn/draft', CLERK, CREATE, body)
      expect(res.status, body).toBe(400)
    }
    const huge = { halter: { person: { name: 'x'.repeat(DRAFT_MAX_BYTES) } } }
    expect((await call('POST', '/svn/draft', CLERK, CREATE, huge)).status).toBe(413)
    expect((await call('GET', '/svn/draft', CLERK, CREATE)).status).toBe(204)
  })
})

describe('svn/draft: save, restore, replace, delete', () => {
  it('answers 204 when there is no draft', async () => {
    const res = await call('GET', '/svn/draft', CLERK, CREATE)
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })

  it('restores exactly what was typed, even when it is not valid yet', async () => {
    const typed = validCreateValues()
    typed.halter.person.geburtsdatum = '31.02.19'
    typed.schiff.stammNr = '123'
    const saved = await call('POST', '/svn/draft', CLERK, CREATE, typed)
    expect(saved.status).toBe(200)
    const { updatedAt } = (await saved.json()) as { updatedAt: string }
    expect(Number.isNaN(Date.parse(updatedAt))).toBe(false)

    const res = await call('GET', '/svn/draft', CLERK, CREATE)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ values: typed, updatedAt })
  })

  it('replaces the one draft per user; only the first save and the deletion are audited', async () => {
    const first = { ...emptyCreateValues(), wikCGueltigAb: '01.01.2025' }
    expect((await call('POST', '/svn/draft', COLLEAGUE, CREATE, first)).status).toBe(200)
    const second = emptyCreateValues()
    second.kontakt.name = 'Zweiter Stand'
    expect((await call('POST', '/svn/draft', COLLEAGUE, CREATE, second)).status).toBe(200)
    const restored = (await (await call('GET', '/svn/draft', COLLEAGUE, CREATE)).json()) as DraftBody
    expect(restored.values).toEqual(second)
    expect(await draftAudit(COLLEAGUE)).toEqual([{ action: 'svn.draft.save' }])

    expect((await call('DELETE', '/svn/draft', COLLEAGUE, CREATE)).status).toBe(204)
    expect((await call('GET', '/svn/draft', COLLEAGUE, CREATE)).status).toBe(204)
    // Deleting again is harmless.
    expect((await call('DELETE', '/svn/draft', COLLEAGUE, CREATE)).status).toBe(204)
    expect(await draftAudit(COLLEAGUE)).toEqual([
      { action: 'svn.draft.save' },
      { action: 'svn.draft.delete' },
    ])
  })

  it("another user's draft is invisible and untouched", async () => {
    const mine = emptyCreateValues()
    mine.halter.person.name = 'Nur meiner'
    expect((await call('POST', '/svn/draft', CLERK, CREATE, mine)).status).toBe(200)
    // The colleague (same insurer) sees none, saves their own, deletes theirs: the clerk's stays.
    expect((await call('GET', '/svn/draft', COLLEAGUE, CREATE)).status).toBe(204)
    expect((await call('POST', '/svn/draft', COLLEAGUE, CREATE, emptyCreateValues())).status).toBe(200)
    expect((await call('DELETE', '/svn/draft', COLLEAGUE, CREATE)).status).toBe(204)
    const restored = (await (await call('GET', '/svn/draft', CLERK, CREATE)).json()) as DraftBody
    expect(restored.values.halter.person.name).toBe('Nur meiner')
  })

  it('keeps only the form fields, as text', async () => {
    const res = await call('POST', '/svn/draft', CLERK, CREATE, {
      halter: { person: { name: 'Muster', vorname: 42, evil: '<script>' } },
      gsCode: '9999',
      schiff: 'nonsense',
    })
    expect(res.status).toBe(200)
    const restored = (await (await call('GET', '/svn/draft', CLERK, CREATE)).json()) as DraftBody
    const expected = emptyCreateValues()
    expected.versicherungsdaten.besVerwendung = ''
    expected.halter.person.name = 'Muster'
    expected.halter.person.vorname = '42'
    expect(restored.values).toEqual(expected)
    expect(restored).not.toHaveProperty('values.gsCode')
  })

  it('draftValuesOf gives every form field as a string', () => {
    const values = draftValuesOf({ kontakt: { email: ['a'] } })
    expect(values.kontakt.email).toBe('')
    expect(values.schild).toEqual({ kanton: '', schildNr: '' })
  })
})
