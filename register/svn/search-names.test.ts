/**
 * GET svn/search forgives the spelling of names (issue 21, ADR 540): umlauts as ü, ue or u, accents,
 * case, ß/ss, apostrophes, hyphens and spaces; as a prefix, within the caller's insurer, on PGlite and
 * PostgreSQL. Names come in by the create form and by the mass import: both store the folded key.
 */
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { svn } from '../../db/schema/svn.ts'
import { foldName } from '../../domain/names/fold.ts'
import type { SearchResult } from '../../domain/svn/search.ts'
import { foreignKey, openRegisterTestbed, type RegisterTestbed } from '../testing.ts'
import { registerCaller, validCreateValues } from './create-testing.ts'
import { goodRow, workbook } from './import/testing.ts'

let bed: RegisterTestbed
let call: ReturnType<typeof registerCaller>

const CLERK = 'clerk@alpina.example'
const LEMAN = 'clerk@leman.example'
const SEARCH = ['SVN_SUCHEN']
const CREATE = ['SVN_SUCHEN', 'SVN_ERSTELLEN']

beforeAll(async () => {
  bed = await openRegisterTestbed(undefined, { svnDemo: true })
  call = registerCaller(bed)
}, 180_000) // the demo seed; slow on a loaded machine

afterAll(async () => {
  await bed?.handle.close()
})

async function search(query: Record<string, string>, email = CLERK): Promise<SearchResult> {
  const res = await call('GET', `/svn/search?${new URLSearchParams(query)}`, email, SEARCH)
  expect(res.status).toBe(200)
  return (await res.json()) as SearchResult
}

const ids = (result: SearchResult) => result.rows.map((row) => row.sVnId).sort((a, b) => a - b)

/** The insurer's searchable records whose name starts `prefix` once both are folded, read in TypeScript. */
async function expectedIds(gsCode: string, column: 'name' | 'firstName', prefix: string): Promise<number[]> {
  const rows = await bed.handle.db
    .select({ id: svn.id, name: svn.name, firstName: svn.firstName })
    .from(svn)
    .where(and(eq(svn.gsCode, gsCode), ne(svn.status, 'DELETABLE')))
  return rows
    .filter((row) => foldName(row[column] ?? '\u0000').startsWith(foldName(prefix)))
    .map((row) => row.id)
    .sort((a, b) => a - b)
}

