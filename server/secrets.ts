import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { sharedValue } from '../db/shared-keys.ts'

const randomSecret = () => randomBytes(32).toString('base64url')

/**
 * The session secret and the embedded IdP's client secret: the environment's when set, otherwise
 * generated once and kept in the database, so every instance behind a load balancer signs and checks
 * cookies alike (ADR 601). Files DATA_DIR/session-secret and DATA_DIR/oidc-client-secret written by
 * earlier versions are imported once.
 */
export async function resolveSecrets(db: Database, config: Config) {
  const shared = (name: string) => sharedValue(db, name, randomSecret, path.join(config.dataDir, name))
  return {
    sessionSecret: config.sessionSecret ?? (await shared('session-secret')),
    oidc: { ...config.oidc, clientSecret: config.oidc.clientSecret ?? (await shared('oidc-client-secret')) },
  }
}
