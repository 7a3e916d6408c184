/**
 * Bad input at scale, pure part (issue 10 item 4, ADR 610): every validator behind a register endpoint
 * gets FUZZ_RUNS generated inputs and answers a result or a zod error — it never throws.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { fieldErrorsOf } from '../../domain/field-errors.ts'
import { FileGenerationSchema } from '../../domain/files/generation.ts'
import { ROLES, USER_TYPES } from '../../domain/roles.ts'
import { CANTONS } from '../../domain/svn/cantons.ts'
import { CREATE_FIELD_NAMES, createSvnSchema } from '../../domain/svn/create.ts'
import { SvnSearchSchema } from '../../domain/svn/search.ts'
import {
  FUZZ_RUNS,
  nastyNumber,
  nastyString,
  nastyValue,
  nearBody,
  nearDotted,
  nearObject,
} from '../../domain/testing/fuzz.ts'
import { AvBody, IvBody, RejectBody, SchiffSchema } from '../authority/schemas.ts'
import { CategoryParam } from '../routes/codes.ts'
import { roleListSchema } from '../routes/users.ts'
import { CreateRequestSchema } from '../svn/create.ts'
import { draftValuesOf } from '../svn/draft.ts'
import { cellText, plainCell } from '../svn/import/read-workbook.ts'
import { classifyHeader } from '../svn/import/columns.ts'
import { DetailsQuery } from '../svn/routes.ts'
import { IdParam } from '../validation.ts'
import { editedUserSchema, newUserSchema, userFieldsSchema } from '../../domain/users/user-schema.ts'
import { roleGroupListSchema } from '../users/role-groups.ts'

const role = fc.constantFrom(...ROLES)
const day = fc.oneof(
  fc
    .date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2100-01-01') })
    .map((d) => d.toISOString().slice(0, 10)),
  nastyString,
)
const displayDay = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 1, max: 31 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1990, max: 2030 }),
    )
    .map(([d, m, y]) => `${d}.${m}.${y}`),
  nastyString,
)

const USER_SAMPLES = {
  nachname: fc.string({ maxLength: 60 }),
  email: fc.emailAddress(),
  type: fc.constantFrom(...USER_TYPES),
  roles: fc.array(role, { maxLength: 6 }),
  aktiv: fc.boolean(),
  maklerNummer: fc.stringMatching(/^\d{0,12}$/),
  id: fc.integer({ min: 1, max: 100 }),
  version: fc.integer({ min: 0, max: 10 }),
}
const USER_KEYS = [...Object.keys(userFieldsSchema.shape), 'id', 'version']

const today = '2026-11-21'
const createValues = nearDotted([...CREATE_FIELD_NAMES], {
  'halter.person.personenTyp': fc.constantFrom('NATUERLICH', 'JURISTISCH'),
  'halter.person.geburtsdatum': displayDay,
  'versicherungsdaten.gueltigAb': displayDay,
  wikCGueltigAb: displayDay,
  'schild.kanton': fc.constantFrom(...CANTONS),
  'schild.schildNr': fc.stringMatching(/^\d{1,13}$/),
  'schiff.stammNr': fc.stringMatching(/^[\d.]{8,14}$/),
  'versicherungsdaten.ivGrund': fc.integer({ min: -1, max: 100 }).map(String),
  'versicherungsdaten.besVerwendung': fc.integer({ min: -1, max: 5 }).map(String),
  'schiff.art': fc.integer({ min: -1, max: 20 }).map(String),
})

interface Case {
  name: string
  schema: z.ZodType
  input: fc.Arbitrary<unknown>
}

const CASES: Case[] = [
  { name: 'POST /users (newUserSchema)', schema: newUserSchema, input: nearBody(USER_KEYS, USER_SAMPLES) },
  {
    name: 'PUT /users (editedUserSchema)',
    schema: editedUserSchema,
    input: nearBody(USER_KEYS, USER_SAMPLES),
  },
  {
    name: 'PUT /users/:id/roles (roleListSchema)',
    schema: roleListSchema,
    input: fc.oneof(fc.array(fc.oneof(role, nastyValue), { maxLength: 8 }), nastyValue),
  },
  {
    name: 'GET /codes/category/:category',
    schema: CategoryParam,
    input: nearObject(['category'], { category: fc.stringMatching(/^[A-Za-z]{0,45}$/) }),
  },
  {
    name: 'PUT /versicherung/rolegroups (roleGroupListSchema)',
    schema: roleGroupListSchema,
    input: fc.oneof(
      fc.array(
        nearObject(['id', 'name', 'guiOrder', 'roles'], {
          id: fc.integer({ min: -1, max: 20 }),
          name: fc.constantFrom('A', 'a', ' A ', 'B'),
          guiOrder: nastyValue,
          roles: fc.array(role, { maxLength: 4 }),
        }),
        { maxLength: 4 },
      ),
      nastyValue,
    ),
  },
  {
    name: 'GET /svn/search (SvnSearchSchema)',
    schema: SvnSearchSchema,
    input: nearObject(Object.keys(SvnSearchSchema.shape), {
      sVnID: fc.stringMatching(/^\d{0,12}$/),
      canton: fc.constantFrom(...CANTONS),
      sort: fc.constantFrom('sVnId', 'name', 'x'),
      order: fc.constantFrom('asc', 'desc', 'up'),
    }),
  },
  { name: 'GET /svn/details (DetailsQuery)', schema: DetailsQuery, input: nearObject(['svnId']) },
  { name: ':id path parameters (IdParam)', schema: IdParam, input: nearObject(['id']) },
  {
    name: 'POST /svn/create (CreateRequestSchema)',
    schema: CreateRequestSchema,
    input: nearObject(['formToken', 'values'], {
      formToken: fc.stringMatching(/^[A-Za-z0-9._~-]{6,102}$/),
      values: createValues,
    }),
  },
  {
    name: 'POST /svn/create values (createSvnSchema, clerk)',
    schema: createSvnSchema({ today, canWikC: false }),
    input: fc.oneof({ arbitrary: createValues, weight: 5 }, { arbitrary: nastyValue, weight: 1 }),
  },
  {
    name: 'POST /svn/create values (createSvnSchema, WIK C)',
    schema: createSvnSchema({ today, canWikC: true }),
    input: fc.oneof({ arbitrary: createValues, weight: 5 }, { arbitrary: nastyValue, weight: 1 }),
  },
  {
    name: 'POST /files/:type/:format (FileGenerationSchema)',
    schema: FileGenerationSchema,
    input: nearBody(['von', 'bis', 'referenz', 'maklerNr', 'reload'], {
      von: day,
      bis: day,
      reload: fc.boolean(),
    }),
  },
  {
    name: 'POST /authority/svn/:id/iv (IvBody)',
    schema: IvBody,
    input: nearBody(['datum', 'grund', 'schiff'], {
      datum: day,
      grund: fc.integer({ min: -1, max: 100 }),
      schiff: nearObject(Object.keys(SchiffSchema.shape), {
        motor: fc.array(nearObject(['markeTyp', 'motorNr', 'leistung']), { maxLength: 12 }),
        stammNr: fc.integer({ min: 0, max: 10 ** 12 }),
        schildKanton: fc.constantFrom(...CANTONS),
      }),
    }),
  },
  {
    name: 'POST /authority/svn/:id/av (AvBody)',
    schema: AvBody,
    input: nearBody(['datum', 'grund'], { datum: day, grund: fc.integer({ min: -1, max: 100 }) }),
  },
  {
    name: 'POST /authority/svn/:id/ae/reject (RejectBody)',
    schema: RejectBody,
    input: nearBody(['reason'], { reason: fc.stringMatching(/^\d{0,6}$/) }),
  },
]

/** The shapes exceljs gives a cell (its values come from the file's XML, never arbitrary objects). */
const exceljsCell = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.date(),
  fc.record({ richText: fc.array(fc.record({ text: nastyString }, { requiredKeys: [] }), { maxLength: 3 }) }),
  fc.record(
    { formula: nastyString, result: fc.oneof(nastyString, nastyNumber, fc.date(), fc.constant(null)) },
    { requiredKeys: ['formula'] },
  ),
  fc.record({ text: nastyString, hyperlink: nastyString }),
  fc.record({ error: fc.constantFrom('#N/A', '#REF!', '#DIV/0!') }),
)

