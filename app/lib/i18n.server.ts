import { createInstance, type i18n, type TFunction } from 'i18next'
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
    found = instance.init({ lng }).then(() => viewOf(instance, lng))
    instances.set(lng, found)
  }
  return found
}

/** i18next options that change which text `t` picks or how; a call with any of them goes to i18next. */
const I18NEXT_OPTIONS = new Set([
  'context',
  'ordinal',
  'lng',
  'lngs',
  'ns',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'keyPrefix',
  'postProcess',
  'interpolation',
  'replace',
  'skipInterpolation',
  'fallbackLng',
])
const PLACEHOLDER = /\{\{(\w+)\}\}/g

/**
 * The text of `key` when i18next would give it unchanged or with only simple `{{name}}` placeholders
 * filled: a string in this language, no nesting (`$t(`), no formatted or unescaped placeholders.
 * Plural and context keys, fallbacks to German and missing keys answer null (i18next handles them).
 */
function simpleText(instance: i18n, lng: string, key: string): SimpleText | null {
  if (key.includes(':')) return null
  const text: unknown = instance.getResource(lng, 'translation', key)
  if (typeof text !== 'string' || text === '' || text.includes('$t(')) return null
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)
  if (text.split('{{').length - 1 !== names.length) return null
  // `count` picks a plural form (`key_one`, `key_other`, …) when the catalogue has one; without any
  // variant of the key i18next uses the key's own text, and `{{count}}` is a placeholder like any.
  const at = key.lastIndexOf('.')
  const parent: unknown =
    at < 0
      ? instance.getResourceBundle(lng, 'translation')
      : instance.getResource(lng, 'translation', key.slice(0, at))
  const last = `${key.slice(at + 1)}_`
  const variants =
    typeof parent === 'object' && parent !== null && Object.keys(parent).some((k) => k.startsWith(last))
  return { text, names, countIsPlain: !variants }
}

interface SimpleText {
  text: string
  names: string[]
  countIsPlain: boolean
}

/**
 * `t` for one language with a fast path for what most calls are (ADR 523): a plain text is answered
 * from memory after its first lookup, and `{{name}}` placeholders whose values are all given as
 * strings or numbers are filled here, as i18next fills them (escapeValue is off, i18n.ts). Anything
 * else goes to i18next's own `t`, so a missing text or value is still reported every time.
 */
function fastT(instance: i18n, lng: string, fixed: TFunction): TFunction {
  const texts = new Map<string, SimpleText | null>()
  const call = fixed as unknown as (...args: unknown[]) => string
  const fixedProps = fixed as unknown as { lng?: string; ns?: string; keyPrefix?: string }
  const t = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string' || rest.length > 1) return call(key, ...rest)
    let found = texts.get(key)
    if (found === undefined) {
      found = simpleText(instance, lng, key)
      // Keys are the catalogue's; a made-up one (a code without text) must not grow the map forever.
      if (texts.size >= 20_000) texts.clear()
      texts.set(key, found)
    }
    if (!found) return call(key, ...rest)
    const options = rest[0]
    if (options === undefined && found.names.length === 0) return found.text
    if (typeof options !== 'object' || options === null) return call(key, ...rest)
    const values = options as Record<string, unknown>
    for (const name of Object.keys(values))
      if (I18NEXT_OPTIONS.has(name) || (name === 'count' && !found.countIsPlain)) return call(key, ...rest)
    for (const name of found.names) {
      const value = values[name]
      if (typeof value !== 'string' && typeof value !== 'number') return call(key, ...rest)
    }
    return found.text.replace(PLACEHOLDER, (_whole, name: string) => String(values[name]))
  }
  const { lng: fixedLng, ns, keyPrefix } = fixedProps
  return Object.assign(t, { lng: fixedLng, ns, keyPrefix }) as unknown as TFunction
}

/**
 * What requests get (ADR 523): per language one object whose prototype is the initialised instance,
 * with a fast `t` (and `getFixedT` handing out the same). react-i18next's `useTranslation` copies
 * every own property of the instance it gets (over 60: i18next binds its methods onto the instance)
 * into a new object for every component on every render, and asks `getFixedT` for a new `t` each
 * time; this view has two own properties to copy and one `t` per language. Nothing writes through it:
 * the server never changes an instance's language (nothing here calls changeLanguage).
 */
function viewOf(instance: i18n, lng: Language): i18n {
  const t = fastT(instance, lng, instance.getFixedT(lng, 'translation'))
  const getFixedT = ((lngArg: string | null, ns?: unknown, keyPrefix?: unknown, ...rest: unknown[]) => {
    // The default namespace without a key prefix (how the portal's components ask): the fast one.
    const plainNs = ns === undefined || ns === null || ns === 'translation'
    if ((lngArg ?? lng) === lng && plainNs && keyPrefix === undefined) return t
    return (instance.getFixedT as (...args: unknown[]) => TFunction)(lngArg, ns, keyPrefix, ...rest)
  }) as i18n['getFixedT']
  return Object.create(instance, { t: { value: t }, getFixedT: { value: getFixedT } }) as i18n
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

/** The shared instance of one language, as requests get it (tests). */
export const instanceForLanguage = instanceFor

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
