import { useMemo, useState, type ReactNode } from 'react'
import type { Language } from '../../domain/languages.ts'
import { useNoteTexts } from '../lib/texts.tsx'
import type { AboutInfo } from './AboutDialog.tsx'
import { AppHeader, type ShellInsurer } from './AppHeader.tsx'
import { FlashMessages, type FlashToast } from './FlashMessages.tsx'
import { HolidayBanner, type HolidayBannerData } from './HolidayBanner.tsx'
import { onDemandDialog } from './on-demand.tsx'
import { ABOUT_DIALOG_KEYS, shortcutsHelpKeys } from './shell-dialog-texts.ts'
import { SideNav, type NavCounts } from './SideNav.tsx'
import { SkipLink } from './SkipLink.tsx'
import { useFocusAfterNavigation } from './useFocusAfterNavigation.ts'
import { useHydrated } from './useHydrated.ts'
import { ShortcutsContext, useHiddenAction, useShortcuts } from './useShortcuts.ts'
import type { ShellUser } from './UserMenu.tsx'

export type { AboutInfo, FlashToast, HolidayBannerData, NavCounts, ShellInsurer, ShellUser }

// The shell's two dialogs are fetched when first opened, never with the page (ADR 531).
const ShortcutsHelpDialog = onDemandDialog(() =>
  import('./ShortcutsHelpDialog.tsx').then((m) => m.ShortcutsHelpDialog),
)
const AboutDialog = onDemandDialog(() => import('./AboutDialog.tsx').then((m) => m.AboutDialog))

export interface AppShellProps {
  user: ShellUser | null
  roles: string[]
  insurer: ShellInsurer | null
  version: string
  lng: Language
  pathname: string
  /** Where the language and navigation forms send the user back to (path + query). */
  returnTo: string
  csrf: string
  navOpen: boolean | null
  counts: NavCounts
  toast: FlashToast | null
  /** Today's holiday greeting (spec §9), shown logged in and out; null on ordinary days. */
  banner?: HolidayBannerData | null
  /** The user's keyboard-shortcut setting (ADR 401); default on. */
  shortcutsEnabled?: boolean
  /** Logged in only: what the hidden action's "about" dialog shows. */
  about?: AboutInfo | null
  children: ReactNode
}

/** The main area's padding, also where a page has no shell (the root's error page without data). */
export const MAIN_PADDING = 'px-4 py-4 wide:px-8 wide:py-6'

/**
 * Page frame: skip link, header, side navigation (logged in only) and <main>. The landmarks are
 * header, nav and main (ACCESSIBILITY 14); messages sit at the top of <main> so that without
 * JavaScript they read in order and cover nothing.
 */
export function AppShell(props: AppShellProps) {
  const { user, roles, insurer, version, lng, pathname, returnTo, csrf, navOpen, counts, toast, children } =
    props
  const { banner = null, shortcutsEnabled = true, about = null } = props
  const hydrated = useHydrated()
  // The dialogs below appear only with JavaScript; the page carries their texts (ADR 530).
  useNoteTexts(user ? [...shortcutsHelpKeys(roles), ...(about ? ABOUT_DIALOG_KEYS : [])] : [])
  const [helpOpen, setHelpOpen] = useState(false)
  const [aboutOpen, setAboutOpen] = useState(false)
  useShortcuts({ enabled: Boolean(user) && shortcutsEnabled, roles, onHelp: () => setHelpOpen(true) })
  useHiddenAction(Boolean(user && about), () => setAboutOpen(true))
  useFocusAfterNavigation()
  const shortcuts = useMemo(
    () => ({ enabled: shortcutsEnabled, openHelp: hydrated ? () => setHelpOpen(true) : null }),
    [shortcutsEnabled, hydrated],
  )
  const main = (
    <main id="main" tabIndex={-1} className={`min-w-0 flex-1 ${MAIN_PADDING}`}>
      <FlashMessages toast={toast} />
      {children}
    </main>
  )
  return (
    <ShortcutsContext.Provider value={shortcuts}>
      <div className="flex min-h-screen flex-col">
        <SkipLink />
        <AppHeader
          user={user}
          insurer={insurer}
          version={version}
          lng={lng}
          returnTo={returnTo}
          csrf={csrf}
        />
        {banner ? <HolidayBanner banner={banner} /> : null}
        {user ? (
          <div className="flex flex-1 flex-col wide:flex-row">
            <SideNav
              roles={roles}
              pathname={pathname}
              navOpen={navOpen}
              returnTo={returnTo}
              csrf={csrf}
              counts={counts}
            />
            {main}
          </div>
        ) : (
          main
        )}
      </div>
      {/* Dialogs need JavaScript (showModal); without it they are not in the page at all. With it, they
          are fetched and mounted on first open (only a key or a click opens them, never hydration). */}
      {user ? (
        <ShortcutsHelpDialog
          open={helpOpen}
          onClose={() => setHelpOpen(false)}
          roles={roles}
          enabled={shortcutsEnabled}
        />
      ) : null}
      {user && about ? (
        <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} about={about} />
      ) : null}
    </ShortcutsContext.Provider>
  )
}
