import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { DEFAULT_LANGUAGE, isLanguage } from '../domain/languages.ts'
import { configureMissingText } from '../domain/missing-text.ts'
import { i18nOptions } from './lib/i18n.ts'

// A missing text throws while developing; a user's browser only logs it (ADR 800).
configureMissingText({ mode: import.meta.env.DEV ? 'throw' : 'log' })

async function main() {
  const lang = document.documentElement.lang
  const lng = isLanguage(lang) ? lang : DEFAULT_LANGUAGE
  // Only the page's language is loaded; a language change is a full page load anyway.
  const translation = (await import(`./locales/${lng}.json`)) as { default: Record<string, unknown> }
  await i18next
    .use(initReactI18next)
    .init({ ...i18nOptions, lng, resources: { [lng]: { translation: translation.default } } })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void main()
