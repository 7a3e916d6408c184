import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

/**
 * Security headers for every response, with a fresh CSP nonce per request (res.locals.cspNonce).
 * Scripts run only with the nonce; nothing loads from other origins. `formOrigins` are the
 * identity provider's origins: a form POST that redirects there (logout) is checked by form-action.
 */
export function securityHeaders(options: { secure: boolean; formOrigins: string[]; dev: boolean }) {
  const formAction = ["'self'", ...options.formOrigins].join(' ')
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    const csp = [
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'self'`,
      // Vite's dev server injects styles inline; the production build links stylesheets.
      `style-src 'self'${options.dev ? " 'unsafe-inline'" : ''}`,
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${options.dev ? ' ws: wss:' : ''}`,
      "object-src 'none'",
      "base-uri 'none'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ]
    res.setHeader('Content-Security-Policy', csp.join('; '))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'same-origin')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (options.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether a state-changing request comes from our own pages (Origin, else Referer). Pure, for tests. */
export function isSameOriginRequest(
  method: string,
  origin: string | undefined,
  referer: string | undefined,
  ours: string,
) {
  if (SAFE_METHODS.has(method.toUpperCase())) return true
  if (origin !== undefined) return origin === ours
  if (referer !== undefined) {
    try {
      return new URL(referer).origin === ours
    } catch {
      return false
    }
  }
  // Neither header: not a browser form (server-to-server token calls, the CLI); cookies alone never suffice
  // for those because every portal form also carries the anti-forgery token.
  return true
}

/** Refuses non-GET requests from other origins with 403 before anything else sees them. */
export function originCheck(ours: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isSameOriginRequest(req.method, req.get('origin'), req.get('referer'), ours)) return next()
    res.status(403).type('text/plain').send('Forbidden: cross-origin request refused')
  }
}
