import express, { type Request, type Response, type Router } from 'express'
import type Provider from 'oidc-provider'
import type { Database } from '../db/client.ts'
import { loginHash, logEvent } from '../domain/log.ts'
import { checkCredentials } from './accounts.ts'
import { pickLanguage, type Language } from './i18n.ts'
import { basePathOf, formActionOrigins, pageContext, type IdpClient, type UserClaims } from './provider.ts'
import type { RateLimiter } from './rate-limit.ts'
import { contentSecurityPolicy } from './views/layout.ts'
import { loginPage, type LoginFormState } from './views/login.ts'
import { errorPage } from './views/messages.ts'
import { loginCss, loginCssVersion } from './views/styles.ts'
import { sendHtml } from './views/send.ts'

interface InteractionDeps {
  db: Database
  issuer: string
  provider: Provider
  clients: IdpClient[]
  rateLimiter: RateLimiter
  claimsFor(subject: string): Promise<UserClaims | null>
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>

/**
 * Login attempts at the embedded IdP (ADR 611): the login name only as a hash, the subject once known,
 * the reason of a failure — never the password.
 */
function logLogin(req: Request, login: string, failure: string | null, subject?: string) {
  const requestId = (req.res?.locals.requestLog as { requestId?: string } | undefined)?.requestId
  logEvent(failure ? 'warn' : 'info', failure ? 'login.failure' : 'login.success', {
    side: 'idp',
    requestId,
    login: loginHash(login),
    user: subject,
    reason: failure ?? undefined,
  })
}

/** Our login page and its form posts; everything else under the issuer path goes to oidc-provider. */
export function interactionRoutes(deps: InteractionDeps): Router {
  const { db, issuer, provider, rateLimiter, claimsFor } = deps
  const basePath = basePathOf(issuer)
  const csp = contentSecurityPolicy(formActionOrigins(deps.clients))
  const router = express.Router()

  const send = (res: Response, status: number, body: string) => sendHtml(res, csp, status, body)

  function languageFor(req: Request, interaction?: Interaction): Language {
    return pickLanguage(interaction?.params.ui_locales, req.get('cookie'))
  }

  /** The interaction belonging to this browser's cookie, and only if it is the one in the URL. */
  async function load(req: Request, res: Response): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(req, res)
      if (interaction.uid === req.params.uid) return interaction
    } catch {
      // Missing or expired interaction cookie/session: shown as "sign-in expired" below.
    }
    send(res, 400, errorPage(pageContext(issuer, languageFor(req)), { sessionExpired: true }))
    return undefined
  }

  function renderLogin(
    req: Request,
    res: Response,
    interaction: Interaction,
    status: number,
    state: LoginFormState,
  ) {
    const page = pageContext(issuer, languageFor(req, interaction))
    send(res, status, loginPage(page, interaction.uid, basePath, state))
  }

  router.get('/assets/login.css', (req, res) => {
    const etag = `"${loginCssVersion}"`
    res.set({
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control':
        req.query.v === loginCssVersion ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    })
    if (req.get('if-none-match') === etag) res.status(304).end()
    else res.send(loginCss)
  })

  router.get('/interaction/:uid', async (req, res, next) => {
    try {
      const interaction = await load(req, res)
      if (!interaction) return
      if (interaction.prompt.name === 'consent') return await grantConsent(req, res, interaction)
      const login = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : ''
      renderLogin(req, res, interaction, 200, { login })
    } catch (err) {
      next(err)
    }
  })

  router.post(
    '/interaction/:uid/login',
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res, next) => {
      try {
        const interaction = await load(req, res)
        if (!interaction) return
        const body = (req.body ?? {}) as Record<string, unknown>
        const login = typeof body.login === 'string' ? body.login.trim() : ''
        const password = typeof body.password === 'string' ? body.password : ''

        if (!login || !password) {
          return renderLogin(req, res, interaction, 200, {
            login,
            fieldErrors: {
              login: login ? undefined : 'login.loginRequired',
              password: password ? undefined : 'login.passwordRequired',
            },
          })
        }

        const attempt = { login, ip: req.ip ?? req.socket.remoteAddress ?? 'unknown' }
        const blocked = async (seconds: number) =>
          renderLogin(req, res, interaction, 429, {
            login,
            formError: { key: 'login.blocked', vars: { minutes: Math.max(1, Math.ceil(seconds / 60)) } },
          })

        // While blocked even the right password is refused, so guessing gains nothing.
        const blockedSeconds = await rateLimiter.blockedFor(attempt)
        if (blockedSeconds > 0) {
          logLogin(req, login, 'rate limited')
          res.set('Retry-After', String(blockedSeconds))
          return await blocked(blockedSeconds)
        }

        const check = await checkCredentials(db, login, password)
        const subject = check.failure ? undefined : check.subject
        // A deactivated user (no claims) is refused exactly like a wrong password.
        if (!subject || !(await claimsFor(subject))) {
          logLogin(req, login, check.failure ?? 'no register access', check.subject)
          const nowBlocked = await rateLimiter.recordFailure(attempt)
          if (nowBlocked > 0) {
            // This failure reached the limit: the login name or address is now blocked (a lock-out).
            logEvent('warn', 'login.locked', { side: 'idp', login: loginHash(login), seconds: nowBlocked })
            res.set('Retry-After', String(nowBlocked))
            return await blocked(nowBlocked)
          }
          return renderLogin(req, res, interaction, 200, {
            login,
            formError: { key: 'login.invalidCredentials' },
          })
        }

        await rateLimiter.recordSuccess(attempt)
        logLogin(req, login, null, subject)
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: subject, amr: ['pwd'] } },
          { mergeWithLastSubmission: false },
        )
      } catch (err) {
        next(err)
      }
    },
  )

  router.get('/interaction/:uid/abort', async (req, res, next) => {
    try {
      const interaction = await load(req, res)
      if (!interaction) return
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      )
    } catch (err) {
      next(err)
    }
  })

  /**
   * loadExistingGrant already grants everything the portal asks for; should a prompt for consent still
   * come up (e.g. a grant revoked mid-flow), grant what is missing instead of showing a consent screen.
   */
  async function grantConsent(req: Request, res: Response, interaction: Interaction): Promise<void> {
    const { accountId } = interaction.session ?? {}
    const clientId = interaction.params.client_id
    if (!accountId || typeof clientId !== 'string') {
      return send(
        res,
        400,
        errorPage(pageContext(issuer, languageFor(req, interaction)), { sessionExpired: true }),
      )
    }
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId })
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[]
      missingOIDCClaims?: string[]
      missingResourceScopes?: Record<string, string[]>
    }
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '))
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims)
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '))
    }
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
  }

  return router
}