describe('GET svn/search by name, folded', () => {
  it('finds the same Müller records as Mueller, Muller, MÜLLER, müller, "mue" and "MÜL"', async () => {
    const muller = await search({ name: 'Müller' })
    const expected = await expectedIds('1001', 'name', 'Müller')
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThanOrEqual(100)
    expect(ids(muller)).toEqual(expected)
    expect(muller.total).toBe(expected.length)
    expect(muller.rows.every((row) => row.name === 'Müller')).toBe(true)
    for (const name of ['Mueller', 'Muller', 'MÜLLER', 'müller', 'MUELLER', ' muller ']) {
      expect(ids(await search({ name })), name).toEqual(expected)
    }
    // Prefixes spelled either way find them too (among other names that start the same).
    for (const name of ['mue', 'MÜL', 'Mull']) {
      const found = ids(await search({ name }))
      expect(found, name).toEqual(expect.arrayContaining(expected))
    }
  })

  it('folds first names too: Chloé and Chloe, Céline and CELINE', async () => {
    for (const [written, typed] of [
      ['Chloé', 'Chloe'],
      ['Céline', 'CELINE'],
    ] as const) {
      const expected = await expectedIds('1001', 'firstName', written)
      expect(expected.length, written).toBeGreaterThan(0)
      expect(ids(await search({ firstName: written }))).toEqual(expected)
      expect(ids(await search({ firstName: typed }))).toEqual(expected)
    }
  })

  it('keeps the real names and their order: sort=name sorts by the name as written', async () => {
    const result = await search({ name: 'mu', sort: 'name' })
    const names = result.rows.map((row) => row.name ?? '')
    expect(names.length).toBeGreaterThan(1)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    expect(names.every((name) => foldName(name).startsWith('mu'))).toBe(true)
  })

  it("stays within the caller's insurer: Léman's clerk finds only Léman's Müllers", async () => {
    const leman = await search({ name: 'Mueller' }, LEMAN)
    expect(ids(leman)).toEqual(await expectedIds('1002', 'name', 'Müller'))
    const alpina = new Set(await expectedIds('1001', 'name', 'Müller'))
    expect(leman.rows.some((row) => alpina.has(row.sVnId))).toBe(false)
  })

  it("finds a holder created as D'Andrea / Meier-Schmid / Jean-Luc however it is typed", async () => {
    const values = validCreateValues()
    values.halter.person.name = "D'Andrea-Weiß"
    values.halter.person.vorname = 'Jean-Luc'
    const res = await call('POST', '/svn/create', CLERK, CREATE, {
      formToken: `fold-${Date.now()}-token`,
      values,
    })
    expect(res.status).toBe(201)
    const { svnID: sVnId } = (await res.json()) as { svnID: number }
    for (const name of [
      "D'Andrea",
      'd’andrea',
      'DAndrea',
      'D Andrea',
      'DANDREA-WEISS',
      'dandreaweiss',
      "D'Andrea Weiss",
    ]) {
      expect(ids(await search({ name })), name).toContain(sVnId)
    }
    for (const firstName of ['Jean Luc', 'jeanluc', 'JEAN-LUC']) {
      expect(ids(await search({ name: 'DAndrea', firstName })), firstName).toEqual([sVnId])
    }
    // A different name is not found.
    expect(ids(await search({ name: 'DAndreas' }))).toEqual([])
  })

  it('finds holders of a mass import by their folded names', async () => {
    const rows = [
      { ...goodRow(1), 'halter.person.name': 'Zürcher-Gräub', 'halter.person.vorname': 'Frédéric' },
      { ...goodRow(2), 'halter.person.name': 'Zuercher', 'halter.person.vorname': 'Francois' },
    ]
    const form = new FormData()
    form.set('svnExcel', new File([new Uint8Array(await workbook(rows))], 'upload.xlsx'))
    const user = bed.seeded.find((u) => u.email === CLERK)!
    const res = await bed.app.request('/svn/massenimport', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await bed.idp.token({ sub: user.subject, roles: CREATE })}` },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const imported = await bed.handle.db
      .select({ id: svn.id, name: svn.name })
      .from(svn)
      .where(and(eq(svn.gsCode, '1001'), eq(svn.place, 'Thun'), eq(svn.street, 'Seeweg 5')))
    expect(imported).toHaveLength(2)
    const both = imported.map((row) => row.id).sort((a, b) => a - b)
    expect(ids(await search({ name: 'Zurcher' }))).toEqual(expect.arrayContaining(both))
    expect(ids(await search({ name: 'zürcher graub' }))).toEqual([
      imported.find((r) => r.name === 'Zürcher-Gräub')!.id,
    ])
    expect(ids(await search({ name: 'Zuercher', firstName: 'François' }))).toEqual([
      imported.find((r) => r.name === 'Zuercher')!.id,
    ])
  })

  it('answers 401 without or with a bad token, 403 without SVN_SUCHEN', async () => {
    expect((await call('GET', '/svn/search?name=Mueller', null, [])).status).toBe(401)
    const forged = await bed.idp.token({ sub: 'x', roles: SEARCH, key: await foreignKey() })
    const res = await bed.app.request('/svn/search?name=Mueller', {
      headers: { Authorization: `Bearer ${forged}` },
    })
    expect(res.status).toBe(401)
    expect((await call('GET', '/svn/search?name=Mueller', CLERK, ['IV_AV_MELDUNGEN'])).status).toBe(403)
  })

  it('answers 400 with field errors for a name too long or not storable', async () => {
    for (const [query, field] of [
      [{ name: 'Müller'.repeat(6) }, 'name'],
      [{ firstName: 'Anna\u0000' }, 'firstName'],
    ] as const) {
      const res = await call('GET', `/svn/search?${new URLSearchParams(query)}`, CLERK, SEARCH)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { fieldErrors: Record<string, string[]> }
      expect(Object.keys(body.fieldErrors)).toEqual([field])
    }
  })

  it('keeps % and _ literal after folding', async () => {
    expect((await search({ name: 'M%ller' })).total).toBe(0)
    expect((await search({ name: 'M_ller' })).total).toBe(0)
  })
})
