import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api'
import type { RequestHandler, Response } from 'express'
import { createMiddleware } from 'hono/factory'
import type { ServerBuild } from 'react-router'
import { telemetryInstruments } from './metrics.ts'

/**
 * The HTTP server's span and `http.server.request.duration` (ADR 950), as our own Express middleware
 * rather than the http/express auto-instrumentations (they need import hooks and do not see a bundled
 * server). `http.route` is the pattern of what answered — React Router's matched route
 * (`/svn/:svnId`), the register's Hono route (`/svnwebaccess/svn/:svnId`), a mounted part's prefix
 * (`/oidc/*`) — never the path itself: ids and names stay out of labels and spans.
 */
export function httpTelemetry(options: { prefixes: string[] }): RequestHandler {
  const tracer = trace.getTracer('svn-portal')
  const { httpDuration } = telemetryInstruments()
  return (req, res, next) => {
    const started = performance.now()
    const parent = propagation.extract(context.active(), req.headers)
    const span = tracer.startSpan(
      `${req.method}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.scheme': req.protocol },
      },
      parent,
    )
    res.locals.span = span
    let done = false
    const finish = () => {
      if (done) return
      done = true
      const status = res.statusCode
      const route = routeOf(res) ?? prefixRoute(req.originalUrl, options.prefixes)
      const attributes = {
        'http.request.method': req.method,
        'http.route': route,
        'http.response.status_code': status,
      }
      httpDuration.record((performance.now() - started) / 1000, attributes)
      span.setAttributes(attributes)
      span.updateName(`${req.method} ${route}`)
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
    res.once('finish', finish)
    res.once('close', finish)
    context.with(trace.setSpan(parent, span), next)
  }
}

/** Tells the HTTP middleware the route pattern that answered this request. */
export function setRoute(res: Response, route: string): void {
  res.locals.httpRoute = route
}

function routeOf(res: Response): string | undefined {
  return res.locals.httpRoute as string | undefined
}

/** A request no router named: its mount prefix, or `other` (a fixed label, whatever the path). */
function prefixRoute(url: string, prefixes: string[]): string {
  const path = url.split('?')[0] ?? '/'
  if (path === '/healthz' || path === '/readyz') return path
  for (const prefix of prefixes) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return `${prefix}/*`
  }
  return 'other'
}

/**
 * React Router's matched route pattern for a path, from the build's route manifest: `/svn/42` →
 * `/svn/:svnId`, a data request `/svn/42.data` likewise, no match → `/*` (the catch-all route).
 * The branches are compiled and ranked once per build, the way React Router ranks them (static
 * segments over dynamic ones over a splat, index routes first; ties in manifest order):
 * `matchRoutes` flattens and ranks the whole route tree again on every call, which cost about a
 * tenth of a page's CPU (ADR 523, profile of the shell page). `route-pattern.test.ts` checks both agree.
 */
export function reactRouterRoutes(build: Pick<ServerBuild, 'routes'>): (pathname: string) => string {
  const routes = Object.values(build.routes).filter((r) => r !== undefined)
  const pathOf = (id: string | undefined): string[] => {
    const route = routes.find((r) => r.id === id)
    if (!route) return []
    return [...pathOf(route.parentId), ...(route.path ? [route.path] : [])]
  }
  const branches = routes
    .map((route, order) => {
      const pattern = pathOf(route.id)
        .join('/')
        .replace(/\/+/g, '/')
        .replace(/^\/|\/$/g, '')
      return {
        pattern,
        regex: branchRegex(pattern),
        score: branchScore(pattern, route.index === true),
        order,
      }
    })
    .sort((a, b) => b.score - a.score || a.order - b.order)
  return (pathname) => {
    const path = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
    let decoded = path
    try {
      decoded = decodeURI(path)
    } catch {
      // a malformed escape: matched as sent
    }
    const branch = branches.find((b) => b.regex.test(decoded))
    return `/${branch?.pattern ?? ''}`
  }
}

const PARAM = /^:[\w-]+$/

/** React Router's `computeScore`: segments 10 static, 3 dynamic, 1 empty; index +2; a splat −2. */
function branchScore(pattern: string, index: boolean): number {
  const segments = pattern.split('/')
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0)
  for (const segment of segments) {
    if (segment === '*') continue
    score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10
  }
  return score
}

/** The whole path against the pattern, as React Router's `matchPath` with `end` (any case, trailing slashes). */
function branchRegex(pattern: string): RegExp {
  let source = '^'
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment === '*') source += '(?:/.*)?'
    else if (PARAM.test(segment)) source += '/[^/]+'
    else if (/^:[\w-]+\?$/.test(segment)) source += '(?:/[^/]+)?'
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
  }
  return new RegExp(`${source}/*$`, 'i')
}

/**
 * In the register app (ADR 950): the register call's duration by operation (`GET /svn/:svnId`), for
 * calls in process (ADR 513) and over HTTP alike, and the route pattern for the HTTP middleware.
 */
export const registerTelemetry = createMiddleware<{
  Bindings: { outgoing?: unknown }
}>(async (c, next) => {
  const started = performance.now()
  await next()
  const operation = `${c.req.method} ${c.req.routePath}`
  telemetryInstruments().registerDuration.record((performance.now() - started) / 1000, {
    operation,
    'http.response.status_code': c.res.status,
  })
  const span: Span | undefined = trace.getActiveSpan()
  span?.setAttribute('svn.register.operation', operation)
  // Called over HTTP: the Express response of this request is the Node one Hono answers on.
  const outgoing = c.env?.outgoing as Response | undefined
  if (outgoing?.locals)
    setRoute(outgoing, `/svnwebaccess${c.req.routePath === '/*' ? '/*' : c.req.routePath}`)
})
