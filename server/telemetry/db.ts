import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { PgPreparedQuery } from 'drizzle-orm/pg-core'
import { telemetryInstruments } from './metrics.ts'

type QueryWithCache = (
  queryString: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>

let done = false

/**
 * A span and a duration for every database query (ADR 950). drizzle's own tracer is never switched
 * on in 0.45 (and would put the SQL and its parameters, i.e. names and plates, into spans), so we wrap
 * the one method both drivers (PGlite, postgres-js) run each query through. Attributes: the operation
 * (`SELECT`, `INSERT`…) and the first table only, never the text or the parameters.
 */
export function instrumentDatabase(): void {
  if (done) return
  done = true
  const proto = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache }
  const original = proto.queryWithCache
  const tracer = trace.getTracer('svn-portal')
  proto.queryWithCache = function (this: unknown, queryString, params, query) {
    const { operation, table } = describeQuery(queryString)
    const started = performance.now()
    return tracer.startActiveSpan(
      table ? `${operation} ${table}` : operation,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          ...(table ? { 'db.collection.name': table } : {}),
        },
      },
      async (span) => {
        try {
          return await original.call(this, queryString, params, query)
        } catch (error) {
          // The error's text can quote a value (a unique violation's key): only its class goes out.
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.name ?? 'error' })
          throw error
        } finally {
          span.end()
          telemetryInstruments().dbDuration.record((performance.now() - started) / 1000, {
            'db.operation.name': operation,
          })
        }
      },
    )
  }
}

const TABLE_AFTER = /\b(?:from|into|update|join)\s+"?([a-z_][a-z0-9_]*)"?/i

/** The statement's first keyword and first table, from drizzle's parameterised SQL. */
export function describeQuery(sql: string): { operation: string; table: string | undefined } {
  const keyword = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase() ?? ''
  const operation = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH'].includes(keyword) ? keyword : 'OTHER'
  return { operation, table: TABLE_AFTER.exec(sql)?.[1] }
}
