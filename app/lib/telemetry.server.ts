import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { ServerInstrumentation } from 'react-router'

/**
 * The portal's spans (ADR 950), through the OpenTelemetry API only: without the SDK (tests, telemetry
 * off) every call is a no-op. Span names and attributes carry route patterns and methods, never a
 * path with ids, a query string or form values (names, plates, e-mails).
 */
const tracer = trace.getTracer('svn-portal')

/** One span per loader and action run, named by the route module (`loader routes/svn.$svnId`). */
export const instrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      const span =
        (kind: 'loader' | 'action') =>
        async (run: () => Promise<{ status: string; error?: Error }>, info: { pattern: string }) =>
          tracer.startActiveSpan(
            `${kind} ${route.id}`,
            { attributes: { 'react_router.route.id': route.id, 'http.route': `/${info.pattern}` } },
            async (s) => {
              const result = await run()
              // The error's class only: its message may quote what the user typed.
              if (result.status === 'error')
                s.setStatus({ code: SpanStatusCode.ERROR, message: result.error?.name })
              s.end()
            },
          )
      route.instrument({ loader: span('loader'), action: span('action') })
    },
  },
]

/**
 * A register call as a client span (`register GET`), around the in-process call (ADR 513) or the HTTP
 * one, with the trace context in its headers for a register elsewhere. The register's own middleware
 * adds the operation (`GET /svn/:svnId`).
 */
export async function registerSpan(
  method: string,
  headers: Headers,
  send: () => Promise<Response>,
): Promise<Response> {
  return tracer.startActiveSpan(
    `register ${method}`,
    { kind: SpanKind.CLIENT, attributes: { 'http.request.method': method } },
    async (span) => {
      propagation.inject(context.active(), headers, {
        set: (carrier, key, value) => carrier.set(key, value),
      })
      try {
        const response = await send()
        span.setAttribute('http.response.status_code', response.status)
        if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
        return response
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name })
        throw error
      } finally {
        span.end()
      }
    },
  )
}
