import type { ReactNode } from 'react'
import type { Language } from '../../domain/languages.ts'
import { AppHeader, type ShellInsurer } from './AppHeader.tsx'
import { FlashMessages, type FlashToast } from './FlashMessages.tsx'
import { SideNav, type NavCounts } from './SideNav.tsx'
import { SkipLink } from './SkipLink.tsx'
import type { ShellUser } from './UserMenu.tsx'

export type { FlashToast, NavCounts, ShellInsurer, ShellUser }

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
  children: ReactNode
}

/**
 * Page frame: skip link, header, side navigation (logged in only) and <main>. The landmarks are
 * header, nav and main (ACCESSIBILITY 14); messages sit at the top of <main> so that without
 * JavaScript they read in order and cover nothing.
 */
export function AppShell(props: AppShellProps) {
  const { user, roles, insurer, version, lng, pathname, returnTo, csrf, navOpen, counts, toast, children } =
    props
  const main = (
    <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-4 wide:px-8 wide:py-6">
      <FlashMessages toast={toast} />
      {children}
    </main>
  )
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <AppHeader user={user} insurer={insurer} version={version} lng={lng} returnTo={returnTo} csrf={csrf} />
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
  )
}
