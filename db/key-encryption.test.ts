import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from './client.ts'
import { isSealed, KeysEncryptionError, keyId, sealStoredValues, type KeyRing } from './key-encryption.ts'
import { queryRows } from './rows.ts'
import { idpKeys } from './schema/idp.ts'
import { sharedValue } from './shared-keys.ts'
import { openTestDatabase } from './testing.ts'

let handle: DatabaseHandle
const oldKey = randomBytes(32)
const newKey = randomBytes(32)

beforeAll(async () => {
  handle = await openTestDatabase()
})
afterAll(async () => {
  await handle?.close()
})
beforeEach(async () => {
  await handle.db.delete(idpKeys)
})

/** The table's bytes as the database holds them (what a dump or backup would show). */
async function storedText(): Promise<string> {
  const rows = await queryRows<{ value: string }>(
    handle.db,
    sql`select name, value::text as value from idp_keys order by name`,
  )
  return rows.map((r) => r.value).join('\n')
}

async function storedValue(name: string): Promise<unknown> {
  const [row] = await handle.db.select().from(idpKeys).where(eq(idpKeys.name, name))
  return row?.value
}

describe('secrets in idp_keys are encrypted at rest (ADR 702)', () => {
  it('stores no plaintext signing key, cookie key or secret; every instance reads them back', async () => {
    const ring: KeyRing = { current: newKey }
    const privateExponent = randomBytes(256).toString('base64url')
    const jwks = { keys: [{ kty: 'RSA', kid: 'k1', n: 'n', e: 'AQAB', d: privateExponent }] }
    const cookieKey = randomBytes(32).toString('base64url')
    const secret = randomBytes(32).toString('base64url')
    await sharedValue(handle.db, ring, 'idp-jwks', () => jwks)
    await sharedValue(handle.db, ring, 'idp-cookie-keys', () => [cookieKey])
    await sharedValue(handle.db, ring, 'session-secret', () => secret)
    const text = await storedText()
    for (const plain of [privateExponent.slice(0, 32), cookieKey, secret]) expect(text).not.toContain(plain)
    expect(text).toContain('A256GCM')
    // another instance with the same key gets the same values
    const again: KeyRing = { current: Buffer.from(newKey) }
    expect(await sharedValue(handle.db, again, 'idp-jwks', () => null)).toEqual(jwks)
    expect(await sharedValue(handle.db, again, 'session-secret', () => 'other')).toBe(secret)
  })

  it('seals the plaintext rows of earlier versions at start-up, and they still read the same', async () => {
    await handle.db.insert(idpKeys).values([
      { name: 'session-secret', value: 'plain-session-secret-0123456789abcdef' },
      { name: 'idp-cookie-keys', value: ['plain-cookie-key'] },
    ])
    const ring: KeyRing = { current: newKey }
    expect(await sealStoredValues(handle.db, ring)).toEqual({ sealed: 2 })
    expect(await storedText()).not.toContain('plain-')
    expect(isSealed(await storedValue('session-secret'))).toBe(true)
    expect(await sharedValue(handle.db, ring, 'session-secret', () => 'new')).toBe(
      'plain-session-secret-0123456789abcdef',
    )
    expect(await sharedValue(handle.db, ring, 'idp-cookie-keys', () => ['new'])).toEqual(['plain-cookie-key'])
    // a second start has nothing left to do
    expect(await sealStoredValues(handle.db, ring)).toEqual({ sealed: 0 })
  })

  it('a wrong key refuses with one clear line, also when only the tag does not match', async () => {
    await sharedValue(handle.db, { current: oldKey }, 'session-secret', () => 'secret-under-the-old-key')
    const wrong = sealStoredValues(handle.db, { current: newKey })
    await expect(wrong).rejects.toBeInstanceOf(KeysEncryptionError)
    await expect(wrong).rejects.toThrow(
      /^KEYS_ENCRYPTION_KEY does not decrypt "session-secret" in idp_keys[^\n]*$/,
    )
    await expect(sharedValue(handle.db, { current: newKey }, 'session-secret', () => 'x')).rejects.toThrow(
      KeysEncryptionError,
    )
    // same key id, tampered ciphertext: refused too (GCM authentication)
    const stored = (await storedValue('session-secret')) as { data: string }
    await handle.db
      .update(idpKeys)
      .set({ value: { ...stored, data: Buffer.from('tampered').toString('base64') } })
      .where(eq(idpKeys.name, 'session-secret'))
    await expect(sealStoredValues(handle.db, { current: oldKey })).rejects.toThrow(KeysEncryptionError)
  })

  it('rotates: with the old key as KEYS_ENCRYPTION_KEY_PREVIOUS every row is re-sealed under the new one', async () => {
    const secret = await sharedValue(
      handle.db,
      { current: oldKey },
      'oidc-client-secret',
      () => 'client-secret-x',
    )
    const jwks = { keys: [{ kid: 'k', d: 'private' }] }
    await sharedValue(handle.db, { current: oldKey }, 'idp-jwks', () => jwks)
    await sharedValue(handle.db, { current: oldKey }, 'idp-cookie-keys', () => ['cookie-key'])

    expect(await sealStoredValues(handle.db, { current: newKey, previous: oldKey })).toEqual({ sealed: 3 })
    for (const name of ['oidc-client-secret', 'idp-jwks', 'idp-cookie-keys']) {
      expect((await storedValue(name)) as { kid: string }).toMatchObject({ kid: keyId(newKey) })
    }
    // the new key alone now opens everything; the old one no longer does
    expect(await sharedValue(handle.db, { current: newKey }, 'oidc-client-secret', () => 'y')).toBe(secret)
    expect(await sharedValue(handle.db, { current: newKey }, 'idp-jwks', () => null)).toEqual(jwks)
    await expect(sealStoredValues(handle.db, { current: oldKey })).rejects.toThrow(KeysEncryptionError)
  })
})
