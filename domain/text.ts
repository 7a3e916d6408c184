/**
 * PostgreSQL text and jsonb cannot hold U+0000; no keyboard types it. A value containing it is refused
 * as invalid by every schema whose text is stored or searched (500s found by the fuzz tests, ADR 610).
 */
export function storable(text: string): boolean {
  return !text.includes('\u0000')
}
