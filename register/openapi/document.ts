import type { Hono } from 'hono'
import { z } from 'zod'
import pkg from '../../package.json' with { type: 'json' }
import { ROLES } from '../../domain/roles.ts'
import { ErrorBody } from './schemas.ts'
import { metaOf, type RouteMeta } from './meta.ts'
import { OPERATIONS, type OperationSpec, type ResponseSpec } from './operations.ts'

/** The document's `info.version`: the product's version. */
export const OPENAPI_VERSION = pkg.version

/** `METHOD /path` as Hono lists a route (app.routes), the key of OPERATIONS. */
export type RouteKey = string

interface RouteFacts {
  method: string
  path: string
  /** The marks of the route's own middlewares (validators, roles). */
  own: RouteMeta[]
  /** The marks of the `use` middlewares in front of it (authentication, a router's role check). */
  inherited: RouteMeta[]
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** Whether a `use` path (`/svn/*`, `/*`) covers a route path. */
function covers(usePath: string, path: string): boolean {
  if (usePath === '/*' || usePath === '*') return true
  if (usePath.endsWith('/*')) {
    const base = usePath.slice(0, -2)
    return path === base || path.startsWith(`${base}/`)
  }
  return usePath === path
}

/** Every route of the app (method and path once each) with what its middlewares say about it. */
export function routesOf(app: Hono): Map<RouteKey, RouteFacts> {
  const uses = app.routes.filter((r) => r.method === 'ALL')
  const routes = new Map<RouteKey, RouteFacts>()
  for (const route of app.routes) {
    if (!METHODS.has(route.method)) continue
    const key = `${route.method} ${route.path}`
    let facts = routes.get(key)
    if (!facts) {
      const inherited = uses
        .filter((u) => covers(u.path, route.path))
        .map((u) => metaOf(u.handler))
        .filter((m): m is RouteMeta => m !== undefined)
      facts = { method: route.method, path: route.path, own: [], inherited }
      routes.set(key, facts)
    }
    const meta = metaOf(route.handler)
    if (meta) facts.own.push(meta)
  }
  return routes
}

/** Routes the document does not describe: add an entry to OPERATIONS (register/openapi/operations.ts). */
export function undescribedRoutes(app: Hono): RouteKey[] {
  return [...routesOf(app).keys()].filter((key) => !Object.hasOwn(OPERATIONS, key))
}

/** OPERATIONS entries without a route (a route renamed or removed). */
export function staleDescriptions(app: Hono): RouteKey[] {
  const routes = routesOf(app)
  return Object.keys(OPERATIONS).filter((key) => !routes.has(key))
}

/** `/users/:id{[0-9]+}/roles` → `/users/{id}/roles`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')
}

type JsonSchema = Record<string, unknown>

/**
 * zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect). Named schemas (`.meta({ id })`) go into
 * components; their `$ref`s point there. Requests are described as the client sends them (input).
 */
function toSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonSchema>,
): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema
  const { $schema: _dialect, $defs, ...rest } = json
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
    components[id] = relink(def)
  return relink(rest)
}

function relink<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as T
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Bad input: `fieldErrors` names each field with its message keys; nothing was stored',
  401: 'No, expired or invalid access token (`WWW-Authenticate: Bearer`)',
  403: 'The token lacks the required role, or the user is deactivated',
  404: 'Not found, or not visible to the caller',
  409: 'Conflict',
  413: 'Request body too large',
  429: 'Too many requests: retry after `Retry-After` seconds',
  503: 'Temporarily unavailable (database or identity provider): retry after `Retry-After` seconds',
}

function responseSpec(value: ResponseSpec | z.ZodType): ResponseSpec {
  return value instanceof z.ZodType ? { schema: value } : value
}

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
}

/**
 * The answers of an operation: its own, plus those its middlewares give — 400 (a validator), 401 and
 * 403 and 503 (authentication), 429 (the per-client rate limit of the user authentication, which an
 * API client's token reaches, ADR 181), 413 (the body limit of every request with a body).
 */
export function responsesOf(facts: RouteFacts, spec: OperationSpec): Record<number, ResponseSpec> {
  const all = [...facts.inherited, ...facts.own]
  const responses: Record<number, ResponseSpec> = {}
  const error = (status: number) => ({ description: STATUS_TEXT[status], schema: ErrorBody })
  if (all.some((m) => m.validator) || spec.request) responses[400] = error(400)
  const auth = authOf(facts)
  if (auth) {
    responses[401] = error(401)
    responses[403] = error(403)
    responses[503] = { ...error(503), headers: retryAfter }
  }
  if (auth === 'user') responses[429] = { ...error(429), headers: retryAfter }
  if (facts.method !== 'GET') responses[413] = error(413)
  for (const [status, value] of Object.entries(spec.responses))
    responses[Number(status)] = responseSpec(value)
  return responses
}

/** Roles of which the caller needs one, from requireRole marks or the entry; null = any valid token. */
export function rolesOf(facts: RouteFacts, spec: OperationSpec): readonly string[] | null {
  const marked = [...facts.inherited, ...facts.own].filter((m) => m.roles).at(-1)?.roles
  const roles = spec.roles ?? marked
  return roles && roles.length > 0 ? roles : null
}

