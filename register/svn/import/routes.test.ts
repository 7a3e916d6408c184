import { and, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../../db/schema/register.ts'
import { svn, svnImportErrors } from '../../../db/schema/svn.ts'
import type { ImportRefusal, ImportResult } from '../../../domain/svn/import.ts'
import type { SearchResult } from '../../../domain/svn/search.ts'
import { addUser, foreignKey, openRegisterTestbed, type RegisterTestbed } from '../../testing.ts'
import { headerOf } from './columns.ts'
import {
  goodRow,
  handmadeZip,
  lyingZipBomb,
  manyEntriesZip,
  sheetRows,
  today,
  workbook,
  zipBomb,
} from './testing.ts'

let bed: RegisterTestbed

const CLERK = 'clerk@alpina.example'
const LEMAN = 'clerk@leman.example'
const BROKER = 'broker@seeland.example'
const CREATE = ['SVN_ERSTELLEN', 'SVN_SUCHEN']

beforeAll(async () => {
  bed = await openRegisterTestbed()
})

afterAll(async () => {
  await bed?.handle.close()
})

async function headers(email: string | null, roles: string[] = CREATE, lang?: string) {
  const h: Record<string, string> = {}
  if (email) {
    const user = bed.seeded.find((u) => u.email === email)
    if (!user) throw new Error(`not seeded: ${email}`)
    h.Authorization = `Bearer ${await bed.idp.token({ sub: user.subject, roles })}`
  }
  if (lang) h['Accept-Language'] = lang
  return h
}

async function get(path: string, email: string | null, roles?: string[], lang?: string) {
  return bed.app.request(path, { headers: await headers(email, roles, lang) })
}

async function upload(
  bytes: Buffer | string,
  email = CLERK,
  options: { roles?: string[]; lang?: string; field?: string } = {},
) {
  const form = new FormData()
  const content = typeof bytes === 'string' ? Buffer.from(bytes) : bytes
  form.set(options.field ?? 'svnExcel', new File([new Uint8Array(content)], 'upload.xlsx'))
  return bed.app.request('/svn/massenimport', {
    method: 'POST',
    body: form,
    headers: await headers(email, options.roles, options.lang),
  })
}

async function svnCount(gsCode = '1001'): Promise<number> {
  const [row] = await bed.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(svn)
    .where(eq(svn.gsCode, gsCode))
  return row?.n ?? 0
}

async function errorFileOf(email: string) {
  const user = bed.seeded.find((u) => u.email === email)
  const [row] = await bed.handle.db
    .select()
    .from(svnImportErrors)
    .where(eq(svnImportErrors.userId, user?.userId ?? -1))
  return row ?? null
}

async function search(query: string, email = CLERK): Promise<SearchResult> {
  return (await (await get(`/svn/search?${query}`, email)).json()) as SearchResult
}

describe('endpoint matrix', () => {
  const endpoints = [
    { method: 'POST', path: '/svn/massenimport' },
    { method: 'GET', path: '/svn/massenimport/error/available' },
    { method: 'GET', path: '/svn/massenimport/error' },
    { method: 'GET', path: '/svn/massenimport/vorlage' },
  ]

  it('answers 401 without or with a forged token', async () => {
    const forged = await bed.idp.token({ sub: 'x', roles: CREATE, key: await foreignKey() })
    for (const e of endpoints) {
      expect((await bed.app.request(e.path, { method: e.method })).status, e.path).toBe(401)
      const res = await bed.app.request(e.path, {
        method: e.method,
        headers: { Authorization: `Bearer ${forged}` },
      })
      expect(res.status, e.path).toBe(401)
    }
  })

  it('answers 403 without SVN_ERSTELLEN (also for SVN_ERSTELLEN_WIK_C alone), storing nothing', async () => {
    const before = await svnCount()
    for (const roles of [['SVN_SUCHEN'], ['SVN_ERSTELLEN_WIK_C']]) {
      for (const e of endpoints) {
        const res = await bed.app.request(e.path, { method: e.method, headers: await headers(CLERK, roles) })
        expect(res.status, `${e.path} ${roles}`).toBe(403)
      }
      expect((await upload(await workbook([goodRow(1)]), CLERK, { roles })).status).toBe(403)
    }
    expect(await svnCount()).toBe(before)
  })
})

describe('GET svn/massenimport/vorlage', () => {
  it('is a workbook in the language asked for: header row, example row, drop-downs, explanations', async () => {
    const res = await get('/svn/massenimport/vorlage', CLERK, CREATE, 'fr-CH,fr;q=0.9')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('spreadsheetml')
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="SVN-import-en-masse-modele\.xlsx"/,
    )
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const [data, help, lists] = book.worksheets
    expect(data?.name).toBe('SVN')
    expect(data?.getRow(1).getCell(2).value).toBe('Détenteur nom')
    expect(data?.getRow(1).getCell(1).value).toBe('Détenteur type de personne')
    expect(data?.getRow(2).getCell(1).value).toBe('NATUERLICH – Personne physique')
    expect(data?.rowCount).toBe(2)
    // Drop-downs on selections and cantons, pointing into the hidden lists sheet.
    const model = (data as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } })
      .dataValidations.model
    const listColumns = new Set(
      Object.entries(model)
        .filter(([, v]) => v.type === 'list')
        .map(([address]) => address.replace(/\d+/g, '')),
    )
    expect(listColumns.size).toBe(5)
    expect(model.Y5001?.type).toBe('list')
    expect(lists?.state).toBe('hidden')
    const listValues: unknown[] = []
    lists?.eachRow((row) => listValues.push(...(row.values as unknown[]).slice(1)))
    expect(listValues).toContain('ZH')
    expect(listValues).toContain('3 – Bateau à moteur')
    // One explanation row per column.
    expect(help?.name).toBe('Explications')
    const helpText: string[] = []
    help?.eachRow((row) => helpText.push(String(row.getCell(1).value ?? '')))
    expect(helpText).toContain('Numéro matricule')
    // The limits as French writes numbers ("5 000", not "5000" or "5’000").
    expect(helpText.find((line) => line.startsWith('Une ligne de la feuille'))).toContain(
      'Au plus 5\u202f000 lignes',
    )
  })

  it('has the WIK-C column only for holders of SVN_ERSTELLEN_WIK_C', async () => {
    const headerRow = async (roles: string[]) => {
      const res = await get('/svn/massenimport/vorlage', CLERK, roles, 'de')
      return (await sheetRows(await res.arrayBuffer()))[0] ?? []
    }
    expect(await headerRow(CREATE)).not.toContain('WIK-C gültig ab')
    expect(await headerRow([...CREATE, 'SVN_ERSTELLEN_WIK_C'])).toContain('WIK-C gültig ab')
  })
})

