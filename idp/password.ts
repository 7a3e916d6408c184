import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// scrypt (memory-hard, in node:crypto, no native add-on). Parameters are stored in the hash,
// so they can be raised later without invalidating existing hashes.
const params = { N: 2 ** 15, r: 8, p: 1 } as const
const keyLength = 32
const maxmem = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash` (base64url), salted with 16 random bytes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, params, keyLength)
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$')
}

/** Constant-time comparison; false for malformed hashes instead of throwing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  if (expected.length === 0) return false
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: +n, r: +r, p: +p },
    expected.length,
  )
  return timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined
/** Spend the same time for an unknown login as for a known one (no account enumeration by timing). */
export async function burnPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password')
  await verifyPassword(password, await dummyHash)
}
