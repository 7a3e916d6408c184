import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FileType } from '../../domain/files/types.ts'
import { XSD_FILE } from './layouts.ts'

/**
 * Test helpers for export files: a strict RFC 4180 reader (with `;`) and xmllint runs against the
 * committed XSDs. xmllint is Debian's libxml2-utils (CI installs it).
 */

/** Parses CSV text strictly: quoted fields, doubled quotes, CRLF row ends; throws on anything else. */
export function parseCsv(text: string, separator = ';'): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  const n = text.length
  if (n === 0) return rows
  for (;;) {
    let cell = ''
    if (text[i] === '"') {
      i += 1
      for (;;) {
        if (i >= n) throw new Error('unterminated quoted field')
        const ch = text[i]
        if (ch === '"') {
          if (text[i + 1] === '"') {
            cell += '"'
            i += 2
          } else {
            i += 1
            break
          }
        } else {
          cell += ch
          i += 1
        }
      }
    } else {
      while (i < n && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote at ${i}`)
        cell += text[i]
        i += 1
      }
    }
    row.push(cell)
    if (i >= n) throw new Error('last row does not end with CRLF')
    if (text[i] === separator) {
      i += 1
      continue
    }
    if (text[i] === '\r' && text[i + 1] === '\n') {
      rows.push(row)
      row = []
      i += 2
      if (i >= n) return rows
      continue
    }
    throw new Error(`unexpected character ${JSON.stringify(text[i])} at ${i}`)
  }
}

const EXPORT_DIR = path.dirname(fileURLToPath(import.meta.url))

export function xsdPath(type: FileType): string {
  return path.join(EXPORT_DIR, XSD_FILE[type])
}

/** Runs xmllint over the XML; returns its output on success, throws with its messages otherwise. */
export function xmllint(xml: string | Buffer, args: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'svn-export-'))
  try {
    const file = path.join(dir, 'file.xml')
    writeFileSync(file, xml)
    return execFileSync('xmllint', [...args, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string }
    throw new Error(`xmllint failed: ${e.stderr ?? ''}${e.stdout ?? ''}`.slice(0, 4000), { cause: error })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Validates against the type's committed XSD (throws with xmllint's messages when invalid). */
export function validateXml(type: FileType, xml: string | Buffer): void {
  xmllint(xml, ['--noout', '--schema', xsdPath(type)])
}

/** The string value of an XPath (namespace-agnostic paths with local-name() are up to the caller). */
export function xpath(xml: string | Buffer, expression: string): string {
  // xmllint ends what it prints with one line feed of its own.
  return xmllint(xml, ['--xpath', expression]).replace(/\n$/, '')
}
