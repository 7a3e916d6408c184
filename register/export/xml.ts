/**
 * The one XML writer of the export files: every text and attribute value goes through `xmlText` /
 * `xmlAttribute`, so no value can end an element, open a tag or break well-formedness.
 *
 * XML 1.0 cannot carry most control characters (not even as `&#1;`), nor lone surrogates, U+FFFE or
 * U+FFFF: those are replaced by U+FFFD (ADR 150). A carriage return is written as `&#13;` so a parser
 * does not turn CR LF into LF; in attributes tab and line feed are written as references too, since
 * attribute-value normalisation would turn them into spaces.
 */

// Everything XML 1.0 §2.2 does not allow ("Char"), as whole code points (the `u` flag matches lone
// surrogates as themselves).
const NOT_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const TEXT_SPECIAL = /[&<>\r]/g
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/g

const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}
const entity = (ch: string) => ENTITY[ch] ?? ch

/** Characters XML cannot hold at all become U+FFFD. */
export function xmlChars(value: string): string {
  return value.replace(NOT_XML_CHAR, '\uFFFD')
}

/**
 * Any code unit that needs work: & < > CR, a character XML cannot hold, or any surrogate (a valid pair
 * is kept by the slow path). Most values have none, and one test settles that.
 */
const TEXT_NEEDS_WORK = /[^\t\n\x20-\x25\x27-\x3b\x3d\x3f-\ud7ff\ue000-\ufffd]/

/** A value as element content. */
export function xmlText(value: string): string {
  if (!TEXT_NEEDS_WORK.test(value)) return value
  return xmlChars(value).replace(TEXT_SPECIAL, entity)
}

/** A value inside a double-quoted attribute. */
export function xmlAttribute(value: string): string {
  return xmlChars(value).replace(ATTRIBUTE_SPECIAL, entity)
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/

/** Element and attribute names come from our own layouts; a bad one is a programming error. */
export function xmlName(name: string): string {
  if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`)
  return name
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

/** `<name a="…">` from name and attributes (values escaped; undefined/null attributes left out). */
export function startTag(name: string, attributes: Record<string, string | null | undefined> = {}): string {
  let tag = `<${xmlName(name)}`
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) tag += ` ${xmlName(key)}="${xmlAttribute(value)}"`
  }
  return `${tag}>`
}

export function endTag(name: string): string {
  return `</${xmlName(name)}>`
}

/** `<name>value</name>` with the value escaped. */
export function leafElement(name: string, value: string): string {
  return `<${name}>${xmlText(value)}</${name}>`
}
