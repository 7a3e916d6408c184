import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/register.ts'
import { svn, svnCreateTokens, svnDrafts } from '../../db/schema/svn.ts'
import { createSvnSchema } from '../../domain/svn/create.ts'
import { zurichDay } from '../../domain/svn/dates.ts'
import type { Svn } from '../../domain/svn/types.ts'
import { foreignKey, openRegisterTestbed, type RegisterTestbed } from '../testing.ts'
import { registerCaller, validCreateValues } from './create-testing.ts'

let bed: RegisterTestbed
let call: ReturnType<typeof registerCaller>

const CLERK = 'clerk@alpina.example'
const READER = 'reader@alpina.example'
const LEMAN = 'clerk@leman.example'
const BROKER = 'broker@seeland.example'
const SEELAND_ADMIN = 'admin@seeland.example'
const CREATE = ['SVN_SUCHEN', 'SVN_ERSTELLEN']
const CREATE_WIK_C = [...CREATE, 'SVN_ERSTELLEN_WIK_C']

let tokens = 0
const newToken = () => `form-token-${++tokens}-${Math.random().toString(36).slice(2)}`

async function svnCount(): Promise<number> {
  const [row] = await bed.handle.db.select({ n: count() }).from(svn)
  return row?.n ?? 0
}

async function details(id: number, email = CLERK): Promise<Svn> {
  const res = await call('GET', `/svn/details?svnId=${id}`, email, ['SVN_SUCHEN'])
  expect(res.status).toBe(200)
  return (await res.json()) as Svn
}

beforeAll(async () => {
  bed = await openRegisterTestbed()
  call = registerCaller(bed)
})

afterAll(async () => {
  await bed?.handle.close()
})

