import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { memoryPages, validateXML } from 'xmllint-wasm'
import type { FileType } from '../../domain/files/types.ts'
import { XSD_FILE } from './layouts.ts'

/**
 * Test helpers for export files: a strict RFC 4180 reader (with `;`) and xmllint runs against the
 * committed XSDs. xmllint is libxml2's own, compiled to WebAssembly (`xmllint-wasm`), so the tests need
 * no system package (ADR 900).
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

/**
 * Runs xmllint over the XML with the given arguments (the file name comes last, as on the command line;
 * `--schema` takes the XSD's path, which is loaded into the engine's file system under the same name).
 * Returns what it printed on success; throws with its messages otherwise.
 */
export async function xmllint(xml: string | Buffer, args: string[]): Promise<string> {
  const schemaAt = args.indexOf('--schema')
  const xsd = schemaAt >= 0 ? args[schemaAt + 1] : undefined
  // Loaded into the engine's file system; the arguments below decide what is done with it.
  const schema = xsd ? [{ fileName: path.basename(xsd), contents: readFileSync(xsd) }] : []
  const argv = args.map((a, i) => (xsd && i === schemaAt + 1 ? path.basename(xsd) : a))
  let result
  try {
    result = await validateXML({
      xml: { fileName: 'file.xml', contents: xml },
      schema,
      // Room for export files of several MiB (the default is 32 MiB of engine memory in all).
      maxMemoryPages: 256 * memoryPages.MiB,
      // Our arguments replace the library's (it would add --noout and --schema itself).
      modifyArguments: () => [...argv, 'file.xml'],
    })
  } catch (error) {
    // Exit codes other than 0, 3 and 4 (malformed XML, XPath errors) reject with xmllint's stderr.
    throw new Error(`xmllint failed: ${(error as Error).message}`.slice(0, 4000), { cause: error })
  }
  if (!result.valid) throw new Error(`xmllint failed: ${result.rawOutput}`.slice(0, 4000))
  return result.normalized
}

/** Validates against the type's committed XSD (throws with xmllint's messages when invalid). */
export async function validateXml(type: FileType, xml: string | Buffer): Promise<void> {
  await xmllint(xml, ['--noout', '--schema', xsdPath(type)])
}

/** The string value of an XPath (namespace-agnostic paths with local-name() are up to the caller). */
export async function xpath(xml: string | Buffer, expression: string): Promise<string> {
  // xmllint ends what it prints with one line feed of its own.
  return (await xmllint(xml, ['--xpath', expression])).replace(/\n$/, '')
}