describe('POST svn/massenimport', () => {
  it('round trip: template → filled rows → import → records searchable, audited, no error file', async () => {
    const template = await get('/svn/massenimport/vorlage', CLERK, CREATE, 'de')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await template.arrayBuffer())
    const data = book.worksheets[0]!
    const header = (data.getRow(1).values as unknown[]).slice(1).map(String)
    const fields = header.map((text) => {
      const found = Object.keys(goodRow(0)).find((name) => headerOf(name as never, 'de') === text)
      return found ?? null
    })
    // The example row stays in (it is skipped); two rows are added under it.
    for (const n of [1, 2]) {
      const values = goodRow(n, 'Roundtrip')
      data.addRow(fields.map((name) => (name ? (values[name as keyof typeof values] ?? null) : null)))
    }
    const before = await svnCount()
    const res = await upload(Buffer.from(await book.xlsx.writeBuffer()))
    // A refusal names its problem: say it when this fails (seen once in CI, not reproduced).
    expect(res.status, await res.clone().text()).toBe(200)
    const result = (await res.json()) as ImportResult
    expect(result).toMatchObject({ imported: 2, failed: 0, errorFileAvailable: false })
    expect(result.ids).toHaveLength(2)
    expect(await svnCount()).toBe(before + 2)

    const found = await search('name=Roundtrip')
    expect(found.rows.map((r) => r.sVnId).sort()).toEqual(result.ids)
    expect(found.rows.every((r) => r.status === 'OPEN' && r.canton === 'BE')).toBe(true)
    const detail = (await (await get(`/svn/details?svnId=${result.ids[0]}`, CLERK)).json()) as {
      halter: { person: { geburtsdatum: string } }
      versicherungsdaten: { gueltigAb: string; ivGrund: number; besVerwendung: number; benutzer: string }
      schiff: { stammNr: number; art: number }
    }
    expect(detail.halter.person.geburtsdatum).toBe('1980-05-17')
    expect(detail.versicherungsdaten).toMatchObject({ gueltigAb: today(), ivGrund: 57, benutzer: CLERK })
    expect(detail.schiff).toMatchObject({ stammNr: 100000003, art: 3 })

    const audit = await bed.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'svn.import'), eq(auditLog.gsCode, '1001')))
    expect(audit.at(-1)?.details).toMatchObject({ rows: 2, imported: 2, failed: 0 })
    expect((await get('/svn/massenimport/error/available', CLERK)).status).toBe(200)
    expect(await (await get('/svn/massenimport/error/available', CLERK)).json()).toEqual({ available: false })
    expect((await get('/svn/massenimport/error', CLERK)).status).toBe(404)
  })

  it('partial failure: valid rows imported, the others in an error file with their cells and messages', async () => {
    const bad1 = { ...goodRow(11, 'Partial'), 'halter.person.name': '', 'schild.kanton': 'XX' }
    const bad2 = {
      ...goodRow(12, 'Partial'),
      'schiff.stammNr': '123456789',
      'versicherungsdaten.gueltigAb': '1.1.2001',
    }
    const rows = [goodRow(10, 'Partial'), bad1, goodRow(13, 'Partial'), bad2, goodRow(14, 'Partial')]
    const before = await svnCount()
    const res = await upload(await workbook(rows), CLERK, { lang: 'fr' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ imported: 3, failed: 2, errorFileAvailable: true })
    expect(await svnCount()).toBe(before + 3)
    expect((await search('name=Partial')).rows.map((r) => r.name).sort()).toEqual([
      'Partial10',
      'Partial13',
      'Partial14',
    ])
    expect(await (await get('/svn/massenimport/error/available', CLERK)).json()).toEqual({ available: true })

    const file = await get('/svn/massenimport/error', CLERK)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Disposition')).toMatch(
      /filename="SVN-import-en-masse-erreurs-\d{4}-\d{2}-\d{2}\.xlsx"/,
    )
    const [header, first, second, ...rest] = await sheetRows(await file.arrayBuffer())
    expect(rest).toEqual([])
    expect(header?.at(-1)).toBe('Erreur')
    expect(header?.slice(0, -1)).toEqual((await sheetRows(await workbook([])))[0])
    // Original cells kept (the empty name stays empty), messages in French naming the column.
    const nameCol = header!.indexOf(headerOf('halter.person.name', 'de'))
    expect(first?.[nameCol] ?? null).toBeNull()
    expect(first?.[header!.indexOf(headerOf('schild.kanton', 'de'))]).toBe('XX')
    expect(String(first?.at(-1))).toBe(
      'Détenteur nom\u00a0: Veuillez remplir ce champ.\nCanton\u00a0: Veuillez choisir une entrée de la liste.',
    )
    expect(second?.[header!.indexOf(headerOf('halter.person.name', 'de'))]).toBe('Partial12')
    expect(String(second?.at(-1))).toContain('Numéro matricule\u00a0: Numéro matricule invalide')
    expect(String(second?.at(-1))).toContain(
      'Valable dès\u00a0: La date ne peut pas remonter à plus de 30 jours.',
    )
  })

  it('the corrected error file can be uploaded again (its error column is ignored)', async () => {
    const file = await get('/svn/massenimport/error', CLERK)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await file.arrayBuffer())
    const ws = book.worksheets[0]!
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String)
    const col = (name: Parameters<typeof headerOf>[0]) => header.indexOf(headerOf(name, 'de')) + 1
    ws.getRow(2).getCell(col('halter.person.name')).value = 'Partial11'
    ws.getRow(2).getCell(col('schild.kanton')).value = 'BE'
    ws.getRow(3).getCell(col('schiff.stammNr')).value = '100.000.003'
    ws.getRow(3).getCell(col('versicherungsdaten.gueltigAb')).value = new Date(`${today()}T00:00:00Z`)
    const res = await upload(Buffer.from(await book.xlsx.writeBuffer()))
    expect(await res.json()).toMatchObject({ imported: 2, failed: 0, errorFileAvailable: false })
    expect((await search('name=Partial')).total).toBe(5)
    expect(await errorFileOf(CLERK)).toBeNull()
  })

  it('reads headers in any of the four languages and in any order', async () => {
    const fields = ['halter.person.name', 'halter.person.personenTyp'] as const
    const all = Object.keys(goodRow(0)) as (keyof ReturnType<typeof goodRow>)[]
    const required = (await import('../../../domain/svn/create.ts')).CREATE_FIELDS.filter((f) => !f.wikC).map(
      (f) => f.name,
    )
    const order = [...fields, ...required.filter((n) => !(fields as readonly string[]).includes(n))]
    for (const lang of ['it', 'en'] as const) {
      const res = await upload(await workbook([goodRow(20, `Lang${lang}`)], { lang, fields: order }))
      expect(await res.json(), lang).toMatchObject({ imported: 1, failed: 0 })
    }
    expect(all.length).toBeGreaterThan(0)
    expect((await search('name=Lang')).total).toBe(2)
  })

  it('a broker imports with their broker number; nothing is visible to another insurer', async () => {
    const res = await upload(await workbook([goodRow(30, 'Brokered')]), BROKER, {
      roles: [...CREATE, 'MAKLER'],
    })
    expect(await res.json()).toMatchObject({ imported: 1 })
    const [record] = await bed.handle.db.select().from(svn).where(eq(svn.name, 'Brokered30'))
    expect(record).toMatchObject({ gsCode: '1003', maklerNr: '4711', status: 'OPEN' })
    expect((await search('name=Brokered', LEMAN)).total).toBe(0)
    expect((await search('name=Roundtrip', LEMAN)).total).toBe(0)
    // Error files are per user: the Alpina clerk's is not Léman's.
    await upload(await workbook([{ ...goodRow(31, 'Own'), 'halter.person.name': '' }]), CLERK)
    expect(await (await get('/svn/massenimport/error/available', LEMAN)).json()).toEqual({ available: false })
    expect((await get('/svn/massenimport/error', LEMAN)).status).toBe(404)
    expect((await get('/svn/massenimport/error', CLERK)).status).toBe(200)
  })

  it('refuses a broker without a broker number (they could not see what they created)', async () => {
    await addUser(bed.handle.db, {
      gsCode: '1003',
      email: 'no-number@seeland.example',
      subject: 'no-number-subject',
      type: 'MAKLER',
    })
    const token = await bed.idp.token({ sub: 'no-number-subject', roles: [...CREATE, 'MAKLER'] })
    const form = new FormData()
    form.set('svnExcel', new File([new Uint8Array(await workbook([goodRow(35, 'NoNumber')]))], 'x.xlsx'))
    const res = await bed.app.request('/svn/massenimport', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(403)
    expect(await bed.handle.db.select().from(svn).where(eq(svn.name, 'NoNumber35'))).toEqual([])
  })

  it('skips an unchanged example row; a file with only the example is refused', async () => {
    const template = await get('/svn/massenimport/vorlage', CLERK, CREATE, 'de')
    const res = await upload(Buffer.from(await template.arrayBuffer()))
    expect(res.status).toBe(400)
    expect(((await res.json()) as ImportRefusal).problem).toBe('noRows')
  })

  it('WIK-C valid-from: read for holders of the role, refused per row for others', async () => {
    const fields = [...(await import('../../../domain/svn/create.ts')).CREATE_FIELDS.map((f) => f.name)]
    const row = { ...goodRow(40, 'Wikc'), wikCGueltigAb: today() }
    const denied = await upload(await workbook([row], { fields }))
    expect(await denied.json()).toMatchObject({ imported: 0, failed: 1 })
    const allowed = await upload(await workbook([row], { fields }), CLERK, {
      roles: [...CREATE, 'SVN_ERSTELLEN_WIK_C'],
    })
    expect(await allowed.json()).toMatchObject({ imported: 1, failed: 0 })
    const [record] = await bed.handle.db.select().from(svn).where(eq(svn.name, 'Wikc40'))
    expect(record?.wikCGueltigAb).toBe(today())
  })
})

