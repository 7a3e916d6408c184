import { COMBINING_MARKS, LETTER_SPELLINGS, NAME_SEPARATORS, UMLAUT_SPELLINGS } from '../domain/names/fold.ts'

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/**
 * `foldName` (domain/names/fold.ts) as a PostgreSQL expression over `column`, step for step from the
 * same character tables: NFD and combining marks removed, the letters that do not decompose, lower(),
 * separators dropped, ae/oe/ue. Migration 0007 back-fills the folded columns with it (its text is
 * pasted there; db/name-fold.test.ts checks the paste and that it equals foldName on both engines).
 * New rows get their key from foldName itself (register/svn/service.ts rowOf).
 */
export function foldNameSql(column: string): string {
  let expression = `regexp_replace(normalize(${column}, NFD), ${literal(COMBINING_MARKS)}, '', 'g')`
  for (const [from, to] of LETTER_SPELLINGS)
    expression = `replace(${expression}, ${literal(from)}, ${literal(to)})`
  expression = `translate(lower(${expression}), ${literal(NAME_SEPARATORS)}, '')`
  for (const [from, to] of UMLAUT_SPELLINGS)
    expression = `replace(${expression}, ${literal(from)}, ${literal(to)})`
  return expression
}
