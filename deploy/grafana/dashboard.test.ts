/**
 * The provisioned Grafana dashboard (issue 22 item 2, ADR 950): it parses, every panel has a query,
 * and every metric a query names is one the portal exports (server/telemetry/metrics.ts), with the
 * suffixes the Prometheus exporter gives it.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')

interface Panel {
  id: number
  title: string
  targets?: { expr?: string }[]
  datasource?: { uid?: string }
}
const dashboard = JSON.parse(readFileSync(path.join(here, 'dashboards/svn-portal.json'), 'utf8')) as {
  uid: string
  panels: Panel[]
}

/** Instrument names in metrics.ts, as Prometheus sees them (dots → underscores, counters `_total`). */
function exported(): Set<string> {
  const source = readFileSync(path.join(root, 'server/telemetry/metrics.ts'), 'utf8')
  const names = new Set<string>()
  for (const [, kind, name] of source.matchAll(
    /create(Histogram|Counter|ObservableGauge)\(\s*'([a-z0-9._]+)'/g,
  )) {
    const base = name!.replaceAll('.', '_')
    if (kind === 'Histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(base + s)
    else if (kind === 'Counter') names.add(`${base}_total`)
    else names.add(base)
  }
  // `seconds(name, …)` is the file's histogram helper.
  for (const [, name] of source.matchAll(/seconds\(\s*'([a-z0-9._]+)'/g)) {
    const base = name!.replaceAll('.', '_')
    for (const s of ['_bucket', '_sum', '_count']) names.add(base + s)
  }
  return names
}

/** Metric names in a PromQL expression: identifiers followed by `{` or `[` (not functions or labels). */
function metricsIn(expr: string): string[] {
  return [...expr.matchAll(/\b([a-z_][a-z0-9_]*)\s*\{/g)].map((m) => m[1]!)
}

describe('the Grafana dashboard', () => {
  const names = exported()

  it('has panels for the figures the issue asks for', () => {
    expect(dashboard.uid).toBe('svn-portal')
    const all = dashboard.panels.map((p) => p.targets?.map((t) => t.expr).join(' ') ?? '').join('\n')
    for (const needed of [
      'http_server_request_duration_seconds_count',
      'http_server_request_duration_seconds_bucket',
      'svn_login_failures_total',
      'svn_login_lockouts_total',
      'svn_register_request_duration_seconds_bucket',
      'svn_file_generation_duration_seconds_bucket',
      'svn_import_duration_seconds_bucket',
      'nodejs_eventloop_delay_seconds',
      'process_memory_usage_bytes',
      'v8js_memory_heap_used_bytes',
    ]) {
      expect(all).toContain(needed)
    }
  })

  it('names in every query only metrics the portal exports', () => {
    expect(names.has('http_server_request_duration_seconds_bucket')).toBe(true)
    for (const panel of dashboard.panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0)
      expect(panel.datasource?.uid, panel.title).toBe('prometheus')
      for (const target of panel.targets ?? []) {
        const used = metricsIn(target.expr ?? '')
        expect(used.length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0)
        for (const metric of used) expect(names, `${panel.title}: ${metric}`).toContain(metric)
      }
    }
  })

  it('has unique panel ids', () => {
    const ids = dashboard.panels.map((p) => p.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
