import { canAccess } from './access.ts'
import type { NavEntryLabelKey } from './navigation.ts'

/**
 * Keyboard shortcuts for clerks (ACCESSIBILITY 27, ADR 401): `?` help, `/` search field, and two-key
 * "go to" sequences `g` + letter. Matched on `event.key`, so they follow the character a layout
 * produces (Swiss, French, German) rather than a physical key position. Pure: no DOM access here.
 */

export const GO_PREFIX = 'g'
/** How long the second key of a "go to" sequence may take. */
export const SEQUENCE_TIMEOUT_MS = 1500

export interface GoToShortcut {
  key: string
  path: string
  /** Translation key of the target's name (the side navigation's). */
  labelKey: NavEntryLabelKey
}

export const GO_TO_SHORTCUTS: readonly GoToShortcut[] = [
  { key: 's', path: '/svn/search', labelKey: 'nav.entries.search' },
  { key: 'c', path: '/svn/create', labelKey: 'nav.entries.create' },
  { key: 'u', path: '/svn/untreated', labelKey: 'nav.entries.untreated' },
  { key: 'i', path: '/svn/iv-av-retrieve', labelKey: 'nav.entries.ivAvRetrieve' },
  { key: 'r', path: '/ae/rejected', labelKey: 'nav.entries.rejected' },
  { key: 'a', path: '/user/administration', labelKey: 'nav.entries.userAdministration' },
]

/** The "go to" shortcuts whose target this user may open. */
export function goToShortcutsFor(roles: readonly string[]): GoToShortcut[] {
  return GO_TO_SHORTCUTS.filter((s) => canAccess(s.path, roles))
}

export type ShortcutAction = { kind: 'help' } | { kind: 'search' } | { kind: 'go'; path: string }

/** The parts of a KeyboardEvent's target the matcher looks at. */
export interface ShortcutTarget {
  tagName?: string
  isContentEditable?: boolean
}

export interface ShortcutKeyEvent {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  isComposing?: boolean
  repeat?: boolean
  target?: ShortcutTarget | null
}

const FIELD_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT'])

/** True when the key goes to something the user types into: shortcuts stay out of the way. */
export function isTypingTarget(target: ShortcutTarget | null | undefined): boolean {
  if (!target) return false
  if (target.isContentEditable) return true
  return FIELD_TAGS.has((target.tagName ?? '').toUpperCase())
}

export interface ShortcutMatcherOptions {
  /** The user's setting (user menu); read on every key so a change applies at once. */
  enabled: () => boolean
  /** Targets of the "go to" shortcuts this user may open. */
  goTo: () => readonly GoToShortcut[]
  now?: () => number
  timeoutMs?: number
}

/**
 * A stateful matcher: feed it every keydown; it answers the action to run, or null. Keys with Ctrl,
 * Meta or Alt are left to the browser and the system; Shift is allowed (it makes `?` on most layouts).
 */
export function createShortcutMatcher(options: ShortcutMatcherOptions) {
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? SEQUENCE_TIMEOUT_MS
  let pendingSince: number | null = null

  return function match(event: ShortcutKeyEvent): ShortcutAction | null {
    const pending = pendingSince !== null && now() - pendingSince <= timeoutMs
    pendingSince = null
    if (!options.enabled()) return null
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.repeat) return null
    if (isTypingTarget(event.target)) return null
    const key = event.key
    if (pending) {
      const target = options.goTo().find((s) => s.key === key.toLowerCase())
      if (target) return { kind: 'go', path: target.path }
      // Anything else ends the sequence and is matched on its own below.
    }
    if (key === '?') return { kind: 'help' }
    if (key === '/') return { kind: 'search' }
    if (key === GO_PREFIX) pendingSince = now()
    return null
  }
}

/** Hidden action (spec §2, §9): this many clicks with Ctrl and Shift held. */
export const HIDDEN_ACTION_CLICKS = 10
/** The clicks count as one series while each follows the previous within this time. */
export const HIDDEN_ACTION_GAP_MS = 5000

export interface ClickLike {
  ctrlKey: boolean
  shiftKey: boolean
}

/** Counts Ctrl+Shift clicks; answers true on the tenth of a series, then starts again. */
export function createHiddenActionCounter(
  now: () => number = Date.now,
  clicks = HIDDEN_ACTION_CLICKS,
  gapMs = HIDDEN_ACTION_GAP_MS,
) {
  let count = 0
  let last = 0
  return function click(event: ClickLike): boolean {
    if (!event.ctrlKey || !event.shiftKey) {
      count = 0
      return false
    }
    const t = now()
    count = count > 0 && t - last <= gapMs ? count + 1 : 1
    last = t
    if (count < clicks) return false
    count = 0
    return true
  }
}
