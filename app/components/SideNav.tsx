import { useState, useSyncExternalStore, type FormEvent, type MouseEvent } from 'react'
import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import { Link } from 'react-router'
import { selectedEntry, visibleNavigation, type NavEntry } from '../../domain/navigation.ts'
import { ChevronDownIcon, CloseIcon, MenuIcon, NavIcon } from './icons.tsx'

export interface NavCounts {
  svn?: number
  ivav?: number
  ae?: number
}

interface SideNavProps {
  roles: readonly string[]
  pathname: string
  /** Stored preference; null = none, so wide screens start open and narrow ones closed. */
  navOpen: boolean | null
  returnTo: string
  csrf: string
  counts: NavCounts
}

/** Spec §9: the navigation breakpoint is 768 px (matches the `wide` breakpoint in app.css). */
const NARROW = '(max-width: 768px)'
const LIST_ID = 'side-nav-list'

function isNarrow(): boolean {
  return window.matchMedia(NARROW).matches
}

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const TOGGLE_KEYS = ['nav.open', 'nav.close'] as const

/**
 * Side navigation (spec §2, ACCESSIBILITY 15). Without JavaScript the toggle posts to /nav, which
 * stores the choice and redirects back; with no stored choice CSS decides by screen width. With
 * JavaScript the toggle acts at once and the choice is stored in the background.
 */

export function SideNav({ roles, pathname, navOpen, returnTo, csrf, counts }: SideNavProps) {
  const { t } = useTranslation()
  // With a stored choice the server draws one toggle; the script shows the other (ADR 530).
  useNoteTexts(TOGGLE_KEYS)
  // What the user chose on this page (toggle, or a link followed on a narrow screen); wins over
  // the stored preference, which the background store then catches up with.
  const [choice, setChoice] = useState<boolean | null>(null)
  // null on the server and during hydration (width unknown), then the live media query.
  const narrow = useSyncExternalStore<boolean | null>(subscribeNarrow, isNarrow, () => null)
  const open = choice ?? navOpen ?? (narrow === null ? null : !narrow)

  function onToggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    setChoice(submitter?.getAttribute('value') === 'true')
    // The form's own fields and action, sent by a plain fetch, not a fetcher: nothing on the page
    // needs loading again, and a refusal (e.g. after signing in again in another tab, ADR 303) must
    // not replace the page. The choice is only a preference, so a failed store is let go; `keepalive`
    // lets it finish when a page load follows at once.
    const body = new FormData(form, submitter)
    body.set('js', '1')
    fetch(form.action, { method: 'POST', body, keepalive: true }).catch(() => undefined)
  }

  function onLinkClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    if (!isNarrow()) return
    // Spec §2: on narrow screens choosing a link closes the menu (not stored as a preference). The link
    // vanishes with the list; the shell hands focus to the page it opens (useFocusAfterNavigation).
    setChoice(false)
  }

  const items = visibleNavigation(roles)
  const selected = selectedEntry(pathname)

  // One button per possible next state. With no stored preference both are rendered and CSS shows
  // the one matching the screen width, so aria-expanded is right even without JavaScript.
  const toggles: Array<{ next: boolean; className: string }> =
    open === null
      ? [
          { next: false, className: 'max-wide:hidden' },
          { next: true, className: 'wide:hidden' },
        ]
      : [{ next: !open, className: '' }]

  function renderEntry(entry: NavEntry) {
    const current = selected?.id === entry.id
    const count = entry.countKey ? counts[entry.countKey] : undefined
    return (
      <Link
        to={entry.path}
        aria-current={current ? 'page' : undefined}
        onClick={onLinkClick}
        // Selected: bold text, a bar on the left and a white tile — more than colour (1.4.1).
        className={[
          'flex min-h-10 items-center gap-2 rounded-r border-l-4 px-2 py-1 no-underline',
          current
            ? 'border-brand-700 bg-white font-bold text-brand-800'
            : 'border-transparent text-ink hover:bg-white hover:text-brand-800 hover:underline',
        ].join(' ')}
      >
        {entry.icon ? <NavIcon name={entry.icon} /> : null}
        <span className="min-w-0 flex-1 hyphens-auto">{t(entry.labelKey)}</span>
        {typeof count === 'number' ? (
          <span className="min-w-6 rounded-full bg-brand-700 px-2 text-center text-sm font-bold text-white">
            <span aria-hidden="true">{count}</span>
            {/* Part of the link's accessible name: "Nicht eingelöste SVN, nicht heruntergeladene Dateien: 3". */}
            <span className="sr-only">{`, ${t('nav.countLabel', { count })}`}</span>
          </span>
        ) : null}
      </Link>
    )
  }

  return (
    <nav
      aria-label={t('nav.label')}
      className={[
        'border-divider bg-surface max-wide:border-b wide:shrink-0 wide:border-r',
        open === false ? '' : 'wide:w-80',
      ].join(' ')}
    >
      <form method="post" action="/nav" onSubmit={onToggle} className="p-2">
        <input type="hidden" name="returnTo" value={returnTo} />
        <input type="hidden" name="csrf" value={csrf} />
        {toggles.map(({ next, className }) => (
          <button
            key={toggles.length === 1 ? 'toggle' : String(next)}
            type="submit"
            name="open"
            value={String(next)}
            aria-expanded={!next}
            aria-controls={LIST_ID}
            className={`btn btn-secondary ${className}`}
          >
            {next ? <MenuIcon /> : <CloseIcon />}
            <span>{next ? t('nav.open') : t('nav.close')}</span>
          </button>
        ))}
      </form>
      <ul
        id={LIST_ID}
        hidden={open === false}
        className={['space-y-1 px-2 pb-4', open === null ? 'max-wide:hidden' : ''].join(' ')}
      >
        {items.map((item) =>
          item.kind === 'section' ? (
            <li key={item.id}>
              {/* A disclosure per section: collapsible without JavaScript, open at start (spec §2). */}
              <details open className="group">
                <summary className="no-marker flex min-h-10 items-center gap-2 rounded px-2 py-1 font-semibold hover:bg-white">
                  <NavIcon name={item.icon} />
                  <span className="min-w-0 flex-1 hyphens-auto">{t(item.labelKey)}</span>
                  <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
                </summary>
                <ul className="mt-1 space-y-1 pl-6">
                  {item.entries.map((entry) => (
                    <li key={entry.id}>{renderEntry(entry)}</li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={item.id}>{renderEntry(item)}</li>
          ),
        )}
      </ul>
    </nav>
  )
}
