import express, { type Request, type Response, type Router } from 'express'
import type { Database } from '../db/client.ts'
import { pickLanguage, type MessageKey } from './i18n.ts'
import { passwordRuleError } from './password-rules.ts'
import { basePathOf, pageContext } from './provider.ts'
import { findSetupLogin, usePasswordSetupToken } from './setup-links.ts'
import { MIN_PASSWORD_LENGTH, setupDonePage, setupInvalidPage, setupPage } from './views/setup.ts'
import { sendHtml } from './views/send.ts'

interface SetupRouteDeps {
  db: Database
  issuer: string
  /** Content-Security-Policy of our pages (the login page's). */
  csp: string
}

/** Tokens are base64url of 32 bytes; anything else is not worth a database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/

/** GET/POST {issuer}/setup/:token: a migrated user sets their password once (DESIGN §5). */
export function setupRoutes({ db, issuer, csp }: SetupRouteDeps): Router {
  const router = express.Router()
  const basePath = basePathOf(issuer)
  const portalUrl = `${new URL(issuer).origin}/`

  const send = (res: Response, status: number, body: string) => sendHtml(res, csp, status, body)

  const page = (req: Request) => pageContext(issuer, pickLanguage(undefined, req.get('cookie')))
  const tokenOf = (req: Request) => {
    const token = req.params.token
    return typeof token === 'string' && TOKEN_PATTERN.test(token) ? token : null
  }
  const actionOf = (token: string) => `${basePath}/setup/${encodeURIComponent(token)}`

  router.get('/setup/:token', async (req, res, next) => {
    try {
      const token = tokenOf(req)
      const login = token && (await findSetupLogin(db, token))
      if (!token || !login) return send(res, 404, setupInvalidPage(page(req)))
      send(res, 200, setupPage(page(req), actionOf(token), { login }))
    } catch (err) {
      next(err)
    }
  })

  router.post(
    '/setup/:token',
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res, next) => {
      try {
        const token = tokenOf(req)
        const login = token && (await findSetupLogin(db, token))
        if (!token || !login) return send(res, 404, setupInvalidPage(page(req)))
        const body = (req.body ?? {}) as Record<string, unknown>
        const password = typeof body.password === 'string' ? body.password : ''
        const confirm = typeof body.confirm === 'string' ? body.confirm : ''

        const fieldErrors: { password?: MessageKey; confirm?: MessageKey } = {}
        if (!password) fieldErrors.password = 'setup.passwordRequired'
        else if ([...password].length < MIN_PASSWORD_LENGTH) fieldErrors.password = 'setup.passwordTooShort'
        else {
          const rule = await passwordRuleError(password, login)
          if (rule) fieldErrors.password = rule
        }
        if (password && password !== confirm) fieldErrors.confirm = 'setup.mismatch'
        if (fieldErrors.password || fieldErrors.confirm) {
          return send(res, 200, setupPage(page(req), actionOf(token), { login, fieldErrors }))
        }

        // Null when another request used the token meanwhile.
        if (!(await usePasswordSetupToken(db, token, password)))
          return send(res, 404, setupInvalidPage(page(req)))
        send(res, 200, setupDonePage(page(req), portalUrl))
      } catch (err) {
        next(err)
      }
    },
  )

  return router
}
