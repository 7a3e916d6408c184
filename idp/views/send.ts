import type { Response } from 'express'

/**
 * Sends one of our IdP pages: never cached, strict CSP. Referrer-Policy same-origin, not no-referrer:
 * no-referrer blanks the Origin of the page's form POST, and the server's origin check refuses "null";
 * same-origin still keeps URLs (setup tokens) from other sites.
 */
export function sendHtml(res: Response, csp: string, status: number, body: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    })
    .send(body)
}
