import { monitorEventLoopDelay } from 'node:perf_hooks'
import { metrics, type Counter, type Histogram, type Meter } from '@opentelemetry/api'

/**
 * Our instruments (ADR 950). Created on first use from the global meter provider, which sdk.ts sets
 * before the server is composed: the metrics API has no proxy provider, so an instrument taken from
 * it earlier would stay a no-op for good. Without the SDK (OTEL_SDK_DISABLED, in-process tests) every
 * instrument is the API's no-op one.
 *
 * Names follow the semantic conventions with the unit spelled out, as Prometheus wants it: this
 * exporter turns dots into underscores and adds `_total` to counters but appends no unit, so
 * `http.server.request.duration_seconds` is scraped as `http_server_request_duration_seconds`.
 */

/** Seconds: the semantic conventions' advice for HTTP durations, also fine for queries and files. */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60]
const ROWS = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

export interface Instruments {
  httpDuration: Histogram
  registerDuration: Histogram
  dbDuration: Histogram
  logins: Counter
  loginFailures: Counter
  lockouts: Counter
  generationDuration: Histogram
  generationRecords: Histogram
  importDuration: Histogram
  importRows: Counter
}

let instruments: Instruments | undefined
let from: unknown

export function telemetryInstruments(): Instruments {
  // Taken again once the SDK's provider replaces the no-op one (a test may compose a server first).
  const provider = metrics.getMeterProvider()
  if (instruments && from === provider) return instruments
  from = provider
  const meter = metrics.getMeter('svn-portal')
  const seconds = (name: string, description: string): Histogram =>
    meter.createHistogram(name, { unit: 's', description, advice: { explicitBucketBoundaries: SECONDS } })
  instruments = {
    httpDuration: seconds('http.server.request.duration_seconds', 'Duration of HTTP server requests.'),
    registerDuration: seconds(
      'svn.register.request.duration_seconds',
      'Register API calls by operation (method and route pattern), in process or over HTTP.',
    ),
    dbDuration: seconds('svn.db.query.duration_seconds', 'Database queries by operation (SELECT, INSERT…).'),
    logins: meter.createCounter('svn.login.successes', { description: 'Successful logins.' }),
    loginFailures: meter.createCounter('svn.login.failures', {
      description: 'Failed logins (wrong credentials, no register access, rate limited, callback failed).',
    }),
    lockouts: meter.createCounter('svn.login.lockouts', {
      description: 'Failed logins that blocked a login name or address (rate limit reached).',
    }),
    generationDuration: seconds('svn.file.generation.duration_seconds', 'Pickup file generation time.'),
    generationRecords: meter.createHistogram('svn.file.generation.records', {
      description: 'Records written into one generated pickup file.',
      advice: { explicitBucketBoundaries: ROWS },
    }),
    importDuration: seconds(
      'svn.import.duration_seconds',
      'Mass import time (read, check and store) of one file.',
    ),
    importRows: meter.createCounter('svn.import.rows', {
      description: 'Rows of mass import files, by outcome (imported, failed).',
    }),
  }
  observeRuntime(meter)
  return instruments
}

/** Event-loop delay (percentiles over each scrape interval) and memory, as gauges read at collection. */
function observeRuntime(meter: Meter): void {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  const loop = meter.createObservableGauge('nodejs.eventloop.delay_seconds', {
    unit: 's',
    description: 'Event-loop delay since the last collection (p50, p99, max).',
  })
  loop.addCallback((result) => {
    if (delay.count === 0) return
    result.observe(delay.percentile(50) / 1e9, { quantile: '0.5' })
    result.observe(delay.percentile(99) / 1e9, { quantile: '0.99' })
    result.observe(delay.max / 1e9, { quantile: '1' })
    delay.reset()
  })
  const heap = meter.createObservableGauge('v8js.memory.heap.used_bytes', {
    unit: 'By',
    description: 'V8 heap in use.',
  })
  const rss = meter.createObservableGauge('process.memory.usage_bytes', {
    unit: 'By',
    description: 'Resident set size of the process.',
  })
  heap.addCallback((result) => result.observe(process.memoryUsage().heapUsed))
  rss.addCallback((result) => result.observe(process.memoryUsage.rss()))
}

/**
 * Open portal sessions (not expired): `count` is asked at each collection. One worker's answer is the
 * whole database's figure, so Grafana takes the max over the workers, not the sum.
 */
export function observeOpenSessions(count: () => Promise<number>): void {
  const gauge = metrics.getMeter('svn-portal').createObservableGauge('svn.sessions.open', {
    description: 'Portal sessions that have not expired (whole database).',
  })
  gauge.addCallback(async (result) => {
    // A database that is down must not fail the scrape of everything else.
    const open = await count().catch(() => undefined)
    if (open !== undefined) result.observe(open)
  })
}
