import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { sealStoredValues, type KeyRing } from '../db/key-encryption.ts'
import { sharedValue } from '../db/shared-keys.ts'

const randomSecret = () => randomBytes(32).toString('base64url')

/** The demo's generated KEYS_ENCRYPTION_KEY: beside PGlite's files, never in the database (ADR 702). */
export const DEMO_KEY_FILE = 'keys-encryption-key'

/**
 * KEYS_ENCRYPTION_KEY (and _PREVIOUS while rotating) from the environment; config.ts refuses to start
 * production with the embedded IdP without it. The demo without one gets a key generated once into
 * DATA_DIR (mode 0600), so a fresh `npm start` needs no set-up and the key does not sit in the
 * database it protects. null: production with an external IdP and every secret set — nothing to seal.
 */
export async function resolveKeyRing(config: Config): Promise<KeyRing | null> {
  const { current, previous } = config.keysEncryptionKey
  if (current) return { current, ...(previous ? { previous } : {}) }
  if (!config.demo) return null
  const file = path.join(config.dataDir, DEMO_KEY_FILE)
  let text: string | undefined
  try {
    text = (await readFile(file, 'utf8')).trim()
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  if (text === undefined) {
    await mkdir(config.dataDir, { recursive: true })
    text = randomBytes(32).toString('base64')
    // 'wx': a second process starting at the same moment keeps the first one's key.
    await writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' }).catch(async (err: unknown) => {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      text = (await readFile(file, 'utf8')).trim()
    })
  }
  return { current: Buffer.from(text, 'base64'), ...(previous ? { previous } : {}) }
}

/**
 * The session secret and the embedded IdP's client secret: the environment's when set, otherwise
 * generated once and kept in the database, so every instance behind a load balancer signs and checks
 * cookies alike (ADR 601). Files DATA_DIR/session-secret and DATA_DIR/oidc-client-secret written by
 * earlier versions are imported once. Everything in `idp_keys` is sealed under the key ring first
 * (rows of earlier versions, or sealed with the previous key while rotating; ADR 702).
 */
export async function resolveSecrets(db: Database, config: Config) {
  const keyRing = await resolveKeyRing(config)
  if (keyRing) await sealStoredValues(db, keyRing)
  const shared = (name: string) => {
    // config.ts makes sure of it: without a key ring both secrets come from the environment.
    if (!keyRing) throw new Error(`${name} must be set: no KEYS_ENCRYPTION_KEY to store a generated one`)
    return sharedValue(db, keyRing, name, randomSecret, path.join(config.dataDir, name))
  }
  return {
    keyRing,
    sessionSecret: config.sessionSecret ?? (await shared('session-secret')),
    oidc: { ...config.oidc, clientSecret: config.oidc.clientSecret ?? (await shared('oidc-client-secret')) },
  }
}
