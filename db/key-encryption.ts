import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from './client.ts'
import { idpKeys } from './schema/idp.ts'

/**
 * The secrets in `idp_keys` (IdP signing and cookie keys, generated session and client secrets) are
 * stored sealed with AES-256-GCM under KEYS_ENCRYPTION_KEY (ADR 702): a database dump or backup alone
 * does not give away the keys that sign tokens and cookies. The row's name is the additional
 * authenticated data, so a sealed value cannot be moved to another row.
 */
export interface KeyRing {
  current: Buffer
  /** The key being rotated away from (KEYS_ENCRYPTION_KEY_PREVIOUS): read, never written. */
  previous?: Buffer
}

/** Keys that do not decrypt what is stored: the server refuses to start with this one line. */
export class KeysEncryptionError extends Error {
  override name = 'KeysEncryptionError'
}

export interface SealedValue {
  sealed: 'A256GCM'
  /** Which key sealed it: the first 16 hex digits of SHA-256 of the key (not the key). */
  kid: string
  iv: string
  tag: string
  data: string
}

export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16)
}

export function isSealed(value: unknown): value is SealedValue {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return (
    v.sealed === 'A256GCM' &&
    typeof v.kid === 'string' &&
    typeof v.iv === 'string' &&
    typeof v.tag === 'string' &&
    typeof v.data === 'string'
  )
}

export function seal(ring: KeyRing, name: string, value: unknown): SealedValue {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', ring.current, iv)
  cipher.setAAD(Buffer.from(name))
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return {
    sealed: 'A256GCM',
    kid: keyId(ring.current),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  }
}

const refusal = (name: string) =>
  new KeysEncryptionError(
    `KEYS_ENCRYPTION_KEY does not decrypt "${name}" in idp_keys: set the key it was encrypted with ` +
      `(while rotating, as KEYS_ENCRYPTION_KEY_PREVIOUS; docs/security.md)`,
  )

export function unseal<T>(ring: KeyRing, name: string, value: SealedValue): T {
  const key = [ring.current, ring.previous].find((k) => k && keyId(k) === value.kid)
  if (!key) throw refusal(name)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(value.iv, 'base64'))
    decipher.setAAD(Buffer.from(name))
    decipher.setAuthTag(Buffer.from(value.tag, 'base64'))
    const text = Buffer.concat([decipher.update(Buffer.from(value.data, 'base64')), decipher.final()])
    return JSON.parse(text.toString('utf8')) as T
  } catch {
    throw refusal(name)
  }
}

/**
 * At start-up: every row stored in plain text (before ADR 702) or sealed with the previous key is
 * sealed with the current key. Each row is replaced only if nobody changed it meanwhile, so instances
 * starting together agree. Throws KeysEncryptionError when a row opens with neither key.
 */
export async function sealStoredValues(db: Database, ring: KeyRing): Promise<{ sealed: number }> {
  const rows = await db.select({ name: idpKeys.name, value: idpKeys.value }).from(idpKeys)
  const currentKid = keyId(ring.current)
  let sealed = 0
  for (const row of rows) {
    if (isSealed(row.value) && row.value.kid === currentKid) {
      unseal(ring, row.name, row.value) // proves the key, refuses a wrong one now rather than later
      continue
    }
    const plain = isSealed(row.value) ? unseal(ring, row.name, row.value) : row.value
    const updated = await db
      .update(idpKeys)
      .set({ value: seal(ring, row.name, plain) })
      .where(and(eq(idpKeys.name, row.name), sql`${idpKeys.value} = ${JSON.stringify(row.value)}::jsonb`))
      .returning({ name: idpKeys.name })
    sealed += updated.length
  }
  return { sealed }
}
