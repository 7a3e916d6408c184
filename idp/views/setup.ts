import { translate, type MessageKey } from '../i18n.ts'
import { html, type SafeHtml } from './html.ts'
import { errorSummary } from './error-summary.ts'
import { layout, type PageContext } from './layout.ts'

/** Minimum length of a password chosen through a setup link. */
export const MIN_PASSWORD_LENGTH = 10

export interface SetupFormState {
  login: string
  fieldErrors?: { password?: MessageKey; confirm?: MessageKey }
}

type Field = 'password' | 'confirm'

/** Each field's label: the form shows it and the error summary names the field with it. */
const LABELS = { password: 'setup.passwordLabel', confirm: 'setup.confirmLabel' } as const satisfies Record<
  Field,
  MessageKey
>

/** "Set your password" for a migrated user (one-time link); same shell and error pattern as login. */
export function setupPage(page: PageContext, action: string, state: SetupFormState): string {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(page.lang, key, vars)
  const errors = (['password', 'confirm'] as const).flatMap((field) => {
    const key = state.fieldErrors?.[field]
    return key ? [{ field, text: t(key, { min: MIN_PASSWORD_LENGTH }) }] : []
  })
  const errorFor = (field: Field) => errors.find((e) => e.field === field)

  const summary = errorSummary(
    t('errorSummaryTitle'),
    errors.map((e) => ({ ...e, label: t(LABELS[e.field]) })),
    (e) => t('errorSummaryEntry', { label: e.label, message: e.text }),
  )

  const field = (name: Field, hint?: SafeHtml) => {
    const error = errorFor(name)
    const errorId = `${name}-error`
    const hintId = `${name}-hint`
    const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
    return html`<div class="field${error ? ' field--error' : ''}">
      <label for="${name}">${t(LABELS[name])}</label>
      ${hint && html`<p id="${hintId}">${hint}</p>`}
      ${error && html`<p class="field-error" id="${errorId}"><span class="visually-hidden">${t('errorPrefix')}</span>${error.text}</p>`}
      <input
        id="${name}"
        name="${name}"
        type="password"
        autocomplete="new-password"
        ${describedBy ? html` aria-describedby="${describedBy}"` : ''}
        ${error ? html` aria-invalid="true"` : ''}
      />
    </div>`
  }

  const body = html`${summary}
    <h1>${t('setup.title')}</h1>
    <p>${t('setup.intro', { login: state.login })}</p>
    <form method="post" action="${action}" novalidate>
      <input type="text" name="username" autocomplete="username" value="${state.login}" hidden />
      ${field('password', html`${t('setup.passwordHint', { min: MIN_PASSWORD_LENGTH })}`)} ${field('confirm')}
      <div class="actions">
        <button type="submit">${t('setup.submit')}</button>
      </div>
    </form>`
  return layout(page, t('setup.title'), body, { error: errors.length > 0 })
}

/** After the password was set: where to go next. */
export function setupDonePage(page: PageContext, portalUrl: string): string {
  const t = (key: MessageKey) => translate(page.lang, key)
  const body = html`<h1>${t('setup.doneTitle')}</h1>
    <p>${t('setup.doneText')}</p>
    <p><a class="button" href="${portalUrl}">${t('setup.toPortal')}</a></p>`
  return layout(page, t('setup.doneTitle'), body)
}

/** Unknown, used or expired link: no hint which of the three (nothing to probe). */
export function setupInvalidPage(page: PageContext): string {
  const t = (key: MessageKey) => translate(page.lang, key)
  const body = html`<h1>${t('setup.invalidTitle')}</h1>
    <p>${t('setup.invalidText')}</p>`
  return layout(page, t('setup.invalidTitle'), body, { error: true })
}
