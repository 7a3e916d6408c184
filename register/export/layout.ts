import type { FileType } from '../../domain/files/types.ts'
import { CSV_NEWLINE, CSV_SEPARATOR, csvPlain, csvRow, csvText } from './csv.ts'
import { endTag, startTag, xmlAttribute, xmlName, xmlText } from './xml.ts'

/**
 * One description per pickup type of what a record holds, from which the XML element, the CSV row
 * and the XSD are all derived, so the three cannot drift apart (ADR 150). Names follow the spec's
 * field paths (§3 Svn); CSV headers are those paths joined with dots.
 */
export type Scalar = string | number | null | undefined

/** string: text; date: yyyy-mm-dd; int/long: whole numbers; double: decimal numbers. */
export type LeafKind = 'string' | 'date' | 'int' | 'long' | 'double'

export interface Leaf<R> {
  kind: LeafKind
  name: string
  required?: boolean
  /** Closed list of values (written into the XSD as an enumeration). */
  values?: readonly string[]
  get(record: R): Scalar
}

export interface Group<R> {
  kind: 'group'
  name: string
  children: readonly Field<R>[]
}

/** A repeated element (e.g. schiff.motor): in CSV `max` column groups numbered from 1. */
export interface Repeat<R> {
  kind: 'repeat'
  name: string
  max: number
  items(record: R): readonly unknown[]
  children: readonly Field<unknown>[]
}

export type Field<R> = Leaf<R> | Group<R> | Repeat<R>

export interface Layout<R> {
  type: FileType
  /** Root element of the XML file. */
  root: string
  /** Element of one record. */
  record: string
  fields: readonly Field<R>[]
}

export const leaf = <R>(
  kind: LeafKind,
  name: string,
  get: (record: R) => Scalar,
  options: { required?: boolean; values?: readonly string[] } = {},
): Leaf<R> => ({ kind, name: xmlName(name), get, ...options })

export const group = <R>(name: string, children: readonly Field<R>[]): Group<R> => ({
  kind: 'group',
  name: xmlName(name),
  children,
})

export const repeat = <R, I>(
  name: string,
  max: number,
  items: (record: R) => readonly I[],
  children: readonly Field<I>[],
): Repeat<R> => ({
  kind: 'repeat',
  name: xmlName(name),
  max,
  items,
  children: children as readonly Field<unknown>[],
})

/** A leaf value as written into both formats, or null when there is none. */
function scalarText(kind: LeafKind, value: Scalar): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    if ((kind === 'int' || kind === 'long') && !Number.isInteger(value)) return null
    return String(value)
  }
  return value
}

// ---- XML -------------------------------------------------------------------------------------------

type Emit<R> = (record: R) => string

/**
 * The layout compiled once into one function per field, with every tag and indent built beforehand:
 * per record only the values are escaped and concatenated (no per-element name checks or template
 * strings; ADR 535).
 */
function xmlCompile<R>(fields: readonly Field<R>[], indent: string): Emit<R> {
  const parts: Emit<R>[] = []
  for (const field of fields) {
    if (field.kind === 'group') {
      const open = `${indent}${startTag(field.name)}\n`
      const close = `${indent}${endTag(field.name)}\n`
      const inner = xmlCompile(field.children, `${indent}  `)
      parts.push((record) => open + inner(record) + close)
    } else if (field.kind === 'repeat') {
      const open = `${indent}${startTag(field.name)}\n`
      const close = `${indent}${endTag(field.name)}\n`
      const inner = xmlCompile(field.children, `${indent}  `)
      const { items, max } = field
      parts.push((record) => {
        const list = items(record)
        const n = Math.min(list.length, max)
        let out = ''
        for (let i = 0; i < n; i++) out += open + inner(list[i]) + close
        return out
      })
    } else {
      const open = `${indent}${startTag(field.name)}`
      const close = `${endTag(field.name)}\n`
      const { kind, get } = field
      parts.push((record) => {
        const text = scalarText(kind, get(record))
        return text === null ? '' : open + xmlText(text) + close
      })
    }
  }
  return (record) => {
    let out = ''
    for (let i = 0; i < parts.length; i++) out += parts[i]!(record)
    return out
  }
}

export const XML_NAMESPACE = 'urn:svn-portal:export:1'

