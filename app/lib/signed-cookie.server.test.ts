import { createCookie } from 'react-router'
import { describe, expect, it } from 'vitest'
import { parseSigned } from './signed-cookie.server.ts'

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)
const cookieWith = (secret: string) => createCookie('svn_test', { secrets: [secret] })

describe('parseSigned', () => {
  it('answers as cookie.parse, also the second time (from memory)', async () => {
    const header = `other=1; ${await cookieWith(A).serialize('session-id')}`
    expect(await parseSigned(cookieWith(A), header, A)).toBe('session-id')
    expect(await parseSigned(cookieWith(A), header, A)).toBe('session-id')
    expect(await parseSigned(cookieWith(A), 'other=1', A)).toBeNull()
    expect(await parseSigned(cookieWith(A), null, A)).toBeNull()
  })

  it('does not take a value verified with one secret as verified with another', async () => {
    const header = await cookieWith(A).serialize('kept')
    expect(await parseSigned(cookieWith(A), header, A)).toBe('kept')
    expect(await parseSigned(cookieWith(B), header, B)).toBeNull()
  })

  it('refuses a forged value every time', async () => {
    const good = (await cookieWith(A).serialize('victim')).split(';')[0]!
    const forged = good.replace(/\.[^.]*$/, '.AAAAforged')
    expect(await parseSigned(cookieWith(A), forged, A)).toBeNull()
    expect(await parseSigned(cookieWith(A), forged, A)).toBeNull()
  })
})
