import { useEffect, useRef } from 'react'
import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import type { Language } from '../../domain/languages.ts'
import { ChevronDownIcon } from './icons.tsx'
import { LanguageForm } from './LanguageForm.tsx'
import { LogoutForm } from './LogoutForm.tsx'
import { useShortcutsContext } from './useShortcuts.ts'

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

/** Closes the menu with focus on its summary (the control that opens it again), never on <body>. */
function closeMenu(details: HTMLDetailsElement) {
  details.open = false
  details.querySelector('summary')?.focus()
}

/**
 * The user menu as a <details> disclosure: opens and closes without JavaScript. With JavaScript,
 * Escape closes it (focus back on the summary) and so does a click elsewhere.
 */
export function UserMenu({ user, lng, returnTo, csrf }: UserMenuProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDetailsElement>(null)
  const name = fullName(user)
  const shortcuts = useShortcutsContext()
  // The help button appears only after hydration; the page carries its text (ADR 530).
  useNoteTexts(['shortcuts.show'])

  useEffect(() => {
    const details = ref.current
    if (!details) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return
      closeMenu(details)
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
        <span className="sr-only">
          {t('header.userMenu')}
          {t('common.labelSuffix')}{' '}
        </span>
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
        {/* Keyboard shortcuts (ACCESSIBILITY 27, ADR 401): a plain POST, so it works without JS. */}
        <form method="post" action="/settings/shortcuts" className="flex flex-col gap-1">
          <input type="hidden" name="returnTo" value={returnTo} />
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="enabled" value={shortcuts.enabled ? 'false' : 'true'} />
          <p className="text-sm font-semibold text-muted">
            {shortcuts.enabled ? t('shortcuts.stateOn') : t('shortcuts.stateOff')}
          </p>
          <button
            type="submit"
            className="inline-flex min-h-8 w-full items-center rounded border-2 border-transparent px-2 py-1 text-left text-ink hover:border-line hover:bg-surface"
          >
            {shortcuts.enabled ? t('shortcuts.turnOff') : t('shortcuts.turnOn')}
          </button>
        </form>
        {shortcuts.openHelp ? (
          <button
            type="button"
            onClick={() => {
              // The menu closes and this button with it: the help dialog hands focus back to the menu's
              // summary, not to <body>.
              if (ref.current) closeMenu(ref.current)
              shortcuts.openHelp?.()
            }}
            className="mt-1 inline-flex min-h-8 w-full items-center rounded border-2 border-transparent px-2 py-1 text-left text-ink hover:border-line hover:bg-surface"
          >
            {t('shortcuts.show')}
          </button>
        ) : null}
        <hr className="my-3 border-divider" />
        <LogoutForm csrf={csrf} />
      </div>
    </details>
  )
}
