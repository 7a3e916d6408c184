import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../domain/languages.ts'
import { ChevronDownIcon } from './icons.tsx'
import { LanguageForm } from './LanguageForm.tsx'
import { LogoutForm } from './LogoutForm.tsx'

export interface ShellUser {
  vorname: string | null
  nachname: string
}

interface UserMenuProps {
  user: ShellUser
  lng: Language
  returnTo: string
  csrf: string
}

export function fullName(user: ShellUser): string {
  return [user.vorname, user.nachname].filter(Boolean).join(' ')
}

/**
 * The user menu as a <details> disclosure: opens and closes without JavaScript. With JavaScript,
 * Escape closes it (focus back on the summary) and so does a click elsewhere.
 */
export function UserMenu({ user, lng, returnTo, csrf }: UserMenuProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDetailsElement>(null)
  const name = fullName(user)

  useEffect(() => {
    const details = ref.current
    if (!details) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return
      details.open = false
      details.querySelector('summary')?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target))
        details.open = false
    }
    details.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      details.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [])

  return (
    <details ref={ref} className="group relative">
      <summary className="no-marker flex min-h-10 items-center gap-1 rounded px-2 py-1 font-semibold hover:bg-surface">
        <span className="sr-only">{t('header.userMenu')}: </span>
        <span>{name}</span>
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      {/* Floats under the summary on wide screens; in the page flow on narrow ones, so it can never
          stick out of a 320 px viewport. */}
      <div className="mt-1 rounded border border-line bg-white p-3 shadow-lg wide:absolute wide:right-0 wide:z-40 wide:w-64">
        <p className="font-semibold">{name}</p>
        <hr className="my-3 border-divider" />
        <LanguageForm lng={lng} returnTo={returnTo} csrf={csrf} variant="menu" />
        <hr className="my-3 border-divider" />
        <LogoutForm csrf={csrf} />
      </div>
    </details>
  )
}
