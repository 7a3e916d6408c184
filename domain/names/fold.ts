import { APOSTROPHES } from '../text.ts'

/**
 * Folding of person names for search (ADR 540): Müller, Mueller, Muller, MÜLLER; Frédéric and
 * Frederic; Weiß and Weiss; D'Andrea, D Andrea and DAndrea each give one key, and a search matches
 * the key's prefix. The steps are plain character tables so that the migration's SQL back-fill
 * (db/name-fold.ts) can do exactly the same; keep both in step (db/name-fold.test.ts checks it).
 */

/** Combining marks of Latin letters once decomposed (NFD): é → e + U+0301. */
export const COMBINING_MARKS = '[\\u0300-\\u036f]'

/** Letters that do not decompose, written out; upper and lower case, since lower() comes after. */
export const LETTER_SPELLINGS: readonly (readonly [string, string])[] = [
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['æ', 'ae'],
  ['Æ', 'ae'],
  ['œ', 'oe'],
  ['Œ', 'oe'],
  ['ø', 'o'],
  ['Ø', 'o'],
  ['ł', 'l'],
  ['Ł', 'l'],
  ['đ', 'd'],
  ['Đ', 'd'],
]

/** Dropped: spaces, apostrophes (typewriter, typographic, backtick, accents typed alone), hyphens and dashes, dots. */
export const NAME_SEPARATORS = ` \u00a0${APOSTROPHES}-‐‑–—.`

/** Umlauts written as vowel + e (Mueller, Baeriswyl, Roethlisberger) fold like the umlaut (ü → u). */
export const UMLAUT_SPELLINGS: readonly (readonly [string, string])[] = [
  ['ae', 'a'],
  ['oe', 'o'],
  ['ue', 'u'],
]

const MARKS = new RegExp(COMBINING_MARKS, 'g')
const SEPARATORS = new RegExp(`[${NAME_SEPARATORS.replace(/[\\\]^-]/g, (c) => `\\${c}`)}]`, 'g')

/**
 * The search key of a name. Prefix-stable: the key of a prefix of a name is a prefix of the name's key
 * (each step maps characters left to right and only ever drops an `e` after a, o or u), so a typed
 * prefix finds the names it starts, however either is spelled.
 */
export function foldName(value: string): string {
  let folded = value.normalize('NFD').replace(MARKS, '')
  for (const [from, to] of LETTER_SPELLINGS) folded = folded.replaceAll(from, to)
  folded = folded.toLowerCase().replace(SEPARATORS, '')
  for (const [from, to] of UMLAUT_SPELLINGS) folded = folded.replaceAll(from, to)
  return folded
}

/** The stored key of an optional name column: null stays null. */
export function foldedOrNull(value: string | null | undefined): string | null {
  return value == null ? null : foldName(value)
}
