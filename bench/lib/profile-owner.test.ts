import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ownerOf, type CallFrame } from './profile-owner.ts'

const frame = (url: string, functionName = 'f', lineNumber = 0, columnNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
})

const nameOf = (f: CallFrame) => ownerOf(f).name

describe('ownerOf', () => {
  it('names npm packages, scoped ones with their scope, Node, V8 natives and the collector', () => {
    expect(nameOf(frame('file:///w/node_modules/react-dom/cjs/server.js'))).toBe('react-dom')
    expect(nameOf(frame('file:///w/node_modules/@hono/node-server/dist/index.mjs'))).toBe('@hono/node-server')
    expect(nameOf(frame('/w/node_modules/a/node_modules/postgres/src/connection.js'))).toBe('postgres')
    expect(nameOf(frame('node:internal/streams/writable'))).toBe('Node.js (its JavaScript)')
    expect(nameOf(frame('', 'writeBuffer'))).toBe('native (V8 builtins, socket writes, text encoding)')
    expect(nameOf(frame('', '(garbage collector)'))).toBe('garbage collector')
    expect(ownerOf(frame('file:///w/node_modules/react-dom/cjs/server.js')).ours).toBe(false)
    expect(ownerOf(frame('node:internal/streams/writable')).ours).toBe(false)
  })

  it("traces a bundled function through the bundle's source map to its directory or package", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'profile-owner-')), 'build', 'server', 'chunks')
    mkdirSync(dir, { recursive: true })
    const bundle = path.join(dir, 'app-X.js')
    writeFileSync(bundle, 'a();b();c()\n')
    // Columns 0, 4 and 8 of line 1 come from three sources.
    const sources = [
      '../../../register/svn/search.ts',
      '../../../node_modules/drizzle-orm/sql.js',
      '../../../server.ts',
    ]
    writeFileSync(
      `${bundle}.map`,
      JSON.stringify({ version: 3, sources, names: [], mappings: 'AAAA,ICAA,ICAA' }),
    )
    const url = pathToFileURL(bundle).href
    expect(ownerOf(frame(url, 'searchSvn', 0, 0))).toEqual({ name: 'register/', ours: true })
    expect(ownerOf(frame(url, 'is', 0, 4))).toEqual({ name: 'drizzle-orm', ours: false })
    expect(ownerOf(frame(url, 'main', 0, 8))).toEqual({ name: 'server.ts', ours: true })
  })

  it('names the portal bundle, which has no map, as a whole', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'profile-owner-')), 'build', 'server', 'assets')
    mkdirSync(dir, { recursive: true })
    const bundle = path.join(dir, 'server-build-Y.js')
    writeFileSync(bundle, 'x()\n')
    expect(ownerOf(frame(pathToFileURL(bundle).href))).toEqual({
      name: 'app/ (the portal as React Router bundles it)',
      ours: true,
    })
  })
})
