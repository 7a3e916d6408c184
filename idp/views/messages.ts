import { createHash } from 'node:crypto'
import { translate } from '../i18n.ts'
import { html, raw } from './html.ts'
import { layout, type PageContext } from './layout.ts'

/** Submits the logout form at once; allowed by its hash alone (CSP script-src), no other script runs. */
export const LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit()"
export const LOGOUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(LOGOUT_SCRIPT).digest('base64')}'`

/**
 * The portal's own logout (a valid id_token_hint of the signed-in account, ADR 722): no question,
 * the form ends the whole IdP session (logout=yes). With JavaScript it submits itself; without, one
 * focused "continue" button — there is no way to stay signed in here.
 */
export function logoutContinuePage(page: PageContext, form: string): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(page.lang, key)
  const body = html`<h1>${t('logout.continueHeading')}</h1>
    <p>${t('logout.continueText')}</p>
    ${raw(form)}
    <input type="hidden" form="op.logoutForm" name="logout" value="yes" />
    <div class="actions">
      <button type="submit" form="op.logoutForm" autofocus>${t('logout.continue')}</button>
    </div>
    ${raw(`<script>${LOGOUT_SCRIPT}</script>`)}`
  return layout(page, t('logout.title'), body)
}

/** RP-initiated logout confirmation; `form` is oidc-provider's hidden form (id op.logoutForm, xsrf). */
export function logoutPage(page: PageContext, form: string): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(page.lang, key)
  const body = html`<h1>${t('logout.heading')}</h1>
    ${raw(form)}
    <div class="actions">
      <button type="submit" form="op.logoutForm" name="logout" value="yes">${t('logout.confirm')}</button>
      <button type="submit" form="op.logoutForm" class="secondary">${t('logout.stay')}</button>
    </div>`
  return layout(page, t('logout.title'), body)
}

/** Shown after logout when the client gave no post_logout_redirect_uri. */
export function loggedOutPage(page: PageContext): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(page.lang, key)
  const body = html`<h1>${t('loggedOut.title')}</h1>
    <p>${t('loggedOut.text')}</p>`
  return layout(page, t('loggedOut.title'), body)
}

/** Our replacement of oidc-provider's error page (which loads web fonts from another origin). */
export function errorPage(
  page: PageContext,
  options: { code?: string; sessionExpired?: boolean; tooLarge?: boolean } = {},
): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(page.lang, key)
  const text = options.tooLarge
    ? t('error.tooLarge')
    : options.sessionExpired
      ? t('error.sessionExpired')
      : t('error.text')
  const body = html`<h1>${t('error.heading')}</h1>
    <p>${text}</p>
    ${options.code && html`<p class="error-code">${t('error.code')} <code>${options.code}</code></p>`}`
  return layout(page, t('error.title'), body)
}
