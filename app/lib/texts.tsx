import { createContext, useContext, useSyncExternalStore } from 'react'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../domain/languages.ts'
import type { TranslationKey } from './i18n-keys.ts'
import { useNonce } from './nonce.tsx'
import {
  createTranslate,
  flatten,
  reportMissingKey,
  scriptJson,
  type Dictionary,
  type Translate,
} from './translate.ts'

/**
 * The texts of one page (ADR 530). The server renders with the full catalogue of the language and notes
 * every key the page used; `<PageTexts />` writes those texts into the page as JSON, and the browser
 * hydrates with exactly them — no i18next and no language file in the first load. The rest of the
 * catalogue is fetched on demand: before a client-side navigation (root's clientMiddleware) or when a
 * screen asks for a text the server did not use (a calendar, a message shown only with JavaScript).
 */
export interface Texts {
  language: Language
  subscribe: (onChange: () => void) => () => void
  /** The current `t`; a new function once more texts have arrived, so the screens render again. */
  translate: () => Translate
  /** What `<PageTexts />` writes: on the server the texts used so far, in the browser what it received. */
  pageJson: () => string
}

const TextsContext = createContext<Texts | null>(null)
export const TextsProvider = TextsContext.Provider

const noSubscription = () => () => {}

/** The page's `t` and language, for any component (same shape as react-i18next's hook). */
export function useTranslation(): { t: Translate; i18n: { language: Language } } {
  const texts = useContext(TextsContext)
  if (!texts) throw new Error('useTranslation outside <TextsProvider>')
  const t = useSyncExternalStore(texts.subscribe ?? noSubscription, texts.translate, texts.translate)
  return { t, i18n: { language: texts.language } }
}

/**
 * Texts a component shows only after hydration (a dialog, a pause button): the server notes them so the
 * page carries them too, and the browser needs no language file for them. A no-op in the browser.
 */
export function useNoteTexts(keys: readonly TranslationKey[]): void {
  const texts = useContext(TextsContext)
  if (!texts || typeof document !== 'undefined') return
  const t = texts.translate()
  // Only noted, not shown: any placeholder is filled with nothing.
  const anyValue = new Proxy({}, { get: () => '' })
  for (const key of keys) t(key, anyValue)
}

export const PAGE_TEXTS_ID = 'page-texts'

/** The texts the page was rendered with, for hydration; placed after everything that uses a text. */
export function PageTexts() {
  const texts = useContext(TextsContext)
  const nonce = useNonce()
  if (!texts) return null
  return (
    <script
      id={PAGE_TEXTS_ID}
      type="application/json"
      // A data block runs nothing, but with the nonce every script element of the page carries it.
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: texts.pageJson() }}
    />
  )
}

/**
 * Server: `t` over the full catalogue (`full`, already merged with the fallback language); every key
 * asked for is remembered with its text, or `null` when the catalogue lacks it.
 */
export function serverTexts(language: Language, full: Readonly<Dictionary>): Texts {
  const used: Dictionary = {}
  const t = createTranslate(
    (key) => (used[key] = full[key] ?? null),
    (key) => reportMissingKey(key, language),
  )
  return {
    language,
    subscribe: noSubscription,
    translate: () => t,
    pageJson: () => scriptJson(used),
  }
}

// The browser's one instance, made by entry.client.tsx before hydrating.
let browser: { texts: Texts; loadAll: () => Promise<void> } | null = null

/** Browser: the texts the server wrote into the page; the rest of the language on demand. */
export function browserTexts(
  document: Document,
  load: (language: Language) => Promise<Record<string, unknown>>,
): Texts {
  const lang = document.documentElement.lang
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE
  const json = document.getElementById(PAGE_TEXTS_ID)?.textContent ?? '{}'
  const dict = JSON.parse(json) as Dictionary
  let complete = false
  let loading: Promise<void> | null = null
  const listeners = new Set<() => void>()
  const lookup = (key: string) => dict[key]
  const onMissing = (key: string) => {
    if (complete || dict[key] === null) reportMissingKey(key, language)
    // Not sent with the page: fetch the language; the screens render again when it is in.
    else void loadAll()
  }
  let t = createTranslate(lookup, onMissing)
  const loadAll = () =>
    (loading ??= load(language).then((tree) => {
      Object.assign(dict, flatten(tree))
      complete = true
      t = createTranslate(lookup, onMissing)
      for (const listener of listeners) listener()
    }))
  const texts: Texts = {
    language,
    subscribe: (onChange) => {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    translate: () => t,
    pageJson: () => json,
  }
  browser = { texts, loadAll }
  return texts
}

/** Fetches the rest of the page's language (once); a no-op on the server. */
export function loadAllTexts(): Promise<void> {
  return browser ? browser.loadAll() : Promise.resolve()
}
