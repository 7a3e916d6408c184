import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password.ts'

describe('password hashing', () => {
  it('salts, verifies, and rejects wrong or malformed input', async () => {
    const a = await hashPassword('demo')
    const b = await hashPassword('demo')
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('demo', a)).toBe(true)
    expect(await verifyPassword('Demo', a)).toBe(false)
    expect(await verifyPassword('demo', 'plain')).toBe(false)
    expect(await verifyPassword('demo', 'scrypt$1$1$1$$')).toBe(false)
  })

  it('treats composed and decomposed umlauts alike', async () => {
    const hash = await hashPassword('Zürich')
    expect(await verifyPassword('Zu\u0308rich', hash)).toBe(true)
  })
})
