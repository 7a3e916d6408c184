/**
 * Finds what must never reach a page (issue 20 item 1, issue 17 item 13): a raw translation key
 * (`word.word.word`, as i18next shows a key it does not know) in the visible text or in a text attribute
 * (aria-label, title, placeholder, alt, …), and an unfilled `{{placeholder}}` anywhere in the HTML; on a
 * French page also the spacing of its punctuation (ADR 824).
 * Legitimate dotted text stays allowed: e-mail addresses and domain names (a TLD last, or next to @ or
 * //), file names (an extension last), dates and version numbers (digits), German abbreviations ("z. B.").
 */

import { decodeEntities } from '../html-entities.ts'

/** Segments of letters, digits and _ joined by dots, starting lower-case, at least three segments. */
const KEY = /(?<![\w@./:\\-])[a-z][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*){2,}(?![\w@/\\-]|\.[A-Za-z0-9])/g

/** A last segment that makes a dotted word a host name or a file name rather than a key. */
const NOT_A_KEY_ENDING = new Set([
  // top-level domains the portal shows (demo logins, insurers' and cantons' addresses)
  ...[
    'ch',
    'li',
    'com',
    'org',
    'net',
    'example',
    'swiss',
    'admin',
    'de',
    'fr',
    'it',
    'at',
    'eu',
    'test',
    'local',
  ],
  // file extensions of pickup, import and logo files
  ...['xml', 'csv', 'xlsx', 'zip', 'pdf', 'png', 'jpg', 'jpeg', 'svg', 'webp', 'gif', 'json', 'txt', 'gz'],
])

const PLACEHOLDER = /\{\{[^{}]*\}\}/g

/** Attributes whose value a user reads or hears. */
const READ_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
]
/** `data-label` is drawn by CSS (the narrow table's cell labels). */
const attributes = (names: readonly string[]) => new RegExp(`\\s(${names.join('|')})="([^"]*)"`, 'g')
/** For raw keys also `content` (meta descriptions). */
const TEXT_ATTRIBUTES = attributes([...READ_ATTRIBUTES, 'data-label', 'content'])

/** The text without character references; a no-break space reads as a space. */
const decode = (text: string) => decodeEntities(text).replace(/\u00a0/g, ' ')

/** Keys in a piece of text, without the allowed dotted words. */
export function keysIn(text: string): string[] {
  return [...text.matchAll(KEY)]
    .map((m) => m[0])
    .filter((word) => !NOT_A_KEY_ENDING.has(word.slice(word.lastIndexOf('.') + 1).toLowerCase()))
}

/** Where a tag was: the end of an element's text is an end for the rules below, not a join. */
const TAG = '\u0001'

/**
 * French spacing that code, not the catalogue, got wrong (ADR 824): the catalogue's test holds its own
 * texts, but a label joined with ": " in code reaches the page unchecked. Before : ; ? ! » a French page
 * has a no-break space (U+00A0 or the narrow U+202F), never a breaking one or none; after « likewise.
 * A colon with none is read only before a space, a tag or the end, so times and addresses pass.
 */
const FRENCH_SPACING = new RegExp(
  [
    String.raw`[\p{L}\p{N})%…»]${TAG}*[:;?!](?=[\s${TAG}]|$)`, // none before
    String.raw`[^\S\u00a0\u202f]${TAG}*[:;?!»]`, // a breaking one before
    String.raw`[^\s${TAG}]${TAG}*»`, // none before »
    String.raw`«${TAG}*(?![\u00a0\u202f])`, // none or a breaking one after «
  ].join('|'),
  'gu',
)

/** Code, keys, form values and scripts are data or the user's, not the page's French; their tags stay. */
const NOT_FRENCH_CONTENT = /(<(script|style|pre|code|kbd|samp|textarea)\b[^>]*>)[\s\S]*?<\/\2>/gi

/** A part marked with another language (a language's own name, the API reference's English) keeps its rules. */
const OTHER_LANGUAGE = /<(\w+)\b[^>]*\slang="(?!fr)[^"]*"[^>]*>[\s\S]*?<\/\1>/gi

/** For French spacing not `content`, which also holds refresh URLs ("0; url=…"). */
const FRENCH_ATTRIBUTES = attributes([...READ_ATTRIBUTES, 'data-label'])

function frenchSpacingProblems(html: string): string[] {
  const problems: string[] = []
  const check = (text: string, where: string) => {
    for (const m of text.matchAll(FRENCH_SPACING)) {
      const at = m.index ?? 0
      const excerpt = text
        .slice(Math.max(0, at - 20), at + m[0].length + 2)
        .replaceAll(TAG, '')
        .replace(/\s+/g, ' ')
      problems.push(`French spacing "${excerpt}" in ${where}`)
    }
  }
  const french = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(OTHER_LANGUAGE, '')
    .replace(NOT_FRENCH_CONTENT, '$1')
  check(decodeEntities(french.replace(/<[^>]*>/g, TAG)), 'the text')
  for (const m of french.matchAll(/<[^>]+>/g)) {
    for (const a of m[0].matchAll(FRENCH_ATTRIBUTES)) check(decodeEntities(a[2] ?? ''), a[1] ?? '')
  }
  return problems
}

/** Every raw key and placeholder in a page's HTML, each with where it was found; on a French page also its spacing. */
export function rawTextProblems(html: string): string[] {
  const withoutCode = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
  const problems: string[] = []
  for (const m of withoutCode.matchAll(PLACEHOLDER)) problems.push(`placeholder ${m[0]}`)
  const text = decode(withoutCode.replace(/<[^>]*>/g, ' '))
  for (const key of keysIn(text)) problems.push(`key ${key} in the text`)
  for (const m of withoutCode.matchAll(/<[^>]+>/g)) {
    for (const a of m[0].matchAll(TEXT_ATTRIBUTES)) {
      for (const key of keysIn(decode(a[2] ?? ''))) problems.push(`key ${key} in ${a[1]}`)
    }
  }
  if (/<html\b[^>]*\blang="fr/.test(html)) problems.push(...frenchSpacingProblems(html))
  return problems
}
