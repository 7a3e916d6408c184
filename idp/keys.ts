import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'

export interface IdpKeys {
  jwks: { keys: JWK[] }
  cookieKeys: string[]
}

/** Writes `data` only if the file does not exist yet; returns what is on disk either way (two instances may race). */
async function readOrCreate<T>(file: string, create: () => Promise<T>): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const data = await create()
  try {
    await writeFile(file, JSON.stringify(data, null, 2) + '\n', { mode: 0o600, flag: 'wx' })
    return data
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    return JSON.parse(await readFile(file, 'utf8')) as T
  }
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwk = await exportJWK(privateKey)
  const kid = await calculateJwkThumbprint(jwk)
  return { ...jwk, kid, alg: 'RS256', use: 'sig' }
}

/**
 * Signing keys and cookie keys must outlive the process (tokens and cookies stay valid across restarts)
 * and be the same on every instance: they are created once in DATA_DIR (mode 0600) and reused.
 */
export async function loadOrCreateKeys(dataDir: string): Promise<IdpKeys> {
  await mkdir(dataDir, { recursive: true })
  const jwks = await readOrCreate(path.join(dataDir, 'idp-jwks.json'), async () => ({
    keys: [await newSigningKey()],
  }))
  const cookieKeys = await readOrCreate(path.join(dataDir, 'idp-cookie-keys.json'), async () => [
    randomBytes(32).toString('base64url'),
  ])
  return { jwks, cookieKeys }
}
