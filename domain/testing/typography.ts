import type { Language } from '../languages.ts'

/**
 * The typography every catalogue keeps (ADR 824), for the catalogues' own tests: the apostrophe ’,
 * never ' (no text of ours quotes with it); and in French a no-break space before : ; ? ! » and
 * after «, so no line of a narrow screen starts with a colon or a closing guillemet; and in every
 * language a number (or its placeholder) keeps its unit or % by a no-break space or none, so "10" and
 * "MB" stay on one line.
 */
const RULES: readonly { languages: readonly Language[]; pattern: RegExp; rule: string }[] = [
  { languages: ['de', 'fr', 'it', 'en'], pattern: /'/, rule: "' where ’ belongs" },
  { languages: ['fr'], pattern: / [:;?!»]|« /, rule: 'a breaking space inside a French pair' },
  {
    languages: ['de', 'fr', 'it', 'en'],
    // `}` ends a placeholder of either syntax: the portal's {{size}}, the IdP's and the register's {mb}.
    pattern: /(\d|\}) (?:(?:kB|KB|ko|MB|Mo|GB|Go)\b|%)/,
    rule: 'a breaking space between a number and its unit',
  },
]

/** What `text` breaks in `language`, or an empty list. */
export function typographyProblems(language: Language, text: string): string[] {
  return RULES.filter((r) => r.languages.includes(language) && r.pattern.test(text)).map((r) => r.rule)
}
