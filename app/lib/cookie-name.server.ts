/**
 * Every portal cookie's name (ADR 705): over https `__Host-<name>` — the browser then insists on
 * Secure, Path=/ and no Domain, so no other host under the same site can set or shadow it.
 */
export function cookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name
}
