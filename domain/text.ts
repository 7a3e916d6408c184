/** An unpaired UTF-16 surrogate: JSON can carry it (`"\ud800"`), PostgreSQL's jsonb cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb (the audit log's details, drafts) no unpaired
 * surrogate; no keyboard types either. A value containing one is refused as invalid by every schema
 * whose text is stored or searched (500s found by the fuzz tests, ADR 610).
 */
export function storable(text: string): boolean {
  return !text.includes('\u0000') && !new RegExp(LONE_SURROGATE.source).test(text)
}

/** The text without what `storable` refuses, for values kept as typed (drafts): U+0000 dropped, U+FFFD for a lone surrogate. */
export function toStorable(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD')
}

/**
 * The range of PostgreSQL's `integer`, which holds every id, version and count the register stores.
 * A JSON number outside it would make the query fail (a 500 found by the fuzz tests, ADR 610).
 */
export const STORED_INT = { min: -2_147_483_648, max: 2_147_483_647 } as const

/**
 * Every apostrophe people type or paste: the typewriter ', the typographic ’ and ‘, the backtick, an
 * accent typed alone and the modifier letter ʼ. Name search drops them (names/fold.ts); the import
 * reads each as ' when it compares a header or a label (ADR 824).
 */
export const APOSTROPHES = "'’‘`´ʼ"