describe('POST svn/massenimport refuses bad files whole, storing nothing', () => {
  const expectRefused = async (
    res: Response,
    problem: ImportRefusal['problem'],
    columns?: string[],
  ): Promise<void> => {
    expect(res.status).toBe(400)
    const body = (await res.json()) as ImportRefusal
    expect(body.error).toBe('validation failed')
    expect(body.fieldErrors).toEqual({ svnExcel: [`validation.import.${problem}`] })
    expect(body.problem).toBe(problem)
    if (columns) expect(body.columns).toEqual(columns)
  }

  it('refuses every kind of bad input', async () => {
    // Leave an error file in place: a refused upload must not replace or remove it.
    await upload(await workbook([{ ...goodRow(50, 'Keep'), 'halter.person.name': '' }]))
    const errorBefore = await errorFileOf(CLERK)
    expect(errorBefore).not.toBeNull()
    const before = await svnCount()
    const good = await workbook([goodRow(51, 'Never')])
    const required = (await import('../../../domain/svn/create.ts')).CREATE_FIELDS.filter((f) => !f.wikC).map(
      (f) => f.name,
    )
    const cases: [string, () => Promise<Response>, ImportRefusal['problem'], string[]?][] = [
      ['no file', async () => upload(good, CLERK, { field: 'other' }), 'required'],
      ['empty file', async () => upload(Buffer.alloc(0)), 'required'],
      ['a CSV', async () => upload('Name;Vorname\nMuster;Anna\n'), 'notXlsx'],
      [
        'a zip that is no workbook',
        async () => upload(handmadeZip([{ name: 'a.txt', data: Buffer.from('a') }])),
        'notXlsx',
      ],
      [
        'an encrypted workbook (OLE container)',
        async () =>
          upload(
            Buffer.concat([
              Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
              Buffer.alloc(4096),
            ]),
          ),
        'encrypted',
      ],
      ['a truncated workbook', async () => upload(good.subarray(0, good.length - 100)), 'broken'],
      ['a zip bomb', async () => upload(zipBomb()), 'zipBomb'],
      ['a zip bomb lying about its size', async () => upload(lyingZipBomb()), 'zipBomb'],
      ['60 000 entries', async () => upload(manyEntriesZip()), 'zipBomb'],
      ['more than 10 MB', async () => upload(Buffer.concat([good, Buffer.alloc(10_485_760)])), 'tooLarge'],
      [
        'a missing column',
        async () =>
          upload(await workbook([goodRow(52)], { fields: required.filter((n) => n !== 'schild.kanton') })),
        'missingColumns',
        ['Kanton'],
      ],
      [
        'an unknown column',
        async () =>
          upload(
            await workbook([goodRow(53)], {
              header: [...required.map((n) => headerOf(n, 'de')), 'Bemerkung'],
            }),
          ),
        'unknownColumns',
        ['Bemerkung'],
      ],
      [
        'a column twice',
        async () =>
          upload(
            await workbook([goodRow(54)], { header: [...required.map((n) => headerOf(n, 'de')), 'Kanton'] }),
          ),
        'duplicateColumns',
        ['Kanton'],
      ],
      ['only a header', async () => upload(await workbook([])), 'noRows'],
    ]
    for (const [label, send, problem, columns] of cases) {
      const res = await send()
      expect(res.status, label).toBe(400)
      await expectRefused(res, problem, columns)
    }
    expect(await svnCount()).toBe(before)
    expect((await errorFileOf(CLERK))?.createdAt).toEqual(errorBefore?.createdAt)
  }, 60_000)

  it('names missing columns in the language asked for', async () => {
    const required = (await import('../../../domain/svn/create.ts')).CREATE_FIELDS.filter((f) => !f.wikC).map(
      (f) => f.name,
    )
    const res = await upload(await workbook([goodRow(55)], { fields: required.slice(2) }), CLERK, {
      lang: 'it',
    })
    await expectRefused(res, 'missingColumns', ['Detentore tipo di persona', 'Detentore cognome'])
  })

  it('refuses more than 5 000 rows, counted while reading', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => goodRow(i, 'Many'))
    const before = await svnCount()
    await expectRefused(await upload(await workbook(rows)), 'tooManyRows')
    expect(await svnCount()).toBe(before)
  }, 60_000)
})
