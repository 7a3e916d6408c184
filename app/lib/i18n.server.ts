import { createInstance, type i18n } from 'i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../domain/languages.ts'
import { logEvent } from '../../domain/log.ts'
import { configureMissingText } from '../../domain/missing-text.ts'
import de from '../locales/de.json'
import en from '../locales/en.json'
import fr from '../locales/fr.json'
import it from '../locales/it.json'
import { cookieName } from './cookie-name.server.ts'
import { appContext } from './context.ts'
import { i18nOptions, LANGUAGE_COOKIE } from './i18n.ts'
import { serverTexts, type Texts } from './texts.tsx'
import { flatten, type Dictionary } from './translate.ts'

export const resources = {
  de: { translation: de },
  fr: { translation: fr },
  it: { translation: it },
  en: { translation: en },
}

/**
 * The `lng` cookie (`__Host-lng` over https, ADR 705) holds the plain code so the identity provider's
 * login page can read it too. Either name is read: it only chooses a language.
 */
export function languageFromCookie(cookieHeader: string | null): Language | null {
  const match = /(?:^|;\s*)(?:__Host-)?lng=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '')
  return match && isLanguage(match[1]) ? match[1] : null
}

export function languageSetCookie(lng: Language, secure: boolean): string {
  const name = cookieName(LANGUAGE_COOKIE, secure)
  return `${name}=${lng}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax${secure ? '; Secure' : ''}`
}

type Context = Readonly<RouterContextProvider>

const localeContext = createContext<Language>(DEFAULT_LANGUAGE)
const instanceContext = createContext<i18n | null>(null)

/**
 * One initialised i18next instance per language, made on first use and shared by all requests: the texts
 * never change while the server runs and a request only reads its instance (nothing here calls
 * changeLanguage). remix-i18next's middleware created and initialised a new one per request (ADR 512).
 */
const instances = new Map<Language, Promise<i18n>>()

function instanceFor(lng: Language): Promise<i18n> {
  let found = instances.get(lng)
  if (!found) {
    const instance = createInstance({ ...i18nOptions, resources })
    found = instance.init({ lng }).then(() => instance)
    instances.set(lng, found)
  }
  return found
}

/** German is the default and initial language (spec §1); only an explicit choice (the cookie) changes it. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // The server build has its own copy of domain/missing-text.ts: set its mode from the config here.
  const mode = context.get(appContext).config.missingText ?? 'throw'
  configureMissingText({ mode, log: (message) => logEvent('warn', 'translation.missing', { message }) })
  const lng = languageFromCookie(request.headers.get('Cookie')) ?? DEFAULT_LANGUAGE
  context.set(localeContext, lng)
  context.set(instanceContext, await instanceFor(lng))
  return next()
}

export function getLocale(context: Context): Language {
  return context.get(localeContext)
}

export function getInstance(context: Context): i18n {
  const instance = context.get(instanceContext)
  if (!instance) throw new Error('i18nextMiddleware has not run for this request')
  return instance
}

export function currentLanguage(context: Context): Language {
  return getLocale(context)
}

// The flat catalogue per language, German underneath as i18next's fallback (ADR 530); built once.
const catalogues = new Map<Language, Dictionary>()

/** The texts a page renders with: the full catalogue, noting what the page uses (app/lib/texts.tsx). */
export function pageTexts(lng: Language): Texts {
  let full = catalogues.get(lng)
  if (!full) {
    full = { ...flatten(resources[DEFAULT_LANGUAGE].translation), ...flatten(resources[lng].translation) }
    catalogues.set(lng, full)
  }
  return serverTexts(lng, full)
}
