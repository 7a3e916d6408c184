import { translate, type MessageKey } from '../i18n.ts'
import { html, type SafeHtml } from './html.ts'
import { errorSummary } from './error-summary.ts'
import { layout, type PageContext } from './layout.ts'

export interface LoginFormState {
  /** The typed login, shown again after an error; the password never is. */
  login: string
  fieldErrors?: { login?: MessageKey; password?: MessageKey }
  /** A form-level error (wrong credentials, blocked) shown in the summary and on the login field. */
  formError?: { key: MessageKey; vars?: Record<string, string | number> }
}

/** Each field's label: the form shows it and the error summary names the field with it. */
const LABELS = { login: 'login.loginLabel', password: 'login.passwordLabel' } as const satisfies Record<
  'login' | 'password',
  MessageKey
>

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

  const summary = errorSummary(
    t('errorSummaryTitle'),
    errors.map((e) => ({ ...e, label: t(LABELS[e.field]) })),
    (e) => t('errorSummaryEntry', { label: e.label, message: e.text }),
  )

  const field = (name: 'login' | 'password', input: (describedBy: string | undefined) => SafeHtml) => {
    const error = errorFor(name)
    const errorId = `${name}-error`
    return html`<div class="field${error ? ' field--error' : ''}">
      <label for="${name}">${t(LABELS[name])}</label>
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
