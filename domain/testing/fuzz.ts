/**
 * Test support: fast-check generators for bad input at scale (issue 10 item 4, ADR 610), shared by the
 * register's and the portal's fuzz tests. Values are built near a schema: the right keys with wrong
 * types, over-long strings, unicode, control characters, numbers out of range, impossible dates.
 */
import fc from 'fast-check'

function runsFrom(name: string, fallback: number): number {
  const raw = process.env[name]
  const n = raw ? Number(raw) : fallback
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${raw}`)
  return n
}

/** Generated inputs per validator (pure functions): `FUZZ_RUNS`, default 10 000. */
export const FUZZ_RUNS = runsFrom('FUZZ_RUNS', 10_000)
/**
 * Generated requests per endpoint through a real HTTP stack and database: `FUZZ_HTTP_RUNS`, default 100
 * (every request is a database round trip; 10 000 per endpoint would take hours on PGlite).
 */
export const FUZZ_HTTP_RUNS = runsFrom('FUZZ_HTTP_RUNS', 100)
/** Generated form posts per portal action through the whole server (SSR, IdP, register): `FUZZ_PORTAL_RUNS`, default 40. */
export const FUZZ_PORTAL_RUNS = runsFrom('FUZZ_PORTAL_RUNS', 40)

/** Strings that broke parsers elsewhere: dates that do not exist, numbers beyond int4, injections. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\r\n',
  '31.02.2026',
  '29.02.2025',
  '00.00.0000',
  '2026-02-31',
  '2026-13-01',
  '0000-00-00',
  '99.99.9999',
  '1.1.10000',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '2147483648',
  '99999999999999999999',
  '١٢٣',
  '１２３',
  "' OR 1=1 --",
  '"; drop table svn; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%',
  '__proto__',
  'constructor',
  '\uD800',
  '\uFEFF',
  'Z̸̢̛a̷l̶g̵o̸',
  '👨‍👩‍👧‍👦',
  'ß'.repeat(300),
]

const controlChar = fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c))

/** Any string a client could send, weighted towards the nasty ones. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: controlChar, maxLength: 10 }), weight: 1 },
  // Over-long: past every limit of the forms (the longest field allows a few hundred characters).
  {
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '9', ' ', '💥'), fc.integer({ min: 101, max: 5_000 }))
      .map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 10_000 }),
      )
      .map(([d, m, y]) => `${d}.${m}.${y}`),
    weight: 1,
  },
)

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e21, -1e21),
)

/** Any JSON-ish value, including the nasty strings and numbers. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: nastyNumber, weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.array(nastyString, { maxLength: 5 }), weight: 1 },
)

/**
 * Objects near a schema: a subset of its keys (and a few foreign ones), each with a sample of a valid
 * value or a nasty one. `samples` gives valid-looking values per key so generation gets past the first
 * check and reaches the deeper rules.
 */
export function nearObject(
  keys: readonly string[],
  samples: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const valueFor = (key: string) =>
    samples[key]
      ? fc.oneof({ arbitrary: samples[key], weight: 3 }, { arbitrary: nastyValue, weight: 1 })
      : nastyValue
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(k)])), { requiredKeys: [] })
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'gsCode', 'x'), nastyValue, {
    maxKeys: 2,
  })
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }))
}

/** A body for a schema: mostly near it, sometimes any JSON at all (arrays, scalars, null). */
export function nearBody(
  keys: readonly string[],
  samples: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: nearObject(keys, samples), weight: 5 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
    { arbitrary: fc.array(nearObject(keys, samples), { maxLength: 3 }), weight: 1 },
  )
}

/** A nested object built from dotted field names (e.g. the create form's `halter.person.name`). */
export function nearDotted(
  names: readonly string[],
  samples: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  return nearObject(names, samples).map((flat) => {
    const out: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(flat)) {
      const parts = name.split('.')
      let node = out
      for (const part of parts.slice(0, -1)) {
        const child = node[part]
        node[part] = child && typeof child === 'object' && !Array.isArray(child) ? child : {}
        node = node[part] as Record<string, unknown>
      }
      node[parts.at(-1)!] = value
    }
    return out
  })
}

/** Every UTF-8 byte percent-encoded (lone surrogates become U+FFFD, as a client would send them). */
function percentEncoded(s: string): string {
  return [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
}

/**
 * A valid value with up to `maxChanges` of its (dotted) fields replaced by generated ones: gets past
 * the first checks, so the deeper rules and the database see bad values.
 */
export function mutated<T extends object>(
  base: T,
  names: readonly string[],
  maxChanges = 3,
): fc.Arbitrary<T> {
  return fc
    .tuple(
      fc.subarray([...names], { maxLength: maxChanges }),
      fc.array(nastyValue, { minLength: maxChanges, maxLength: maxChanges }),
    )
    .map(([picked, values]) => {
      const copy = structuredClone(base) as Record<string, unknown>
      picked.forEach((name, i) => {
        const parts = name.split('.')
        let node = copy
        for (const p of parts.slice(0, -1)) {
          const child = node[p]
          node[p] = child && typeof child === 'object' ? child : {}
          node = node[p] as Record<string, unknown>
        }
        node[parts.at(-1)!] = values[i]
      })
      return copy as T
    })
}

/** Path segments a client could put into a URL (percent-encoded where needed). */
export const nastySegment: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String),
  fc.stringMatching(/^\d{1,12}$/),
  nastyString.filter((s) => s.length > 0 && s.length < 300).map(percentEncoded),
  // Broken escapes, as a hand-made client might send them.
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F'),
)

/** A query string of known and foreign parameters with nasty values (repeated keys included). */
export function nearQuery(keys: readonly string[], samples: Record<string, fc.Arbitrary<unknown>> = {}) {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...keys), fc.constantFrom('x', '__proto__', '')),
    fc.oneof(
      ...[nastyString.filter((s) => s.length < 300), ...Object.values(samples).map((a) => a.map(String))],
    ),
  )
  return fc.array(pair, { maxLength: 6 }).map((pairs) => {
    const q = new URLSearchParams()
    for (const [k, v] of pairs) q.append(k, v)
    return q.toString()
  })
}
