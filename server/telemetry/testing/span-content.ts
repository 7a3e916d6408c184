/**
 * Test support for the checks that no personal data reaches a trace (traces.after-build.test.ts over the
 * in-memory exporter, metrics.after-build.test.ts over OTLP/HTTP): what the portal puts in spans —
 * names, attributes, events (name and attributes) and status — as one JSON text. Ids and clock readings
 * are left out: the SDK makes them of random hex and nanoseconds, where "987654" turned up by chance in
 * a CI run.
 */
export interface SpanLike {
  name: string
  attributes?: unknown
  events?: { name: string; attributes?: unknown }[]
  status?: unknown
}

export function spanContent(spans: readonly SpanLike[]): string {
  return JSON.stringify(
    spans.map(({ name, attributes, events, status }) => ({
      name,
      attributes,
      events: (events ?? []).map((e) => ({ name: e.name, attributes: e.attributes })),
      status,
    })),
  )
}
