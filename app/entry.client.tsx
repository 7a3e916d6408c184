import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { configureMissingText } from '../domain/missing-text.ts'
import { browserTexts, TextsProvider } from './lib/texts.tsx'

// A missing text throws while developing; a user's browser only logs it (ADR 800).
configureMissingText({ mode: import.meta.env.DEV ? 'throw' : 'log' })

// The page carries the texts it was rendered with (ADR 530); the rest of its language comes on demand —
// a language change is a full page load anyway.
const texts = browserTexts(
  document,
  async (lng) => ((await import(`./locales/${lng}.json`)) as { default: Record<string, unknown> }).default,
)

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