export function xmlHeader(layout: Layout<never>, attributes: Record<string, string>): string {
  const root = startTag(layout.root, { xmlns: XML_NAMESPACE, ...attributes })
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`
}

const xmlCompiled = new WeakMap<object, Emit<never>>()

export function xmlRecord<R>(layout: Layout<R>, record: R): string {
  let emit = xmlCompiled.get(layout) as Emit<R> | undefined
  if (!emit) {
    const open = `  ${startTag(layout.record)}\n`
    const close = `  ${endTag(layout.record)}\n`
    const fields = xmlCompile(layout.fields, '    ')
    emit = (r) => open + fields(r) + close
    xmlCompiled.set(layout, emit as Emit<never>)
  }
  return emit(record)
}

export function xmlFooter(layout: Layout<never>): string {
  return `${endTag(layout.root)}\n`
}

// ---- CSV -------------------------------------------------------------------------------------------

function csvHeaders<R>(fields: readonly Field<R>[], prefix: string, out: string[]): string[] {
  for (const field of fields) {
    const path = `${prefix}${field.name}`
    if (field.kind === 'group') csvHeaders(field.children, `${path}.`, out)
    else if (field.kind === 'repeat') {
      for (let n = 1; n <= field.max; n++) csvHeaders(field.children, `${path}.${n}.`, out)
    } else out.push(path)
  }
  return out
}

export function csvHeader(layout: Layout<never>): string {
  return csvRow(csvHeaders(layout.fields, '', []).map(csvText))
}

type Cell<R> = (record: R) => string

/** The layout flattened once into one function per CSV column. */
function csvColumns<R>(fields: readonly Field<R>[], out: Cell<R>[] = []): Cell<R>[] {
  for (const field of fields) {
    if (field.kind === 'group') csvColumns(field.children, out)
    else if (field.kind === 'repeat') {
      const inner = csvColumns(field.children)
      for (let n = 0; n < field.max; n++) {
        for (const cell of inner) {
          out.push((record) => {
            const item = field.items(record)[n]
            return item === undefined ? '' : cell(item)
          })
        }
      }
    } else {
      const encode = field.kind === 'string' ? csvText : csvPlain
      out.push((record) => {
        const text = scalarText(field.kind, field.get(record))
        return text === null ? '' : encode(text)
      })
    }
  }
  return out
}

const compiled = new WeakMap<object, Cell<never>[]>()

export function csvRecord<R>(layout: Layout<R>, record: R): string {
  let columns = compiled.get(layout) as Cell<R>[] | undefined
  if (!columns) {
    columns = csvColumns(layout.fields)
    compiled.set(layout, columns as Cell<never>[])
  }
  let row = ''
  for (let i = 0; i < columns.length; i++) row += (i === 0 ? '' : CSV_SEPARATOR) + columns[i]!(record)
  return row + CSV_NEWLINE
}

// ---- XSD -------------------------------------------------------------------------------------------

const XSD_TYPE: Record<LeafKind, string> = {
  string: 'xs:string',
  date: 'xs:date',
  int: 'xs:int',
  long: 'xs:long',
  double: 'xs:double',
}

function xsdFields(fields: readonly Field<never>[], indent: string): string {
  let out = `${indent}<xs:sequence>\n`
  const inner = `${indent}  `
  for (const field of fields) {
    if (field.kind === 'group') {
      out += `${inner}<xs:element name="${field.name}">\n${inner}  <xs:complexType>\n`
      out += xsdFields(field.children, `${inner}    `)
      out += `${inner}  </xs:complexType>\n${inner}</xs:element>\n`
    } else if (field.kind === 'repeat') {
      out += `${inner}<xs:element name="${field.name}" minOccurs="0" maxOccurs="${field.max}">\n${inner}  <xs:complexType>\n`
      out += xsdFields(field.children as readonly Field<never>[], `${inner}    `)
      out += `${inner}  </xs:complexType>\n${inner}</xs:element>\n`
    } else {
      const occurs = field.required ? '' : ' minOccurs="0"'
      if (field.values) {
        out += `${inner}<xs:element name="${field.name}"${occurs}>\n${inner}  <xs:simpleType>\n`
        out += `${inner}    <xs:restriction base="${XSD_TYPE[field.kind]}">\n`
        for (const value of field.values)
          out += `${inner}      <xs:enumeration value="${xmlAttribute(value)}"/>\n`
        out += `${inner}    </xs:restriction>\n${inner}  </xs:simpleType>\n${inner}</xs:element>\n`
      } else {
        out += `${inner}<xs:element name="${field.name}" type="${XSD_TYPE[field.kind]}"${occurs}/>\n`
      }
    }
  }
  return `${out}${indent}</xs:sequence>\n`
}

/** The XSD of a layout, as committed under register/export/ (a test keeps the two equal). */
export function xsdOf(layout: Layout<never>, documentation: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated from register/export/layouts.ts by register/export/write-xsd.ts; do not edit. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${XML_NAMESPACE}"
  xmlns="${XML_NAMESPACE}" elementFormDefault="qualified">
  <xs:annotation>
    <xs:documentation>${documentation}</xs:documentation>
  </xs:annotation>
  <xs:element name="${layout.root}">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="${layout.record}" minOccurs="0" maxOccurs="unbounded">
          <xs:complexType>
${xsdFields(layout.fields, '            ')}          </xs:complexType>
        </xs:element>
      </xs:sequence>
      <xs:attribute name="gsCode" type="xs:string" use="required"/>
      <xs:attribute name="maklerNr" type="xs:string"/>
      <xs:attribute name="created" type="xs:dateTime" use="required"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
`
}
