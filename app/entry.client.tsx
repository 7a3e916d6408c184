import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import type { Language } from '../domain/languages.ts'
import { configureMissingText } from '../domain/missing-text.ts'
import { browserTexts, TextsProvider } from './lib/texts.tsx'

// A missing text throws while developing; a user's browser only logs it (ADR 800).
configureMissingText({ mode: import.meta.env.DEV ? 'throw' : 'log' })

// The page carries the texts it was rendered with (ADR 530); the rest of its language comes on demand —
// a language change is a full page load anyway.
// Named one by one rather than as `./locales/${lng}.json`: a template import would ship Vite's
// variable-import helper with every page (ADR 531).
const languageFiles: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  en: () => import('./locales/en.json'),
}
const texts = browserTexts(document, async (lng) => (await languageFiles[lng]()).default)

startTransition(() => {
  hydrateRoot(
    document,
    <TextsProvider value={texts}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </TextsProvider>,
  )
})
