import { eq } from 'drizzle-orm'
import {
  SignJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWTVerifyGetKey,
} from 'jose'
import type { Database, DatabaseHandle } from '../db/client.ts'
import { openTestDatabase } from '../db/testing.ts'
import { userRoles, users } from '../db/schema/register.ts'
import type { Role } from '../domain/roles.ts'
import { createRegisterApp, type RegisterAppDeps } from './app.ts'
import { OPENAPI_VERSION, buildOpenApiDocument, type OpenApiDocument } from './openapi/document.ts'
import { conformanceCheck, documentOf } from './openapi/conformance.ts'
import { seedRegisterDemo, type SeededUser } from './seed/demo.ts'
import { seedSvnDemo } from './seed/svn-demo.ts'

export const TEST_ISSUER = 'http://idp.test/oidc'
export const TEST_CLIENT_ID = 'svn-portal'

export interface TokenOptions {
  sub?: string
  roles?: string[]
  iss?: string
  aud?: string | string[]
  /** Seconds relative to now; default +300. */
  expiresIn?: number
  /** Sign with this key instead of the issuer's (e.g. a foreign key). */
  key?: CryptoKey
  /** Leave out `exp`. */
  noExp?: boolean
  /** Replaces the `resource_access` claim built from `roles`. */
  resourceAccess?: unknown
  /** The header `typ`; default `at+jwt` (RFC 9068, as the embedded IdP); null leaves it out. */
  typ?: string | null
  /** Seconds relative to now for `iat`; default 0. */
  issuedAt?: number
  /** More claims (e.g. Keycloak's `typ`). */
  claims?: Record<string, unknown>
}

/** A stand-in identity provider for tests: one RSA key, its JWKS, and a token factory. */
export interface TestIdp {
  getKey: JWTVerifyGetKey
  jwks: { keys: object[] }
  token(options?: TokenOptions): Promise<string>
}

export async function createTestIdp(kid = 'test-key'): Promise<TestIdp> {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const jwks = { keys: [jwk] }
  return {
    getKey: createLocalJWKSet(jwks),
    jwks,
    async token(o: TokenOptions = {}) {
      const now = Math.floor(Date.now() / 1000)
      const jwt = new SignJWT({
        resource_access: o.resourceAccess ?? { [TEST_CLIENT_ID]: { roles: o.roles ?? [] } },
        ...o.claims,
      })
        .setProtectedHeader({
          alg: 'RS256',
          kid,
          ...(o.typ === null ? {} : { typ: o.typ ?? 'at+jwt' }),
        })
        .setIssuer(o.iss ?? TEST_ISSUER)
        .setAudience(o.aud ?? TEST_CLIENT_ID)
        .setSubject(o.sub ?? 'nobody')
        .setIssuedAt(now + (o.issuedAt ?? 0))
      if (!o.noExp) jwt.setExpirationTime(now + (o.expiresIn ?? 300))
      return jwt.sign(o.key ?? privateKey)
    },
  }
}

/** A foreign RSA private key: signatures made with it must not verify. */
export async function foreignKey(): Promise<CryptoKey> {
  return (await generateKeyPair('RS256')).privateKey
}

export function bearer(token: string): RequestInit {
  return { headers: { Authorization: `Bearer ${token}` } }
}

/** Inserts a register user with roles; returns its id. */
export async function addUser(
  db: Database,
  u: { gsCode: string; email: string; subject: string; roles?: Role[]; aktiv?: boolean; type?: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      gsCode: u.gsCode,
      email: u.email,
      idpSubject: u.subject,
      nachname: 'Test',
      type: u.type ?? 'SACHBEARBEITER',
      aktiv: u.aktiv ?? true,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user not inserted')
  if (u.roles?.length) await db.insert(userRoles).values(u.roles.map((role) => ({ userId: row.id, role })))
  return row.id
}

export async function subjectOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ s: users.idpSubject }).from(users).where(eq(users.email, email))
  if (!row?.s) throw new Error(`no subject for ${email}`)
  return row.s
}

export interface RegisterTestbed {
  handle: DatabaseHandle
  seeded: SeededUser[]
  idp: TestIdp
  app: ReturnType<typeof createRegisterApp>
}

export interface TestbedOptions {
  /** Also seed the demo SVN records. */
  svnDemo?: boolean
  /** Wires the register's account creation (migration), given the test database. */
  createIdpAccount?: (db: Database) => RegisterAppDeps['createIdpAccount']
  /** Serve /api-clients (as with the embedded IdP), with this rate limit per client. */
  apiClients?: boolean
  apiClientRateLimit?: RegisterAppDeps['apiClientRateLimit']
}

/** A fresh test database with the demo insurers and users, a test IdP, and the register app over both. */
export async function openRegisterTestbed(
  baseUrl: string | undefined = process.env.TEST_DATABASE_URL,
  options: TestbedOptions = {},
): Promise<RegisterTestbed> {
  const handle = await openTestDatabase(baseUrl)
  const seeded = await seedRegisterDemo(handle.db)
  if (options.svnDemo) await seedSvnDemo(handle.db)
  const idp = await createTestIdp()
  const app = createCheckedRegisterApp({
    db: handle.db,
    issuer: TEST_ISSUER,
    clientId: TEST_CLIENT_ID,
    getKey: idp.getKey,
    createIdpAccount: options.createIdpAccount?.(handle.db),
    apiClients: options.apiClients,
    apiClientRateLimit: options.apiClientRateLimit,
  })
  return { handle, seeded, idp, app }
}

/**
 * The register app whose every answer is checked against its OpenAPI document (ADR 190): an
 * undocumented status or body shape fails the running test (register/openapi/vitest-setup.ts).
 * API tests build their app with this (or openRegisterTestbed), not createRegisterApp.
 */
export function createCheckedRegisterApp(
  deps: Omit<RegisterAppDeps, 'observe'>,
): ReturnType<typeof createRegisterApp> {
  // The document is built from the finished app on its first answer.
  const built: { document?: () => OpenApiDocument } = {}
  const app = createRegisterApp({
    ...deps,
    observe: conformanceCheck(() => {
      if (!built.document) throw new Error('register app not built yet')
      return built.document()
    }),
  })
  built.document = documentOf(app, (routes) => buildOpenApiDocument(routes, { version: OPENAPI_VERSION }))
  return app
}
