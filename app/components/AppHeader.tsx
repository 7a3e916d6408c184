import { useEffect, useRef } from 'react'
import { useTranslation } from '../lib/texts.tsx'
import { Link } from 'react-router'
import type { Language } from '../../domain/languages.ts'
import { AppLogo } from './AppLogo.tsx'
import { LanguageForm } from './LanguageForm.tsx'
import { UserMenu, type ShellUser } from './UserMenu.tsx'

export interface ShellInsurer {
  name: string
  logoUrl: string | null
}

interface AppHeaderProps {
  user: ShellUser | null
  insurer: ShellInsurer | null
  version: string
  lng: Language
  returnTo: string
  csrf: string
}

/**
 * The top header. It sticks only on wide, tall enough viewports (CSS); with JavaScript its real
 * height goes into `--header-h`, which feeds `scroll-padding-top` so focus never hides under it.
 */
export function AppHeader({ user, insurer, version, lng, returnTo, csrf }: AppHeaderProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLElement>(null)

  useEffect(() => {
    const header = ref.current
    if (!header) return
    const root = document.documentElement
    const measure = () => {
      const sticky = getComputedStyle(header).position === 'sticky'
      root.style.setProperty('--header-h', sticky ? `${header.offsetHeight}px` : '0px')
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(header)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
      root.style.removeProperty('--header-h')
    }
  }, [])

  return (
    <header ref={ref} className="z-30 border-b-4 border-brand-700 bg-white stick:sticky stick:top-0">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link to="/" className="flex min-h-10 items-center gap-2 text-lg font-bold text-ink no-underline">
            <AppLogo />
            <span>{t('app.title')}</span>
          </Link>
          <span className="text-sm text-muted">{t('app.version', { version })}</span>
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-x-4 gap-y-2">
          {user && insurer?.logoUrl ? (
            <img
              src={insurer.logoUrl}
              alt={insurer.name}
              className="h-10 w-auto max-w-[10rem] object-contain"
            />
          ) : null}
          {user ? (
            <UserMenu user={user} lng={lng} returnTo={returnTo} csrf={csrf} />
          ) : (
            <LanguageForm lng={lng} returnTo={returnTo} csrf={csrf} />
          )}
        </div>
      </div>
    </header>
  )
}
