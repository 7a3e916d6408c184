import { z } from 'zod'
import { FILE_TYPE_AUTHORITY } from '../../domain/files/types.ts'
import { FileGenerationSchema } from '../../domain/files/generation.ts'
import { IMPORT_FIELD } from '../../domain/svn/import.ts'
import { roleListSchema } from '../routes/users.ts'
import * as S from './schemas.ts'

/**
 * Describing a route (ADR 190): every register route has one entry here, keyed `METHOD /path` exactly
 * as Hono lists it (`app.routes`, paths relative to /svnwebaccess, e.g. `GET /users/:id{[0-9]+}`).
 * Say only what the code cannot: summary, success answers, the errors the handler itself returns
 * (404, 409, …), an example. Request schemas checked by `validate(...)`, roles of `requireRole(...)`,
 * the token kind, 400 (validator), 401/403/429/503 (authentication) and 413 (body limit) come from
 * the route's middlewares by themselves. The drift test (document.test.ts) names each route without an
 * entry, and the API tests check every real answer against what is written here.
 */

/** A documented answer: a JSON body schema, or a non-JSON content type. */
export interface ResponseSpec {
  description?: string
  schema?: z.ZodType
  /** Default application/json; another type is checked by its type only (files, images). */
  contentType?: string
  /** Response headers the caller should read (e.g. Retry-After). */
  headers?: Record<string, { description: string; schema: object }>
}

export interface OperationSpec {
  tag: string
  summary: string
  description?: string
  /** Roles checked inside the handler, where no requireRole middleware says them. */
  roles?: readonly string[]
  /** Request parts the handler reads itself (no validate middleware). */
  request?: {
    json?: z.ZodType
    /** multipart/form-data fields. */
    form?: z.ZodType
  }
  responses: Record<number, ResponseSpec | z.ZodType>
  /** One example: the request body and/or the success answer. Checked against the schemas by a test. */
  example: { request?: unknown; response?: unknown }
}

const svnExample = {
  id: 1042,
  version: 3,
  status: 'OPEN',
  halter: {
    person: {
      personenTyp: 'NATUERLICH',
      name: 'Muster',
      geburtsname: null,
      vorname: 'Anna',
      geburtsdatum: '1980-04-12',
      heimatstaat: 'CH',
    },
    adresse: { strasse: 'Seestrasse 1', plz: '8002', ort: 'Zürich', staat: 'CH', coKontakt: null },
  },
  schiff: { stammNr: 123456, schaleNr: 'CH-ABC12345D404', art: 1, markeTyp: 'Boesch 620' },
  schild: { kanton: 'ZH', schildNr: 4711 },
  kontakt: {
    name: null,
    strasse: null,
    plz: null,
    ort: null,
    staat: null,
    telefon: null,
    fax: null,
    email: null,
  },
  versicherungsdaten: {
    referenz: 'P-2026-001',
    ivGrund: null,
    ivDatum: null,
    avDatum: null,
    avGrund: null,
    gueltigAb: '2026-05-01',
    besVerwendung: null,
    gscode: 'V001',
    maklerNr: null,
    benutzer: 'anna.clerk@example.ch',
  },
  wikCGueltigAb: null,
  ausweisentzug: null,
  ivMeldung: null,
  avMeldung: null,
}

const userExample = {
  id: 7,
  version: 1,
  vorname: 'Anna',
  nachname: 'Muster',
  strasse: null,
  plz: null,
  ort: null,
  staat: null,
  fax: null,
  telefon: null,
  email: 'anna.muster@example.ch',
  oeReferenz: null,
  type: 'SACHBEARBEITER',
  roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'],
  groupRoles: [],
  maklerNummer: null,
  aktiv: true,
}

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const notFound: ResponseSpec = { description: 'Not found, or not visible to the caller', schema: S.ErrorBody }
const conflict: ResponseSpec = { description: 'Not allowed in the current status', schema: S.ConflictBody }
const error = (description: string): ResponseSpec => ({ description, schema: S.ErrorBody })
const moved = { 200: { description: 'The moved record', schema: S.Svn }, 404: notFound, 409: conflict }
const fileRoles = Object.values(FILE_TYPE_AUTHORITY)
const apiClientsOff = error('API clients are managed at the external identity provider (Keycloak)')
const apiClientExample = {
  id: 3,
  clientId: 'svn-client-3f9a2c',
  name: 'Policy system',
  roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'],
  maklerNummer: null,
  createdAt: '2026-05-01T08:30:00.000Z',
  createdBy: 'Anna Muster',
  secretRotatedAt: '2026-05-01T08:30:00.000Z',
  revokedAt: null,
}
const withSecret = { client: apiClientExample, clientSecret: 'Xq3…' }

