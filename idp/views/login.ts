import { translate, type MessageKey } from '../i18n.ts'
import { html, type SafeHtml } from './html.ts'
import { layout, type PageContext } from './layout.ts'

export interface LoginFormState {
  /** The typed login, shown again after an error; the password never is. */
  login: string
  fieldErrors?: { login?: MessageKey; password?: MessageKey }
  /** A form-level error (wrong credentials, blocked) shown in the summary and on the login field. */
  formError?: { key: MessageKey; vars?: Record<string, string | number> }
}

interface ErrorItem {
  field: 'login' | 'password'
  text: string
}

export function loginPage(page: PageContext, uid: string, basePath: string, state: LoginFormState): string {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(page.lang, key, vars)
  const errors: ErrorItem[] = []
  if (state.formError) errors.push({ field: 'login', text: t(state.formError.key, state.formError.vars) })
  if (state.fieldErrors?.login) errors.push({ field: 'login', text: t(state.fieldErrors.login) })
  if (state.fieldErrors?.password) errors.push({ field: 'password', text: t(state.fieldErrors.password) })
  const errorFor = (field: ErrorItem['field']) => errors.find((e) => e.field === field)
  const action = `${basePath}/interaction/${encodeURIComponent(uid)}`

  const summary: SafeHtml | false =
    errors.length > 0 &&
    html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
      <h2 id="error-summary-title">${t('errorSummaryTitle')}</h2>
      <ul>
        ${errors.map((e) => html`<li><a href="#${e.field}">${e.text}</a></li>`)}
      </ul>
    </div>`

  const field = (name: 'login' | 'password', input: (describedBy: string | undefined) => SafeHtml) => {
    const error = errorFor(name)
    const errorId = `${name}-error`
    return html`<div class="field${error ? ' field--error' : ''}">
      <label for="${name}">${t(name === 'login' ? 'login.loginLabel' : 'login.passwordLabel')}</label>
      ${error && html`<p class="field-error" id="${errorId}"><span class="visually-hidden">${t('errorPrefix')}</span>${error.text}</p>`}
      ${input(error ? errorId : undefined)}
    </div>`
  }

  const body = html`${summary}
    <h1>${t('login.title')}</h1>
    <p>${t('login.intro')}</p>
    <form method="post" action="${action}/login" novalidate>
      ${field(
        'login',
        (describedBy) =>
          html`<input
            id="login"
            name="login"
            type="text"
            inputmode="email"
            autocomplete="username"
            autocapitalize="none"
            spellcheck="false"
            value="${state.login}"
            ${describedBy ? html` aria-describedby="${describedBy}" aria-invalid="true"` : ''}
          />`,
      )}
      ${field(
        'password',
        (describedBy) =>
          html`<input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            ${describedBy ? html` aria-describedby="${describedBy}" aria-invalid="true"` : ''}
          />`,
      )}
      <div class="actions">
        <button type="submit">${t('login.submit')}</button>
        <a href="${action}/abort">${t('login.cancel')}</a>
      </div>
    </form>`

  return layout(page, t('login.title'), body, { error: errors.length > 0 })
}
