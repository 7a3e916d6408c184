import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Database } from '../db/client.ts'
import type { KeyRing } from '../db/key-encryption.ts'
import { sharedValue } from '../db/shared-keys.ts'

export interface IdpKeys {
  jwks: { keys: JWK[] }
  cookieKeys: string[]
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  const kid = await calculateJwkThumbprint(jwk)
  return { ...jwk, kid, alg: 'RS256', use: 'sig' }
}

/**
 * Signing keys and cookie keys must outlive the process (tokens and cookies stay valid across restarts)
 * and be the same on every instance: they live in the database (ADR 601). `legacyDataDir` holds the
 * key files of installations from before that; they are imported once. Stored sealed under `ring` (ADR 702).
 */
export async function loadOrCreateKeys(
  db: Database,
  ring: KeyRing,
  legacyDataDir?: string,
): Promise<IdpKeys> {
  const legacy = (name: string) => (legacyDataDir ? path.join(legacyDataDir, name) : undefined)
  const jwks = await sharedValue(
    db,
    ring,
    'idp-jwks',
    async () => ({ keys: [await newSigningKey()] }),
    legacy('idp-jwks.json'),
  )
  const cookieKeys = await sharedValue(
    db,
    ring,
    'idp-cookie-keys',
    () => [randomBytes(32).toString('base64url')],
    legacy('idp-cookie-keys.json'),
  )
  return { jwks, cookieKeys }
}
