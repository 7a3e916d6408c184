import type { Language } from '../../../domain/languages.ts'
import { APOSTROPHES } from '../../../domain/text.ts'
import { CREATE_FIELDS, type CreateField, type CreateFieldName } from '../../../domain/svn/create.ts'
import { allTranslations, hasMessage, translate, type RegisterMessageKey } from '../../i18n.ts'

/**
 * The spreadsheet's columns are the create form's fields (domain/svn/create.ts CREATE_FIELDS), in
 * screen order: one rule set, one column list. Headers come from the register's catalogue.
 * The WIK-C column exists only for callers holding SVN_ERSTELLEN_WIK_C.
 */
export function importColumns(canWikC: boolean): readonly CreateField[] {
  return CREATE_FIELDS.filter((f) => canWikC || !f.wikC)
}

export function headerKey(name: CreateFieldName): RegisterMessageKey {
  return `import.column.${name}` as RegisterMessageKey
}

export function headerOf(name: CreateFieldName, lang: Language): string {
  return translate(lang, headerKey(name))
}

export function optionLabelKey(name: CreateFieldName, value: string): string {
  return `option.${name}.${value}`
}

const ANY_APOSTROPHE = new RegExp(`[${APOSTROPHES}]`, 'g')

/**
 * Text comparison for headers and labels: case, surrounding blanks and inner runs of blanks do not
 * matter, nor which apostrophe was typed (the catalogue writes ’, a keyboard types ').
 */
function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').replace(ANY_APOSTROPHE, "'").trim().toLowerCase()
}

/** Header comparison: as any text, and a trailing '*' does not matter either. */
export function normaliseHeader(text: string): string {
  return normaliseText(text.replace(/\*+\s*$/, ''))
}

/**
 * Every accepted header → its field (ADR 171): the header in any of the four languages, or the field's
 * dotted name (`halter.person.name`). A file made by a colleague in another language still imports.
 */
const HEADER_INDEX: ReadonlyMap<string, CreateFieldName> = (() => {
  const index = new Map<string, CreateFieldName>()
  for (const field of CREATE_FIELDS) {
    for (const text of [field.name, ...allTranslations(headerKey(field.name))]) {
      const key = normaliseHeader(text)
      const other = index.get(key)
      if (other && other !== field.name) throw new Error(`header "${text}" names ${other} and ${field.name}`)
      index.set(key, field.name)
    }
  }
  return index
})()

/** The error column of an error workbook, in any language: accepted and ignored on re-import. */
const ERROR_HEADERS = new Set(allTranslations('import.errorColumn').map(normaliseHeader))

export type HeaderCell = { kind: 'field'; name: CreateFieldName } | { kind: 'error' } | { kind: 'unknown' }

export function classifyHeader(text: string): HeaderCell {
  const key = normaliseHeader(text)
  const name = HEADER_INDEX.get(key)
  if (name) return { kind: 'field', name }
  if (ERROR_HEADERS.has(key)) return { kind: 'error' }
  return { kind: 'unknown' }
}

/** Labels of a select's values in every language (lower-cased) → the value, to read a chosen entry. */
function optionIndex(field: CreateField): Map<string, string> {
  const index = new Map<string, string>()
  for (const value of field.options ?? []) {
    index.set(value.toLowerCase(), value)
    const key = optionLabelKey(field.name, value) as RegisterMessageKey
    if (key.startsWith('option.') && hasLabels(field)) {
      for (const label of allTranslations(key)) index.set(normaliseText(label), value)
    }
  }
  return index
}

/** Cantons are their own codes; the other selects show "code – label" in the template's lists. */
export function hasLabels(field: CreateField): boolean {
  return field.kind === 'select' && field.name !== 'schild.kanton'
}

/** A drop-down entry as the template lists it. */
export function optionEntry(field: CreateField, value: string, lang: Language): string {
  if (!hasLabels(field)) return value
  // A code without a label in the catalogue shows its key, as before the keys were typed.
  const key = optionLabelKey(field.name, value)
  return `${value} – ${hasMessage(key) ? translate(lang, key) : key}`
}

const OPTION_INDEX = new Map(
  CREATE_FIELDS.filter((f) => f.kind === 'select').map((f) => [f.name, optionIndex(f)]),
)

/**
 * What a select cell means: the value itself, a drop-down entry "3 – Motorschiff", or a label in any
 * language. Anything else is passed on unchanged, so the create schema reports it.
 */
export function readOption(field: CreateField, text: string): string {
  const index = OPTION_INDEX.get(field.name)
  const trimmed = text.trim()
  if (!index || trimmed === '') return trimmed
  const direct = index.get(normaliseText(trimmed))
  if (direct) return direct
  const code = /^(\S+)\s+[–—-]\s+/.exec(trimmed)?.[1]
  if (code) return index.get(code.toLowerCase()) ?? trimmed
  return trimmed
}
