import { useEffect, useState } from 'react'
import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import { HOLIDAY_ROTATION_MS, type Holiday } from '../../domain/holidays.ts'
import { useHydrated } from './useHydrated.ts'

/** The banner as the root loader computes it for today (Europe/Zurich). */
export interface HolidayBannerData {
  holiday: Holiday
  /** The holiday's three greetings, translated. */
  messages: string[]
  /** The greeting showing now (the same for everyone; the next one every 360000 ms). */
  index: number
}

/**
 * Holiday greeting (spec §9, ACCESSIBILITY 24). Without JavaScript: the greeting as static text.
 * With JavaScript: the greetings rotate every 360000 ms and scroll (5 s) only when the user has not
 * asked for reduced motion (`motion-safe:`); a visible toggle (aria-pressed) pauses both.
 */
export function HolidayBanner({ banner }: { banner: HolidayBannerData }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  useNoteTexts(['banner.pause'])
  const [index, setIndex] = useState(banner.index)
  const [paused, setPaused] = useState(false)
  const count = banner.messages.length

  useEffect(() => {
    if (paused || count < 2) return
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), HOLIDAY_ROTATION_MS)
    return () => window.clearInterval(timer)
  }, [paused, count])

  const animated = hydrated && !paused
  return (
    <aside
      aria-label={t('banner.label')}
      data-holiday={banner.holiday}
      className="border-b border-divider bg-brand-50 text-brand-800"
    >
      <div className="flex items-center gap-3 px-4 py-2">
        <p className="min-w-0 flex-1 overflow-hidden font-semibold" data-testid="holiday-greeting">
          <span
            key={index}
            className={['block', animated ? 'motion-safe:animate-banner-scroll' : ''].join(' ')}
          >
            {banner.messages[index % Math.max(count, 1)]}
          </span>
        </p>
        {hydrated ? (
          <button
            type="button"
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
            className="inline-flex min-h-8 shrink-0 items-center rounded border-2 border-brand-700 bg-white px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-100"
          >
            {t('banner.pause')}
          </button>
        ) : null}
      </div>
    </aside>
  )
}
