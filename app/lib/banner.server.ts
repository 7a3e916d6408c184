import {
  greetingIndex,
  greetingKeys,
  holidayOn,
  parseIsoDate,
  zurichDate,
  type GreetingKey,
} from '../../domain/holidays.ts'
import type { HolidayBannerData } from '~/components/HolidayBanner.tsx'
import type { PortalConfig } from './context.ts'

/** Debug pages only: `?today=YYYY-MM-DD` pretends it is that day (cookie), `?today=` forgets it. */
export const DEBUG_TODAY_PARAM = 'today'
export const DEBUG_TODAY_COOKIE = 'svn_debug_today'

function cookieValue(header: string | null, name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')
  return match?.[1] ? decodeURIComponent(match[1]) : null
}

/**
 * Today's date in Zurich from `now`; with debug pages enabled (ADR 402) a `today` query parameter or
 * the cookie it sets overrides it, so tests and demos can see the banner on any day.
 */
export function bannerToday(
  config: Pick<PortalConfig, 'debugPages' | 'secure'>,
  request: Request,
  now: () => Date = () => new Date(),
): { today: string; setCookie: string | null } {
  const real = zurichDate(now())
  if (!config.debugPages) return { today: real, setCookie: null }
  const url = new URL(request.url)
  const secure = config.secure ? '; Secure' : ''
  if (url.searchParams.has(DEBUG_TODAY_PARAM)) {
    const wanted = parseIsoDate(url.searchParams.get(DEBUG_TODAY_PARAM))
    if (!wanted)
      return {
        today: real,
        setCookie: `${DEBUG_TODAY_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
      }
    return {
      today: wanted,
      setCookie: `${DEBUG_TODAY_COOKIE}=${wanted}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
    }
  }
  const stored = parseIsoDate(cookieValue(request.headers.get('Cookie'), DEBUG_TODAY_COOKIE))
  return { today: stored ?? real, setCookie: null }
}

/** The banner for `today`, translated, or null on an ordinary day. */
export function holidayBanner(
  today: string,
  t: (key: GreetingKey) => string,
  nowMs = Date.now(),
): HolidayBannerData | null {
  const holiday = holidayOn(today)
  if (!holiday) return null
  const messages = greetingKeys(holiday).map((key) => t(key))
  return { holiday, messages, index: greetingIndex(nowMs, messages.length) }
}
