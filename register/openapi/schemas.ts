import { z } from 'zod'
import { FILE_FORMATS, FILE_TYPES } from '../../domain/files/types.ts'
import { IMPORT_PROBLEMS } from '../../domain/svn/import.ts'
import { ROLES } from '../../domain/roles.ts'
import { API_CLIENT_NAME_MAX } from '../../domain/api-clients/rules.ts'
import { SVN_ACTIONS } from '../../domain/svn/transitions.ts'
import { SVN_STATUSES } from '../../domain/svn/statuses.ts'

/**
 * The register's response bodies as zod schemas, for the OpenAPI document (ADR 190). The request
 * schemas are not here: the document takes them from the routes' own validators. These mirror the
 * TypeScript types the routes answer (domain/svn/types.ts, domain/users/user-json.ts, …); the API tests
 * check every real response against them (register/openapi/conformance.ts), so a change of a route's
 * answer that is not made here too fails the tests. Objects are closed (`additionalProperties: false`).
 */

const text = z.string().nullable()
const int = z.number().int()
const day = z.string().nullable().meta({ description: 'Date, yyyy-mm-dd' })

export const ErrorBody = z
  .object({
    error: z.string().meta({ description: 'What went wrong, in English (not for display).' }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Per request field: message keys (e.g. `validation.required`) or texts.' }),
  })
  .meta({ id: 'Error', description: 'The one error shape of the register API.' })

export const ConflictBody = z
  .object({ error: z.literal('conflict'), status: z.enum(SVN_STATUSES) })
  .meta({ id: 'Conflict', description: 'The move is not allowed from the status the record has now.' })

const Person = z.object({
  personenTyp: text,
  name: text,
  geburtsname: text,
  vorname: text,
  geburtsdatum: day,
  heimatstaat: text,
})
const Adresse = z.object({ strasse: text, plz: text, ort: text, staat: text, coKontakt: text })
const Halter = z.object({ person: Person, adresse: Adresse }).meta({ id: 'Halter' })
const Motor = z.object({ markeTyp: text, motorNr: text, leistung: z.number().nullable() })

const Meldung = z
  .object({
    datum: z.string(),
    grund: int.nullable(),
    halter: Halter,
    versicherer: z.object({ gsCode: z.string(), name: z.string() }),
    gueltigAb: day,
    besVerwendung: int.nullable(),
    schiff: z.object({
      schildKanton: text,
      schildNr: int.nullable(),
      erstIV: day,
      stammNr: int.nullable(),
      schaleNr: text,
      art: int.nullable(),
      markeTyp: text,
      material: text,
      laenge: z.number().nullable(),
      breite: z.number().nullable(),
      anzPersonen: int.nullable(),
      ladung: z.number().nullable(),
      typenscheinNr: text,
      segelflaeche: z.number().nullable(),
      standort: text,
      motor: z.array(Motor),
    }),
  })
  .meta({ id: 'Meldung', description: 'An IV or AV notification as the canton sent it.' })

export const Svn = z
  .object({
    id: int,
    version: int,
    status: z.enum(SVN_STATUSES),
    halter: Halter,
    schiff: z.object({ stammNr: int.nullable(), schaleNr: text, art: int.nullable(), markeTyp: text }),
    schild: z.object({ kanton: text, schildNr: int.nullable() }),
    kontakt: z.object({
      name: text,
      strasse: text,
      plz: text,
      ort: text,
      staat: text,
      telefon: text,
      fax: text,
      email: text,
    }),
    versicherungsdaten: z.object({
      referenz: text,
      ivGrund: int.nullable(),
      ivDatum: day,
      avDatum: day,
      avGrund: int.nullable(),
      gueltigAb: day,
      besVerwendung: int.nullable(),
      gscode: z.string(),
      maklerNr: text,
      benutzer: text,
    }),
    wikCGueltigAb: day,
    ausweisentzug: z
      .object({
        applicantAE: text,
        startAE: text,
        fetchedAE: text,
        reservedAE: text,
        rejectedAE: text,
        reasonAE: text,
        reasonAEText: z.object({ de: z.string(), fr: z.string(), it: z.string() }).nullable(),
      })
      .nullable(),
    ivMeldung: Meldung.nullable(),
    avMeldung: Meldung.nullable(),
  })
  .meta({ id: 'Svn', description: 'One SVN (insurance notification) with its notifications.' })

export const SearchResult = z
  .object({
    rows: z.array(
      z.object({
        sVnId: int,
        name: text,
        firstName: text,
        street: text,
        postCode: text,
        place: text,
        canton: text,
        licensePlate: text,
        marke: text,
        reference: text,
        status: z.enum(SVN_STATUSES),
      }),
    ),
    total: int.meta({ description: 'Matches; 101 means "more than 100" (the register counts no further).' }),
  })
  .meta({ id: 'SearchResult' })

export const SvnHistory = z
  .object({
    svnId: int,
    entries: z.array(
      z.object({
        at: z.string().meta({ description: 'ISO timestamp' }),
        event: z.enum(['create', ...SVN_ACTIONS, 'file-generated', 'file-downloaded']),
        fromStatus: z.enum(SVN_STATUSES).nullable(),
        toStatus: z.enum(SVN_STATUSES).nullable(),
        actor: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('user'), name: z.string().nullable() }),
          z.object({ kind: z.literal('authority'), name: z.string() }),
          z.object({ kind: z.literal('client'), name: z.string() }),
          z.object({ kind: z.literal('system') }),
        ]),
        fileName: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'SvnHistory', description: 'What happened to one SVN, newest first.' })