describe('POST svn/create: endpoint matrix', () => {
  it('answers 401 without or with a bad token', async () => {
    const body = { formToken: newToken(), values: validCreateValues() }
    expect((await call('POST', '/svn/create', null, [], body)).status).toBe(401)
    const forged = await bed.idp.token({ sub: 'x', roles: CREATE, key: await foreignKey() })
    const res = await bed.app.request('/svn/create', {
      method: 'POST',
      headers: { Authorization: `Bearer ${forged}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(401)
    expect(await svnCount()).toBe(0)
  })

  it('answers 403 without SVN_ERSTELLEN or SVN_ERSTELLEN_WIK_C, and stores nothing', async () => {
    const body = () => ({ formToken: newToken(), values: validCreateValues() })
    // The read-only user, with what a NURLESEN token carries.
    expect((await call('POST', '/svn/create', READER, ['SVN_SUCHEN', 'AE_SUCHEN'], body())).status).toBe(403)
    // A clerk whose token lacks the create roles.
    expect((await call('POST', '/svn/create', CLERK, ['SVN_SUCHEN', 'SVN_STORNIEREN'], body())).status).toBe(
      403,
    )
    expect(await svnCount()).toBe(0)
  })

  it('answers 400 with field errors keyed by dotted path, and stores nothing', async () => {
    const values = validCreateValues()
    values.halter.person.name = ''
    values.schiff.stammNr = '123456787'
    values.schild.schildNr = '0815'
    values.versicherungsdaten.gueltigAb = '01.01.2000'
    values.halter.person.geburtsdatum = '30.02.1980'
    values.halter.adresse.plz = 'abcd'
    values.kontakt.telefon = 'Zentrale'
    const res = await call('POST', '/svn/create', CLERK, CREATE, { formToken: newToken(), values })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'validation failed',
      fieldErrors: {
        'halter.person.name': ['validation.required'],
        'halter.person.geburtsdatum': ['validation.dateNotReal'],
        'halter.adresse.plz': ['validation.swissPostcode'],
        'schiff.stammNr': ['validation.stemNumber'],
        'kontakt.telefon': ['validation.phone'],
        'schild.schildNr': ['validation.schildNummerDigits'],
        'versicherungsdaten.gueltigAb': ['validation.dateOlderThan'],
      },
    })
    expect(await svnCount()).toBe(0)
    const [tokenRows] = await bed.handle.db.select({ n: count() }).from(svnCreateTokens)
    expect(tokenRows?.n).toBe(0)
  })

  it('answers 400 for a missing or malformed form token, or a body that is no JSON', async () => {
    for (const body of [
      { values: validCreateValues() },
      { formToken: 'short', values: validCreateValues() },
    ]) {
      const res = await call('POST', '/svn/create', CLERK, CREATE, body)
      expect(res.status).toBe(400)
      expect(Object.keys(((await res.json()) as { fieldErrors: object }).fieldErrors)).toEqual(['formToken'])
    }
    expect((await call('POST', '/svn/create', CLERK, CREATE, 'not json')).status).toBe(400)
    expect(await svnCount()).toBe(0)
  })

  it('answers 413 for a body far larger than any form', async () => {
    const values = validCreateValues()
    values.halter.person.name = 'x'.repeat(70 * 1024)
    const res = await call('POST', '/svn/create', CLERK, CREATE, { formToken: newToken(), values })
    expect(res.status).toBe(413)
    expect(await svnCount()).toBe(0)
  })
})

describe('POST svn/create: storing', () => {
  it('creates the record in status OPEN with every field of the form stored', async () => {
    const now = new Date()
    const values = validCreateValues(now)
    const before = await svnCount()
    const res = await call('POST', '/svn/create', CLERK, CREATE_WIK_C, { formToken: newToken(), values })
    expect(res.status).toBe(201)
    const { svnID } = (await res.json()) as { svnID: number }
    expect(Number.isInteger(svnID)).toBe(true)
    expect(await svnCount()).toBe(before + 1)

    const expected = createSvnSchema({ today: zurichDay(now), canWikC: true }).parse(values)
    const record = await details(svnID)
    expect(record.status).toBe('OPEN')
    expect(record.halter).toEqual(expected.halter)
    expect(record.schiff).toEqual(expected.schiff)
    expect(record.schild).toEqual(expected.schild)
    expect(record.kontakt).toEqual(expected.kontakt)
    expect(record.wikCGueltigAb).toBe(expected.wikCGueltigAb)
    expect(record.versicherungsdaten).toEqual({
      ...expected.versicherungsdaten,
      ivDatum: null,
      avDatum: null,
      avGrund: null,
      gscode: '1001',
      maklerNr: null,
      benutzer: CLERK,
    })
    // Nothing of the form is lost: every field is non-null in this example.
    for (const part of [
      record.halter.person,
      record.halter.adresse,
      record.schiff,
      record.schild,
      record.kontakt,
    ]) {
      for (const value of Object.values(part)) expect(value).not.toBeNull()
    }
    expect(record.ausweisentzug).toBeNull()

    const audit = await bed.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'svn'), eq(auditLog.entityId, String(svnID))))
    expect(audit).toMatchObject([{ action: 'svn.create', toStatus: 'OPEN', gsCode: '1001' }])
  })

  it('a repeated form token answers 200 with the same id and creates nothing more', async () => {
    const formToken = newToken()
    const first = await call('POST', '/svn/create', CLERK, CREATE, { formToken, values: validCreateValues() })
    expect(first.status).toBe(201)
    const { svnID } = (await first.json()) as { svnID: number }
    const before = await svnCount()
    const again = await call('POST', '/svn/create', CLERK, CREATE, { formToken, values: validCreateValues() })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ svnID })
    expect(await svnCount()).toBe(before)
    const rows = await bed.handle.db
      .select()
      .from(svnCreateTokens)
      .where(eq(svnCreateTokens.token, formToken))
    expect(rows).toHaveLength(1)
  })

  it('two racing posts of the same token create one SVN and both answer its id', async () => {
    const formToken = newToken()
    const before = await svnCount()
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', '/svn/create', CLERK, CREATE, { formToken, values: validCreateValues() }),
      ),
    )
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { svnID: number }[]
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 201])
    expect(new Set(bodies.map((b) => b.svnID)).size).toBe(1)
    expect(await svnCount()).toBe(before + 1)
  })

  it("another user's form token answers 409 and never their SVN", async () => {
    const formToken = newToken()
    expect(
      (await call('POST', '/svn/create', CLERK, CREATE, { formToken, values: validCreateValues() })).status,
    ).toBe(201)
    const before = await svnCount()
    const res = await call('POST', '/svn/create', LEMAN, CREATE, { formToken, values: validCreateValues() })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'form token already used' })
    expect(await svnCount()).toBe(before)
  })

  it('takes insurer, broker number and user from the caller, never from the form', async () => {
    const values = {
      ...validCreateValues(),
      gsCode: '1001',
      maklerNr: '9999',
      versicherungsdaten: {
        ...validCreateValues().versicherungsdaten,
        gscode: '1001',
        maklerNr: '9999',
        benutzer: 'x',
      },
    }
    const res = await call('POST', '/svn/create', BROKER, [...CREATE, 'MAKLER'], {
      formToken: newToken(),
      values,
      gsCode: '1001',
      maklerNr: '9999',
    })
    expect(res.status).toBe(201)
    const { svnID } = (await res.json()) as { svnID: number }
    const record = await details(svnID, SEELAND_ADMIN)
    expect(record.versicherungsdaten).toMatchObject({ gscode: '1003', maklerNr: '4711', benutzer: BROKER })
    // The broker sees it (own number); the other insurer's clerk does not.
    expect((await call('GET', `/svn/details?svnId=${svnID}`, BROKER, ['SVN_SUCHEN', 'MAKLER'])).status).toBe(
      200,
    )
    expect((await call('GET', `/svn/details?svnId=${svnID}`, CLERK, ['SVN_SUCHEN'])).status).toBe(404)
  })

  it('a broker without a broker number may not create (403), a non-broker creates without one', async () => {
    const res = await call('POST', '/svn/create', SEELAND_ADMIN, [...CREATE, 'MAKLER'], {
      formToken: newToken(),
      values: validCreateValues(),
    })
    expect(res.status).toBe(403)
    const ok = await call('POST', '/svn/create', SEELAND_ADMIN, CREATE, {
      formToken: newToken(),
      values: validCreateValues(),
    })
    expect(ok.status).toBe(201)
    const { svnID } = (await ok.json()) as { svnID: number }
    expect((await details(svnID, SEELAND_ADMIN)).versicherungsdaten.maklerNr).toBeNull()
  })

  it('WIK-C valid-from: stored for SVN_ERSTELLEN_WIK_C, ignored without it', async () => {
    const values = validCreateValues()
    const withWikC = await call('POST', '/svn/create', CLERK, CREATE_WIK_C, { formToken: newToken(), values })
    const withoutWikC = await call('POST', '/svn/create', CLERK, CREATE, { formToken: newToken(), values })
    const a = (await withWikC.json()) as { svnID: number }
    const b = (await withoutWikC.json()) as { svnID: number }
    expect((await details(a.svnID)).wikCGueltigAb).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect((await details(b.svnID)).wikCGueltigAb).toBeNull()
    // Its date rule applies only where it is read.
    const bad = { ...values, wikCGueltigAb: '31.02.2025' }
    const refused = await call('POST', '/svn/create', CLERK, CREATE_WIK_C, {
      formToken: newToken(),
      values: bad,
    })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { fieldErrors: object }).fieldErrors).toEqual({
      wikCGueltigAb: ['validation.dateNotReal'],
    })
    expect(
      (await call('POST', '/svn/create', CLERK, CREATE, { formToken: newToken(), values: bad })).status,
    ).toBe(201)
  })

  it('SVN_ERSTELLEN_WIK_C alone may create (the route authorities of svn/create)', async () => {
    const res = await call('POST', '/svn/create', CLERK, ['SVN_ERSTELLEN_WIK_C'], {
      formToken: newToken(),
      values: validCreateValues(),
    })
    expect(res.status).toBe(201)
  })

  it('collective permit: boat data stored as null', async () => {
    const values = validCreateValues()
    values.versicherungsdaten.besVerwendung = '3'
    values.schiff = { stammNr: '', schaleNr: '', art: '', markeTyp: '' }
    const res = await call('POST', '/svn/create', CLERK, CREATE, { formToken: newToken(), values })
    expect(res.status).toBe(201)
    const record = await details(((await res.json()) as { svnID: number }).svnID)
    expect(record.schiff).toEqual({ stammNr: null, schaleNr: null, art: null, markeTyp: null })
    expect(record.versicherungsdaten.besVerwendung).toBe(3)
  })

  it("deletes the caller's draft in the same transaction, and only theirs", async () => {
    const draft = { halter: { person: { name: 'Entwurf' } } }
    expect((await call('POST', '/svn/draft', CLERK, CREATE, draft)).status).toBe(200)
    expect((await call('POST', '/svn/draft', LEMAN, CREATE, draft)).status).toBe(200)
    // A refused create keeps the draft.
    const invalid = { ...validCreateValues(), kontakt: { ...validCreateValues().kontakt, name: '' } }
    expect(
      (await call('POST', '/svn/create', CLERK, CREATE, { formToken: newToken(), values: invalid })).status,
    ).toBe(400)
    expect((await call('GET', '/svn/draft', CLERK, CREATE)).status).toBe(200)
    const res = await call('POST', '/svn/create', CLERK, CREATE, {
      formToken: newToken(),
      values: validCreateValues(),
    })
    expect(res.status).toBe(201)
    expect((await call('GET', '/svn/draft', CLERK, CREATE)).status).toBe(204)
    expect((await call('GET', '/svn/draft', LEMAN, CREATE)).status).toBe(200)
    const drafts = await bed.handle.db.select({ userId: svnDrafts.userId }).from(svnDrafts)
    expect(drafts).toHaveLength(1)
  })
})
