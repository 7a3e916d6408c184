import { translate, type Language } from '../i18n.ts'
import { html, type SafeHtml } from './html.ts'

export interface PageContext {
  lang: Language
  /** Absolute path of the stylesheet served by the IdP router. */
  cssHref: string
}

/** The page shell shared by login, logout and error pages: skip link, header, one main, no scripts. */
export function layout(
  page: PageContext,
  title: string,
  body: SafeHtml,
  options: { error?: boolean } = {},
): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(page.lang, key)
  const fullTitle = `${options.error ? t('errorPrefix') : ''}${title} – ${t('appName')}`
  return `<!doctype html>\n${html`<html lang="${page.lang}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="same-origin" />
      <title>${fullTitle}</title>
      <link rel="stylesheet" href="${page.cssHref}" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </head>
    <body>
      <a class="skip-link" href="#main">${t('skipLink')}</a>
      <header><p class="brand">${t('appName')}</p></header>
      <main id="main" tabindex="-1">
        <div class="card">${body}</div>
      </main>
    </body>
  </html> `}`
}

/** Strict CSP for our pages; form-action lists where a form submit may end up after redirects. */
export function contentSecurityPolicy(formActionOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self' ${formActionOrigins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
}