function leavesOf(value: unknown): unknown[] {
  if (value && typeof value === 'object') return Object.values(value).flatMap(leavesOf)
  return [value]
}

/** A zod schema must answer; a thrown error here would be a 500 at the endpoint. */
function answers(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input)
  if (!result.success) {
    expect(result.error.issues.length).toBeGreaterThan(0)
    // The 400 body of every endpoint is built from it.
    fieldErrorsOf(result.error)
  }
}

describe(`register validators, ${FUZZ_RUNS} generated inputs each`, () => {
  for (const c of CASES) {
    it(`${c.name} answers a result or a validation error, never throws`, () => {
      fc.assert(
        fc.property(c.input, (input) => answers(c.schema, input)),
        { numRuns: FUZZ_RUNS },
      )
    })
  }

  it('POST /svn/draft (draftValuesOf) keeps only form fields, as strings, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(createValues, nastyValue), (input) => {
        const values = draftValuesOf(input)
        expect(draftValuesOf(values)).toEqual(values)
        expect(leavesOf(values).every((v) => typeof v === 'string')).toBe(true)
      }),
      { numRuns: FUZZ_RUNS },
    )
  })

  it('POST /svn/massenimport cell readers (plainCell, cellText, classifyHeader) never throw', () => {
    fc.assert(
      fc.property(
        exceljsCell,
        fc.constantFrom('text', 'select', 'date') as fc.Arbitrary<'text' | 'select' | 'date'>,
        nastyString,
        (cell, kind, header) => {
          cellText(plainCell(cell), kind)
          classifyHeader(header)
        },
      ),
      { numRuns: FUZZ_RUNS },
    )
  })
})