export const CreatedSvn = z.object({ svnID: int }).meta({ id: 'CreatedSvn' })

export const Draft = z
  .object({ values: z.record(z.string(), z.unknown()), updatedAt: z.string() })
  .meta({ id: 'Draft', description: "The caller's one create-form draft." })
export const DraftSaved = z.object({ updatedAt: z.string() })

export const ImportResult = z
  .object({ imported: int, failed: int, errorFileAvailable: z.boolean(), ids: z.array(int) })
  .meta({ id: 'ImportResult' })
export const ImportRefusal = z
  .object({
    error: z.literal('validation failed'),
    fieldErrors: z.object({ svnExcel: z.array(z.string()) }),
    problem: z.enum(IMPORT_PROBLEMS),
    columns: z.array(z.string()).optional(),
  })
  .meta({ id: 'ImportRefusal', description: 'The whole file is refused; nothing was stored.' })

const roleList = z.array(z.enum(ROLES))

export const User = z
  .object({
    id: int,
    version: int,
    vorname: text,
    nachname: z.string(),
    strasse: text,
    plz: text,
    ort: text,
    staat: text,
    fax: text,
    telefon: text,
    email: z.string(),
    oeReferenz: text,
    type: z.string(),
    roles: roleList,
    groupRoles: roleList,
    maklerNummer: text,
    aktiv: z.boolean(),
  })
  .meta({ id: 'User' })

export const SelfUser = User.extend({
  versicherungsgesellschaft: z.object({
    version: int,
    gsCode: z.string(),
    name: z.string(),
    strasse: text,
    plz: text,
    ort: text,
    telefon: text,
    vgReferenz: text,
    forceKontaktDetails: z.boolean(),
    makler: z.boolean(),
    hasRoleGroups: z.boolean(),
    logoMimeType: text,
    logoVersion: int,
  }),
}).meta({ id: 'SelfUser', description: 'The caller with its insurer.' })

export const RoleList = roleList.meta({ id: 'RoleList' })

const migratedUser = z.object({ userId: int, email: z.string(), setupUrl: z.string() })
export const MigrationDone = z.object({ migrated: z.array(migratedUser), message: z.string() })
export const MigrationFailed = z.object({
  error: z.string(),
  migrated: z.array(migratedUser),
  failed: z.array(z.object({ userId: int, email: z.string(), error: z.string() })),
})

export const InsurerNames = z.array(z.object({ gsCode: z.string(), name: z.string() }))
export const RoleGroups = z
  .array(z.object({ id: int, name: z.string(), guiOrder: int, roles: roleList }))
  .meta({ id: 'RoleGroups' })
export const LogoStored = z.object({ logoVersion: int })

export const CodeItems = z.array(
  z.object({
    id: z.string(),
    version: int,
    category: z.string(),
    de: z.string(),
    fr: z.string(),
    it: z.string(),
  }),
)

const FileEntry = z.object({
  id: int,
  fileName: z.string(),
  fileSizeInKb: int,
  isDownloaded: z.boolean(),
})
export const FileList = z.array(FileEntry).meta({ id: 'FileList' })
export const FileCount = z.object({ notDownloaded: int })
export const GeneratedFile = FileEntry.extend({
  type: z.enum(FILE_TYPES),
  format: z.enum(FILE_FORMATS),
  recordCount: int,
}).meta({ id: 'GeneratedFile' })
export const DeletedFile = z.object({ id: int, fileName: z.string(), type: z.enum(FILE_TYPES) })

export const ErrorFileAvailable = z.object({ available: z.boolean() })

export const ApiClient = z
  .object({
    id: int,
    clientId: z.string().meta({ description: "The OAuth client_id (also the token's `sub`)." }),
    name: z.string().max(API_CLIENT_NAME_MAX),
    roles: roleList,
    maklerNummer: text,
    createdAt: z.string().meta({ description: 'ISO timestamp' }),
    createdBy: text.meta({ description: "The creating administrator's name; null once deleted." }),
    secretRotatedAt: z.string().meta({ description: 'ISO timestamp; tokens issued before it are refused.' }),
    revokedAt: z.string().nullable().meta({ description: 'ISO timestamp, or null while active' }),
  })
  .meta({ id: 'ApiClient', description: 'An API client (never its secret).' })
export const ApiClientList = z.object({ clients: z.array(ApiClient) })
export const ApiClientWithSecret = z
  .object({
    client: ApiClient,
    clientSecret: z.string().meta({ description: 'Shown this once; nobody can read it again.' }),
  })
  .meta({ id: 'ApiClientWithSecret' })
