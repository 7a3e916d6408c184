import type { Cookie } from 'react-router'

/**
 * Signed cookies verified once per value (ADR 521). React Router checks a signature with a WebCrypto
 * HMAC on every parse; with the session and CSRF cookies on every page that was about 7 % of a page's
 * CPU. A signed value verifies to the same result for as long as the secret is the same, so the result
 * is kept per secret, name and raw value; only values that verified are kept (a forged one is checked
 * every time and never fills the cache).
 */
const verified = new Map<string, unknown>()
const MAX_ENTRIES = 10_000

/** The raw value of the first cookie with this name in a Cookie header (as React Router's parse). */
function rawValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** `cookie.parse(header)`, answered from memory for a value already verified with this secret. */
export async function parseSigned(cookie: Cookie, header: string | null, secret: string): Promise<unknown> {
  const raw = rawValue(header, cookie.name)
  if (!raw) return cookie.parse(header)
  const key = `${secret}\u0000${cookie.name}\u0000${raw}`
  if (verified.has(key)) return verified.get(key)
  const value: unknown = await cookie.parse(`${cookie.name}=${raw}`)
  if (value !== null && value !== undefined && typeof value !== 'object') {
    if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value as string)
    verified.set(key, value)
  }
  return value
}
