import type { Hono, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { z } from 'zod'
import type { OpenApiDocument } from './document.ts'
import { openApiPath } from './document.ts'

/**
 * The API tests' check that the register answers what its OpenAPI document says (ADR 190): every
 * answer of a described route must have a documented status, and its body must match the documented
 * schema (validated by zod's `z.fromJSONSchema` from the document's JSON Schema, not the zod source,
 * so the generation is checked too). Mismatches are collected; the vitest setup file fails the test
 * that caused them (register/openapi/vitest-setup.ts).
 */

const violations: string[] = []

/** The mismatches seen since the last call, emptied. */
export function takeViolations(): string[] {
  return violations.splice(0)
}

type Media = { schema?: Record<string, unknown> }
type Operation = { responses: Record<string, { content?: Record<string, Media> }> }

const validators = new WeakMap<object, z.ZodType>()

function validatorOf(schema: Record<string, unknown>, components: Record<string, unknown>): z.ZodType {
  let validator = validators.get(schema)
  if (!validator) {
    // Self-contained: the components become local $defs.
    const standalone = JSON.parse(
      JSON.stringify({ ...schema, $defs: components }).replaceAll('"#/components/schemas/', '"#/$defs/'),
    ) as Parameters<typeof z.fromJSONSchema>[0]
    validator = z.fromJSONSchema(standalone)
    validators.set(schema, validator)
  }
  return validator
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

function typeMatches(documented: string, actual: string): boolean {
  return documented
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === actual || (t.endsWith('/*') && actual.startsWith(t.slice(0, -1))))
}

/** Checks one answer against the document; a problem as text, or null. */
export async function checkResponse(
  document: OpenApiDocument,
  method: string,
  honoPath: string,
  response: Response,
): Promise<string | null> {
  const where = `${method} ${openApiPath(honoPath)}`
  const operation = (document.paths[openApiPath(honoPath)] as Record<string, Operation> | undefined)?.[
    method.toLowerCase()
  ]
  if (!operation) return `${where}: not in the OpenAPI document`
  const documented = operation.responses[String(response.status)]
  if (!documented) return `${where}: status ${response.status} is not documented`
  const content = documented.content
  const actualType = mediaType(response.headers.get('Content-Type'))
  if (!content) {
    const body = response.body ? await response.clone().text() : ''
    return body === '' ? null : `${where} ${response.status}: documented without body, answered ${actualType}`
  }
  const entry = Object.entries(content).find(([type]) => typeMatches(type, actualType))
  if (!entry) return `${where} ${response.status}: content type ${actualType} is not documented`
  const [type, media] = entry
  if (type !== 'application/json' || !media.schema) return null
  const body: unknown = await response.clone().json()
  const result = validatorOf(media.schema, document.components.schemas).safeParse(body)
  if (result.success) return null
  return `${where} ${response.status}: body does not match the document: ${z.prettifyError(result.error)}`
}

/**
 * Middleware for the register app under test (the `observe` hook of createRegisterApp): checks each
 * answer of a matched route against the document, collecting mismatches. Unmatched paths (404) are
 * not operations and are skipped.
 */
export function conformanceCheck(document: () => OpenApiDocument): MiddlewareHandler {
  return async (c, next) => {
    await next()
    // HEAD and OPTIONS answer for a GET route by Hono's own rules; the document lists the GET.
    if (c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return
    // The handler that answered (Hono leaves routeIndex there); a middleware that answered (e.g. 401)
    // stands for the first route after it — not simply the last match, since `/files/:type/count` and
    // `/files/:type/:fileName` both match `/files/SVN/count`.
    const routes = matchedRoutes(c)
    const route = routes.slice(c.req.routeIndex).find((r) => r.method !== 'ALL')
    if (!route) return
    const problem = await checkResponse(document(), c.req.method, route.path, c.res)
    if (problem) violations.push(problem)
  }
}

/** The document of an app, built once per app. */
export function documentOf(app: Hono, build: (app: Hono) => OpenApiDocument): () => OpenApiDocument {
  let document: OpenApiDocument | undefined
  return () => (document ??= build(app))
}
