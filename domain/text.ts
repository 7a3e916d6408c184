/**
 * PostgreSQL text and jsonb cannot hold U+0000; no keyboard types it. A value containing it is refused
 * as invalid by every schema whose text is stored or searched (500s found by the fuzz tests, ADR 610).
 */
export function storable(text: string): boolean {
  return !text.includes('\u0000')
}

/**
 * The range of PostgreSQL's `integer`, which holds every id, version and count the register stores.
 * A JSON number outside it would make the query fail (a 500 found by the fuzz tests, ADR 610).
 */
export const STORED_INT = { min: -2_147_483_648, max: 2_147_483_647 } as const
