import type { z } from 'zod'

/**
 * What a middleware tells the OpenAPI document about the routes it guards (ADR 190). `validate`,
 * `requireRole` and the two authentication middlewares mark themselves with it, so the document reads
 * request schemas, roles and security from the very middlewares that enforce them.
 */
export interface RouteMeta {
  /** A zod validator: which part of the request, and the schema it checks. */
  validator?: { target: string; schema: z.ZodType }
  /** Roles of which the caller needs one (requireRole). */
  roles?: readonly string[]
  /** Which bearer token opens the route: a register user's, or a canton client's (role BEHOERDE). */
  auth?: 'user' | 'authority'
}

const META = Symbol.for('svn-portal.openapi.route-meta')

/** Marks a middleware with what it checks; returns the same function. */
export function withMeta<T extends object>(middleware: T, meta: RouteMeta): T {
  return Object.assign(middleware, { [META]: meta })
}

export function metaOf(handler: unknown): RouteMeta | undefined {
  if (typeof handler !== 'function') return undefined
  return (handler as unknown as Record<symbol, RouteMeta | undefined>)[META]
}
