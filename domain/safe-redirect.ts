/**
 * The one check for every redirect target that comes from a request (returnTo, the remembered page
 * of a login, back links, the page a refused form returns to): only a path on our own origin passes.
 * Anything else — absolute or protocol-relative URLs, backslashes, control characters, dot segments
 * and percent-encoded slashes or backslashes that a browser or proxy could turn into `//host` — is
 * refused, and the caller falls back to the home page (ADR 710).
 */

const BASE = 'http://portal.invalid'
const MAX_LENGTH = 2048

/**
 * Whitespace, control characters and backslashes: browsers drop or fold them, e.g. `/\t/evil` becomes
 * `//evil` and `/\evil` becomes `//evil`.
 */
function hasUnsafeChar(value: string): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || ch === '\\' || /\s/u.test(ch)) return true
  }
  return false
}

/** The pathname decoded until it no longer changes (double encoding), or null when it is malformed. */
function fullyDecoded(pathname: string): string | null {
  let current = pathname
  for (let i = 0; i < 4; i++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) return current
    current = next
  }
  return null
}

/**
 * The same-origin path (with query and fragment) to redirect to, or null.
 * Refuses also paths ending in /logout: returning there after a login or a switch would log out again.
 */
export function safeRedirectTarget(target: unknown): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return null
  if (!target.startsWith('/') || target.startsWith('//')) return null
  if (hasUnsafeChar(target)) return null
  let url: URL
  try {
    url = new URL(target, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const decoded = fullyDecoded(url.pathname)
  if (decoded === null) return null
  // Decoded, the path must still be a plain path: no `//`, backslash, control character or dot segment
  // (a proxy or a later decode could otherwise turn it into another host).
  if (decoded.includes('//') || hasUnsafeChar(decoded)) return null
  if (/(^|\/)\.\.?(\/|$)/.test(decoded)) return null
  // The raw path must not normalise into something other than what was sent (`/a/../..//x`).
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(target.split(/[?#]/, 1)[0] ?? '')) return null
  if (/\/logout\/?$/i.test(decoded)) return null
  return url.pathname + url.search + url.hash
}

/** The target, or the home page when it is not a safe same-origin path. */
export function safeRedirectOrHome(target: unknown): string {
  return safeRedirectTarget(target) ?? '/'
}
