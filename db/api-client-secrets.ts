import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The one format of an API client's stored secret, shared by the register (which makes it) and the
 * embedded IdP (which checks it at the token endpoint). SHA-256, not scrypt: the secret is 32 random
 * bytes, so a stolen hash cannot be brute-forced, and a cheap check keeps the token endpoint from
 * becoming a CPU sink (ADR 182).
 */
export function hashClientSecret(secret: string): string {
  return `sha256$${createHash('sha256').update(secret, 'utf8').digest('base64url')}`
}

/** Constant-time comparison of a presented secret with a stored hash; false for malformed hashes. */
export function clientSecretMatches(secret: string, stored: string): boolean {
  const expected = Buffer.from(stored, 'utf8')
  const actual = Buffer.from(hashClientSecret(secret), 'utf8')
  return expected.length === actual.length && timingSafeEqual(actual, expected)
}

/** A new secret: 32 random bytes, base64url (43 characters). */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** A new client id: `svn-` and 24 lower-case characters; the prefix tells the IdP where to look it up. */
export function newClientId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'
  const bytes = randomBytes(24)
  return `${API_CLIENT_ID_PREFIX}${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`
}

export const API_CLIENT_ID_PREFIX = 'svn-'
