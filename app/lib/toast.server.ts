import { dataWithToast, getToast, redirectWithToast, setToastCookieOptions } from 'remix-toast'
import type { PortalConfig } from './context.ts'
import { cookieName } from './cookie-name.server.ts'
import { isTranslationKey, type TranslationKey } from './i18n-keys.ts'

export type ToastType = 'success' | 'error' | 'info' | 'warning'
/** A flash message: `message` is a translation key, `values` its interpolation values. */
export interface Toast {
  type: ToastType
  message: TranslationKey
  values?: Record<string, string | number>
}

let configuredFor: string | null = null

/** remix-toast's default secret is a constant; sign its cookie with ours (idempotent per secret). */
function configure(config: PortalConfig) {
  if (configuredFor === `${config.secure}:${config.sessionSecret}`) return
  setToastCookieOptions({
    name: cookieName('svn_toast', config.secure),
    secrets: [config.sessionSecret],
    secure: config.secure,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
  })
  configuredFor = `${config.secure}:${config.sessionSecret}`
}

export async function readToast(
  config: PortalConfig,
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  configure(config)
  // Most pages have no message: without the cookie there is nothing to verify, and once read, the
  // cookie is dropped rather than signed again empty on every later page (ADR 521).
  if (!/(?:^|;\s*)svn_toast=/.test(request.headers.get('Cookie') ?? ''))
    return { toast: null, headers: new Headers() }
  const { toast, headers } = await getToast(request)
  if (!toast) {
    const drop = `svn_toast=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${config.secure ? '; Secure' : ''}`
    return { toast: null, headers: new Headers({ 'Set-Cookie': drop }) }
  }
  // The cookie is signed by this server, but a key removed from the catalogue since it was set (a
  // deployment between the redirect and the next page) must not reach t().
  if (!isTranslationKey(toast.message)) return { toast: null, headers }
  const values = (toast as { values?: unknown }).values
  return {
    toast: {
      type: toast.type,
      message: toast.message,
      ...(values && typeof values === 'object' ? { values: values as Record<string, string | number> } : {}),
    },
    headers,
  }
}

export async function redirectWithMessage(
  config: PortalConfig,
  url: string,
  toast: Toast,
  init?: ResponseInit,
): Promise<Response> {
  configure(config)
  return redirectWithToast(url, { ...toast }, init)
}

/** A JSON answer (a resource route called by fetch/XHR) carrying the message for the next page load. */
export async function jsonWithMessage<T>(
  config: PortalConfig,
  value: T,
  toast: Toast,
  init?: ResponseInit,
): Promise<Response> {
  configure(config)
  const withCookie = await dataWithToast(value, { ...toast }, init)
  return Response.json(value, withCookie.init ?? undefined)
}
