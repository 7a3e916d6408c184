import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import { trace } from '@opentelemetry/api'
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { NodeSDK } from '@opentelemetry/sdk-node'
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base'
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions'
import type { Config } from '../../config.ts'
import { configureLog, logEvent } from '../../domain/log.ts'
import { packageVersion } from '../release.ts'
import { instrumentDatabase } from './db.ts'
import { metricsFromEvents } from './events.ts'
import { telemetryInstruments } from './metrics.ts'

export interface Telemetry {
  /** The metrics endpoint's port (each worker its own, ADR 950); undefined when metrics are off. */
  metricsPort: number | undefined
  /** Flushes pending spans and closes the metrics endpoint. */
  shutdown(): Promise<void>
}

export interface TelemetryOptions {
  /** Tests: where spans go instead of OTLP (e.g. a SimpleSpanProcessor on an InMemorySpanExporter). */
  spanProcessors?: SpanProcessor[]
}

const OFF: Telemetry = { metricsPort: undefined, shutdown: async () => {} }

/**
 * Starts OpenTelemetry for this process (ADR 950): metrics on a Prometheus endpoint of their own
 * (METRICS_HOST:METRICS_PORT, never the public port), traces over OTLP only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, the trace id in every log line, and our own spans and metrics
 * (HTTP server, loaders and actions, register calls, database queries). No auto-instrumentation and
 * so no loader flags: what we measure is hooked in explicitly and also works from a bundled server.
 */
export async function startTelemetry(
  config: Pick<Config, 'telemetry' | 'webConcurrency'>,
  options: TelemetryOptions = {},
): Promise<Telemetry> {
  const settings = config.telemetry
  if (!settings.enabled) return OFF
  const exporter = new PrometheusExporter({ preventServerStart: true })
  const spanProcessors =
    options.spanProcessors ?? (settings.otlpEndpoint ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [])
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      // Tells one worker's series from another's (WEB_CONCURRENCY, ADR 522) in target_info.
      'process.pid': process.pid,
      // Which release a series or span came from, as the "about" dialog shows it.
      [ATTR_SERVICE_VERSION]: packageVersion(),
    }),
    // Only what we ask for: no instrumentations, no log exporter from the environment's defaults.
    instrumentations: [],
    metricReaders: [exporter],
    spanProcessors,
    logRecordProcessors: [],
  })
  sdk.start()
  telemetryInstruments()
  instrumentDatabase()
  configureLog({ context: traceFields, observe: metricsFromEvents })

  let server: Server | undefined
  let metricsPort: number | undefined
  if (settings.metricsPort !== undefined) {
    // A taken port costs the metrics, not the portal: the warning says so, the screens stay up.
    const listened = await listenMetrics(
      exporter,
      settings.metricsHost,
      settings.metricsPort,
      config.webConcurrency,
    ).catch((error: unknown) => {
      logEvent('warn', 'metrics.unavailable', {
        reason: (error as NodeJS.ErrnoException).code ?? String(error),
        port: settings.metricsPort,
      })
      return undefined
    })
    server = listened?.server
    metricsPort = listened?.port
  }
  return {
    metricsPort,
    async shutdown() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
      await sdk.shutdown().catch(() => {})
    },
  }
}

/** The active span's ids for the log line; nothing outside a sampled trace. */
function traceFields() {
  const span = trace.getActiveSpan()
  if (!span) return undefined
  const { traceId, spanId, traceFlags } = span.spanContext()
  return traceFlags & 1 ? { traceId, spanId } : undefined
}

/**
 * With WEB_CONCURRENCY > 1 each worker serves its own metrics on the first free port of
 * METRICS_PORT … METRICS_PORT + workers - 1 (a restarted worker takes the port its predecessor freed);
 * Prometheus scrapes them all (ADR 950). Port 0: any free port (tests).
 */
async function listenMetrics(
  exporter: PrometheusExporter,
  host: string,
  port: number,
  workers: number,
): Promise<{ server: Server; port: number }> {
  const slots = cluster.isWorker && port !== 0 ? workers : 1
  for (let slot = 0; ; slot++) {
    const server = createServer((req, res) => {
      if (req.method === 'GET' && new URL(req.url ?? '/', 'http://x').pathname === '/metrics') {
        exporter.getMetricsRequestHandler(req, res)
        return
      }
      res.statusCode = 404
      res.end()
    })
    try {
      const bound = await new Promise<number>((resolve, reject) => {
        server.once('error', reject)
        // exclusive: a cluster worker binds its own socket; without it the primary hands every worker
        // the same shared one, so each scrape would reach whichever worker the primary picks.
        server.listen({ port: port === 0 ? 0 : port + slot, host, exclusive: true }, () =>
          resolve((server.address() as { port: number }).port),
        )
      })
      // The endpoint must never hold the process open at shutdown.
      server.unref()
      logEvent('info', 'metrics.listening', { url: `http://${host}:${bound}/metrics` })
      return { server, port: bound }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || slot + 1 >= slots) throw error
    }
  }
}