function authOf(facts: RouteFacts): RouteMeta['auth'] {
  return [...facts.inherited, ...facts.own].find((m) => m.auth)?.auth
}

function rolesText(roles: readonly string[] | null, auth: RouteMeta['auth']): string {
  if (!auth) return 'No token needed.'
  if (auth === 'authority')
    return 'Canton clients: an access token with the role `BEHOERDE` (no register user).'
  if (!roles) return 'Any register user (an access token of an active user).'
  if (roles.length === ROLES.length) return 'Any register role.'
  return `One of the roles ${roles.map((r) => `\`${r}\``).join(', ')}.`
}

const PARAM_TARGETS = { param: 'path', query: 'query', header: 'header', cookie: 'cookie' } as const

/** Builds the OpenAPI 3.1 document of the register app from its routes (app.routes) and OPERATIONS. */
export function buildOpenApiDocument(app: Hono, options: { version: string }) {
  const components: Record<string, JsonSchema> = {}
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [key, facts] of routesOf(app)) {
    const spec = OPERATIONS[key]
    if (!spec) continue // undescribedRoutes() names it; the drift test fails
    const validators = facts.own.flatMap((m) => (m.validator ? [m.validator] : []))
    const parameters: unknown[] = []
    let requestBody: unknown
    for (const { target, schema } of validators) {
      const json = toSchema(schema, 'input', components)
      if (target === 'json') {
        requestBody = { required: true, content: { 'application/json': { schema: json } } }
        continue
      }
      const where = PARAM_TARGETS[target as keyof typeof PARAM_TARGETS]
      const properties = (json.properties ?? {}) as Record<string, JsonSchema>
      const required = new Set((json.required ?? []) as string[])
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema })
      }
    }
    // Path parameters no validator checks (e.g. `/files/{type}`): plain strings.
    for (const match of facts.path.matchAll(/:(\w+)/g)) {
      const name = match[1]
      if (
        !parameters.some(
          (p) => (p as { name: string; in: string }).name === name && (p as { in: string }).in === 'path',
        )
      )
        parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } })
    }
    if (spec.request?.json)
      requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(spec.request.json, 'input', components) } },
      }
    if (spec.request?.form)
      requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: toSchema(spec.request.form, 'input', components) } },
      }
    if (requestBody && spec.example.request !== undefined) {
      const content = (requestBody as { content: Record<string, Record<string, unknown>> }).content
      for (const media of Object.values(content)) media.example = spec.example.request
    }

    const auth = authOf(facts)
    const roles = rolesOf(facts, spec)
    const responses: Record<string, unknown> = {}
    const answers = responsesOf(facts, spec)
    for (const [status, answer] of Object.entries(answers)) {
      const description = answer.description ?? STATUS_TEXT[Number(status)] ?? 'Answer'
      const headers = answer.headers ? { headers: answer.headers } : {}
      if (!answer.schema && !answer.contentType) {
        responses[status] = { description, ...headers }
        continue
      }
      const media: Record<string, unknown> = answer.schema
        ? { schema: toSchema(answer.schema, 'output', components) }
        : { schema: { type: 'string', format: 'binary' } }
      // The example is of the success answer (200 and 201 of a create share it).
      if (Number(status) < 300 && answer.schema && spec.example.response !== undefined)
        media.example = spec.example.response
      responses[status] = {
        description,
        ...headers,
        content: { [answer.contentType ?? 'application/json']: media },
      }
    }

    const operation: Record<string, unknown> = {
      operationId: operationId(key),
      tags: [spec.tag],
      summary: spec.summary,
      description: [spec.description, `**Required:** ${rolesText(roles, auth)}`].filter(Boolean).join('\n\n'),
      security:
        auth === 'authority' ? [{ authorityToken: [] }] : auth === 'user' ? [{ accessToken: [] }] : [],
      'x-required-roles': auth === 'authority' ? ['BEHOERDE'] : (roles ?? []),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    }
    const path = openApiPath(facts.path)
    paths[path] = { ...paths[path], [facts.method.toLowerCase()]: operation }
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'SVN register API',
      version: options.version,
      description:
        'The register of Swiss boat insurance notifications (SVN). Every call but this document and its ' +
        'reference page needs an OAuth 2.0 access token (JWT) of the portal’s identity provider. ' +
        'Errors answer `{ "error": …, "fieldErrors"?: { field: [message keys] } }`.',
    },
    servers: [{ url: '/svnwebaccess' }],
    security: [{ accessToken: [] }],
    tags: [...new Set(Object.values(OPERATIONS).map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'An access token (JWT, `typ: at+jwt`) of the identity provider for the portal client; roles in ' +
            '`resource_access.<client>.roles`. The subject must be an active register user.',
        },
        authorityToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A canton client’s access token with the role `BEHOERDE`; no register user behind it.',
        },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

/** `GET /users/:id{[0-9]+}/roles` → `getUsersIdRoles`. */
function operationId(key: RouteKey): string {
  const [method = '', path = ''] = key.split(' ')
  const words = openApiPath(path)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('')
}
