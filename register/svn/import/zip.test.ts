import { describe, expect, it } from 'vitest'
import { handmadeZip, lyingZipBomb, manyEntriesZip, workbook, zipBomb } from './testing.ts'
import { inspectZip, sniffSpreadsheet, ZIP_LIMITS } from './zip.ts'

describe('sniffSpreadsheet', () => {
  it('tells a ZIP, an OLE container (encrypted .xlsx or old .xls) and anything else apart', () => {
    expect(sniffSpreadsheet(Buffer.from('PK\x03\x04rest'))).toBe('zip')
    expect(sniffSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('cfb')
    expect(sniffSpreadsheet(Buffer.from('Name;Vorname\n'))).toBeNull()
    expect(sniffSpreadsheet(Buffer.alloc(0))).toBeNull()
  })
})

describe('inspectZip', () => {
  it('passes a real workbook and lists its parts', async () => {
    const result = await inspectZip(await workbook([]))
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.entries.map((e) => e.name)).toContain('xl/workbook.xml')
  })

  it('passes a hand-made zip with stored and deflated parts', async () => {
    const zip = handmadeZip([
      { name: 'a.txt', data: Buffer.from('hello'), stored: true },
      { name: 'b.txt', data: Buffer.from('x'.repeat(5000)) },
    ])
    expect((await inspectZip(zip)).ok).toBe(true)
  })

  it('refuses a zip bomb by its declared size before unpacking', async () => {
    const bomb = zipBomb()
    expect(bomb.length).toBeLessThan(1024 * 1024)
    expect(await inspectZip(bomb)).toEqual({ ok: false, problem: 'bomb' })
  })

  it('refuses a bomb that lies about its size, stopping at the declared size', async () => {
    const started = Date.now()
    expect(await inspectZip(lyingZipBomb())).toEqual({ ok: false, problem: 'bomb' })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('refuses too many entries without reading them', async () => {
    expect(await inspectZip(manyEntriesZip(ZIP_LIMITS.maxEntries + 1))).toEqual({
      ok: false,
      problem: 'bomb',
    })
  })

  it('refuses encrypted entries', async () => {
    const zip = handmadeZip([{ name: 'xl/workbook.xml', data: Buffer.from('<x/>'), flags: 1 }])
    expect(await inspectZip(zip)).toEqual({ ok: false, problem: 'encrypted' })
  })

  it('refuses data hidden before the listed entries (a streaming unzipper would unpack it)', async () => {
    const hidden = handmadeZip([{ name: 'hidden', data: Buffer.from('secret') }]).subarray(0, 40)
    const zip = handmadeZip([{ name: 'a', data: Buffer.from('a') }], { hiddenPrefix: hidden })
    expect(await inspectZip(zip)).toEqual({ ok: false, problem: 'broken' })
  })

  it('refuses truncated and garbage files as broken', async () => {
    const good = await workbook([])
    expect(await inspectZip(good.subarray(0, good.length - 30))).toEqual({ ok: false, problem: 'broken' })
    expect(await inspectZip(good.subarray(0, 200))).toEqual({ ok: false, problem: 'broken' })
    const corrupt = Buffer.from(good)
    corrupt.fill(0x55, 100, 400)
    expect((await inspectZip(corrupt)).ok).toBe(false)
    expect(await inspectZip(Buffer.from('PK\x03\x04 no directory'))).toEqual({ ok: false, problem: 'broken' })
  })
})