export const OPERATIONS: Record<string, OperationSpec> = {
  // The description itself and its page: no token.
  'GET /openapi.json': {
    tag: 'Documentation',
    summary: 'This OpenAPI 3.1 document',
    responses: { 200: { description: 'The document', schema: z.record(z.string(), z.unknown()) } },
    example: { response: { openapi: '3.1.1' } },
  },
  'GET /docs': {
    tag: 'Documentation',
    summary: 'The API reference as an HTML page',
    responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
    example: {},
  },
  'GET /docs/reference.css': {
    tag: 'Documentation',
    summary: "The reference page's stylesheet",
    responses: { 200: { description: 'Stylesheet', contentType: 'text/css' } },
    example: {},
  },

  'GET /api-clients': {
    tag: 'API clients',
    summary: "The API clients of the caller's insurer (a broker administrator: of the broker)",
    responses: { 200: S.ApiClientList, 501: apiClientsOff },
    example: { response: { clients: [apiClientExample] } },
  },
  'POST /api-clients': {
    tag: 'API clients',
    summary: 'Creates an API client; answers its secret once',
    responses: {
      201: S.ApiClientWithSecret,
      400: error('Bad name or roles, a role the caller may not grant, or the name is taken'),
      403: error('Not an administrator, or a broker administrator without a broker number'),
      501: apiClientsOff,
    },
    example: {
      request: { name: 'Policy system', roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN'] },
      response: withSecret,
    },
  },
  'GET /api-clients/:id': {
    tag: 'API clients',
    summary: 'One API client',
    responses: { 200: S.ApiClient, 404: notFound, 501: apiClientsOff },
    example: { response: apiClientExample },
  },
  'POST /api-clients/:id/secret': {
    tag: 'API clients',
    summary: "Rotates the client's secret (tokens issued before stop working); answers the new secret once",
    responses: {
      200: S.ApiClientWithSecret,
      404: notFound,
      409: error('The client is revoked'),
      501: apiClientsOff,
    },
    example: { response: withSecret },
  },
  'POST /api-clients/:id/revoke': {
    tag: 'API clients',
    summary: 'Revokes the client at once (revoking twice is no error)',
    responses: { 200: S.ApiClient, 404: notFound, 501: apiClientsOff },
    example: { response: { ...apiClientExample, revokedAt: '2026-06-01T08:30:00.000Z' } },
  },

  'GET /users/self': {
    tag: 'Users',
    summary: 'The caller and its insurer',
    responses: { 200: S.SelfUser },
    example: {
      response: {
        ...userExample,
        versicherungsgesellschaft: {
          version: 1,
          gsCode: 'V001',
          name: 'Helvetia Nautica AG',
          strasse: 'Quai 1',
          plz: '8002',
          ort: 'Zürich',
          telefon: null,
          vgReferenz: null,
          forceKontaktDetails: false,
          makler: false,
          hasRoleGroups: true,
          logoMimeType: 'image/png',
          logoVersion: 2,
        },
      },
    },
  },
  'POST /users/logout': {
    tag: 'Users',
    summary: 'Records the logout (tokens stay valid until they expire)',
    responses: { 204: { description: 'Recorded' } },
    example: {},
  },
  'GET /users': {
    tag: 'Users',
    summary: "Users of the caller's insurer (a broker administrator: of the broker)",
    responses: { 200: z.array(S.User) },
    example: { response: [userExample] },
  },
  'POST /users': {
    tag: 'Users',
    summary: 'Creates a user',
    responses: { 201: S.User, 404: notFound, 409: error('E-mail not unique') },
    example: {
      request: {
        vorname: 'Anna',
        nachname: 'Muster',
        email: 'anna.muster@example.ch',
        type: 'SACHBEARBEITER',
      },
      response: userExample,
    },
  },
  'PUT /users': {
    tag: 'Users',
    summary: 'Changes a user (with its version)',
    responses: { 200: S.User, 404: notFound, 409: error('Changed meanwhile, or e-mail not unique') },
    example: { response: userExample },
  },
  'POST /users/migrate/:gsCode': {
    tag: 'Users',
    summary: 'Gives every user of the insurer without an IdP account one, with a setup link',
    responses: {
      200: S.MigrationDone,
      404: notFound,
      501: error('External identity provider: users are created there'),
      502: { description: 'The IdP refused one user; the links made so far', schema: S.MigrationFailed },
    },
    example: {
      response: {
        migrated: [
          { userId: 7, email: 'anna.muster@example.ch', setupUrl: 'https://portal.example/oidc/setup/…' },
        ],
        message: 'VG(V001) migrated successfully!',
      },
    },
  },
  'GET /users/:id{[0-9]+}': {
    tag: 'Users',
    summary: 'One user',
    responses: { 200: S.User, 404: notFound },
    example: { response: userExample },
  },
  'DELETE /users/:id{[0-9]+}': {
    tag: 'Users',
    summary: 'Deletes a user',
    responses: { 204: { description: 'Deleted' }, 404: notFound, 409: error('The user cannot be deleted') },
    example: {},
  },
  'GET /users/:id{[0-9]+}/roles': {
    tag: 'Users',
    summary: "A user's own roles",
    responses: { 200: S.RoleList, 404: notFound },
    example: { response: ['SVN_SUCHEN'] },
  },
  'PUT /users/:id{[0-9]+}/roles': {
    tag: 'Users',
    summary: "Replaces a user's own roles",
    request: { json: roleListSchema },
    responses: { 200: S.RoleList, 400: error('Unknown role'), 404: notFound },
    example: { request: ['SVN_SUCHEN', 'SVN_ERSTELLEN'], response: ['SVN_SUCHEN', 'SVN_ERSTELLEN'] },
  },

  'GET /versicherung': {
    tag: 'Insurers',
    summary: 'Codes and names of all insurers',
    responses: { 200: S.InsurerNames },
    example: { response: [{ gsCode: 'V001', name: 'Helvetia Nautica AG' }] },
  },
  'GET /versicherung/logo': {
    tag: 'Insurers',
    summary: "The caller's insurer's logo",
    responses: { 200: { description: 'The image', contentType: 'image/*' }, 404: error('No logo') },
    example: {},
  },
  'GET /versicherung/rolegroups': {
    tag: 'Insurers',
    summary: "The insurer's role groups",
    responses: { 200: S.RoleGroups },
    example: { response: [{ id: 1, name: 'Sachbearbeitung', guiOrder: 1, roles: ['SVN_SUCHEN'] }] },
  },
  'PUT /versicherung/rolegroups': {
    tag: 'Insurers',
    summary: "Replaces the insurer's role groups",
    responses: {
      200: S.RoleGroups,
      404: error('A group id of another insurer'),
      409: error('Changed meanwhile'),
    },
    example: { response: [{ id: 1, name: 'Sachbearbeitung', guiOrder: 1, roles: ['SVN_SUCHEN'] }] },
  },
  'POST /versicherung/logo': {
    tag: 'Insurers',
    summary: "Uploads the insurer's logo (multipart field `file`, at most 10 MiB)",
    request: { form: z.object({ file: z.string().meta({ format: 'binary' }) }) },
    responses: { 200: S.LogoStored, 400: error('No file, too large or not an image') },
    example: { response: { logoVersion: 2 } },
  },

  'GET /codes/category/:category': {
    tag: 'Codes',
    summary: 'The items of a code list',
    responses: { 200: S.CodeItems, 404: error('Unknown category') },
    example: {
      response: [
        {
          id: '1',
          version: 1,
          category: 'Rueckweisungsgrund',
          de: 'Unvollständig',
          fr: 'Incomplet',
          it: 'Incompleto',
        },
      ],
    },
  },

  'GET /svn/search': {
    tag: 'SVN',
    summary: 'Searches SVN (at most 100 rows)',
    description:
      'Considers the first 100 matches in the requested order (`sort`, `order`; ties by id). `total` counts ' +
      'the matches up to 101, which means "more than 100". Paging: `page` (1, 2, …; default 1) and ' +
      '`pageSize` (1 to 100; default 100, all of them) answer only the rows ' +
      '(page − 1) × pageSize + 1 to page × pageSize of those 100, with the same `total`; a page past ' +
      'the last answers no rows and the `total`.',
    responses: { 200: S.SearchResult },
    example: {
      response: {
        rows: [
          {
            sVnId: 1042,
            name: 'Muster',
            firstName: 'Anna',
            street: 'Seestrasse 1',
            postCode: '8002',
            place: 'Zürich',
            canton: 'ZH',
            licensePlate: 'ZH 4711',
            marke: 'Boesch 620',
            reference: 'P-2026-001',
            status: 'OPEN',
          },
        ],
        total: 1,
      },
    },
  },
  'GET /svn/details': {
    tag: 'SVN',
    summary: 'One SVN',
    responses: { 200: S.Svn, 404: notFound },
    example: { response: svnExample },
  },
  'GET /svn/:id/history': {
    tag: 'SVN',
    summary: 'What happened to one SVN, by whom, newest first',
    responses: { 200: S.SvnHistory, 404: notFound },
    example: {
      response: {
        svnId: 1042,
        entries: [
          {
            at: '2026-05-01T08:30:00.000Z',
            event: 'create',
            fromStatus: null,
            toStatus: 'OPEN',
            actor: { kind: 'user', name: 'Anna Muster' },
          },
        ],
      },
    },
  },
  'PUT /svn/cancel/ae/:id': {
    tag: 'SVN',
    summary: 'Withdraws the request for a licence withdrawal (AE)',
    responses: moved,
    example: { response: svnExample },
  },
  'PUT /svn/cancel/:id': {
    tag: 'SVN',
    summary: 'Cancels an SVN',
    responses: moved,
    example: { response: { ...svnExample, status: 'CANCELED' } },
  },
  'POST /svn/create/ae/:id': {
    tag: 'SVN',
    summary: 'Requests a licence withdrawal (AE)',
    responses: moved,
    example: { response: svnExample },
  },
  'POST /svn/create': {
    tag: 'SVN',
    summary: 'Creates an SVN; the same formToken again answers the first one (200)',
    responses: {
      200: { description: 'Already created with this formToken', schema: S.CreatedSvn },
      201: { description: 'Created', schema: S.CreatedSvn },
      409: error('formToken used by another user'),
    },
    example: { response: { svnID: 1042 } },
  },
  'GET /svn/draft': {
    tag: 'SVN',
    summary: "The caller's create-form draft",
    responses: { 200: S.Draft, 204: { description: 'No draft' } },
    example: { response: { values: { name: 'Muster' }, updatedAt: '2026-05-01T08:30:00.000Z' } },
  },
  'POST /svn/draft': {
    tag: 'SVN',
    summary: "Saves the caller's create-form draft (any JSON object of form values)",
    request: { json: z.record(z.string(), z.unknown()) },
    responses: { 200: S.DraftSaved, 400: error('Not a JSON object') },
    example: { request: { name: 'Muster' }, response: { updatedAt: '2026-05-01T08:30:00.000Z' } },
  },
  'DELETE /svn/draft': {
    tag: 'SVN',
    summary: "Deletes the caller's draft",
    responses: { 204: { description: 'Deleted (or there was none)' } },
    example: {},
  },
  'POST /svn/massenimport': {
    tag: 'SVN import',
    summary: `Imports SVN from a spreadsheet (multipart field \`${IMPORT_FIELD}\`)`,
    request: { form: z.object({ [IMPORT_FIELD]: z.string().meta({ format: 'binary' }) }) },
    responses: { 200: S.ImportResult, 400: S.ImportRefusal },
    example: { response: { imported: 2, failed: 1, errorFileAvailable: true, ids: [1043, 1044] } },
  },
  'GET /svn/massenimport/error/available': {
    tag: 'SVN import',
    summary: "Whether the caller's last import left an error workbook",
    responses: { 200: S.ErrorFileAvailable },
    example: { response: { available: true } },
  },
  'GET /svn/massenimport/error': {
    tag: 'SVN import',
    summary: "The error workbook of the caller's last import",
    responses: { 200: { description: 'Workbook', contentType: xlsx }, 404: error('No error file') },
    example: {},
  },
  'GET /svn/massenimport/vorlage': {
    tag: 'SVN import',
    summary: 'The import template (`?lng=de|fr|it|en`)',
    responses: { 200: { description: 'Workbook', contentType: xlsx } },
    example: {},
  },

  'DELETE /files/delete/:id': {
    tag: 'Pickup files',
    summary: 'Deletes a pickup file',
    roles: fileRoles,
    responses: { 200: S.DeletedFile, 404: notFound },
    example: { response: { id: 5, fileName: 'SVN_V001_20260501083000.xml', type: 'SVN' } },
  },
  'GET /files/:type': {
    tag: 'Pickup files',
    summary: 'Pickup files of a type (SVN, IVAV, AE)',
    roles: fileRoles,
    responses: { 200: S.FileList, 404: error('Unknown type') },
    example: {
      response: [{ id: 5, fileName: 'SVN_V001_20260501083000.xml', fileSizeInKb: 12, isDownloaded: false }],
    },
  },
  'GET /files/:type/count': {
    tag: 'Pickup files',
    summary: 'How many files of a type are not downloaded yet',
    roles: fileRoles,
    responses: { 200: S.FileCount, 404: error('Unknown type') },
    example: { response: { notDownloaded: 2 } },
  },
  'GET /files/:type/:fileName': {
    tag: 'Pickup files',
    summary: 'Downloads a pickup file (marks it downloaded)',
    roles: fileRoles,
    responses: {
      200: { description: 'XML or CSV file', contentType: 'application/xml, text/csv' },
      404: notFound,
    },
    example: {},
  },
  'POST /files/:type/:format': {
    tag: 'Pickup files',
    summary: 'Generates a pickup file (format XML or CSV)',
    roles: fileRoles,
    request: { json: FileGenerationSchema },
    responses: {
      201: S.GeneratedFile,
      400: error('Bad filter or malformed JSON'),
      404: error('Unknown type or format'),
    },
    example: {
      request: { reload: 'false' },
      response: {
        id: 5,
        fileName: 'SVN_V001_20260501083000.xml',
        fileSizeInKb: 12,
        isDownloaded: false,
        type: 'SVN',
        format: 'XML',
        recordCount: 3,
      },
    },
  },

  'GET /authority/svn/:id': {
    tag: 'Canton (authority)',
    summary: 'One SVN, of any insurer',
    responses: { 200: S.Svn, 404: notFound },
    example: { response: svnExample },
  },
  'POST /authority/svn/:id/reserve': {
    tag: 'Canton (authority)',
    summary: 'Reserves an SVN for registration',
    responses: moved,
    example: { response: svnExample },
  },
  'POST /authority/svn/:id/iv': {
    tag: 'Canton (authority)',
    summary: 'Registers the IV notification (boat insured)',
    responses: moved,
    example: { response: svnExample },
  },
  'POST /authority/svn/:id/av': {
    tag: 'Canton (authority)',
    summary: 'Registers the AV notification (insurance ended)',
    responses: moved,
    example: { request: { datum: '2026-06-30' }, response: svnExample },
  },
  'POST /authority/svn/:id/ae/fetch': {
    tag: 'Canton (authority)',
    summary: 'Fetches a licence withdrawal request (AE)',
    responses: moved,
    example: { response: svnExample },
  },
  'POST /authority/svn/:id/ae/reject': {
    tag: 'Canton (authority)',
    summary: 'Rejects a licence withdrawal request, with a reason code',
    responses: moved,
    example: { request: { reason: '1' }, response: svnExample },
  },
  'POST /authority/svn/:id/ae/execute': {
    tag: 'Canton (authority)',
    summary: 'Executes a licence withdrawal',
    responses: moved,
    example: { response: svnExample },
  },
}
