import { useCallback, useState } from 'react'
import { useLocation } from 'react-router'

export interface ScriptRefusal {
  /** The message to show: the script's last word once it has spoken, else the server's. */
  message: string | null
  /** Counts the script's refusals: the error summary's `attempt`, so the same one again takes focus. */
  attempt: number
  /** The script refused what the user sent (a file too large, an upload the server refused). */
  refuse: (message: string) => void
  /** A new try (a new file, a new upload) or a success: the last refusal no longer holds. */
  clear: () => void
}

/** The script's last word and its refusals so far, on the page (location) where it spoke. */
export type Spoken = { message: string | null; attempt: number; on: string } | null

/**
 * The script's last word after `message` (a refusal, or null when cleared) on location `on`: a refusal
 * is one attempt more. A new location (a navigation, Back) starts again from the server's answer.
 */
export function spoken(last: Spoken, message: string | null, on: string): Spoken {
  const before = last?.on === on ? last.attempt : 0
  return { message, attempt: before + (message === null ? 0 : 1), on }
}

/** What the page shows: the script's word on this location, else the server's refusal. */
export function shown(
  last: Spoken,
  served: string | null,
  on: string,
): { message: string | null; attempt: number } {
  return last?.on === on ? { message: last.message, attempt: last.attempt } : { message: served, attempt: 0 }
}

/**
 * A refusal a page finds without a navigation (ADR 821, 823): its script checks a file or sends it
 * by XMLHttpRequest, so no loader or action answers and the error summary would see no try end. The
 * page shows `message` in its summary, beside the field (`FieldError`) and in its title
 * (`DocumentTitle`), as after the plain POST whose refusal is `served`.
 */
export function useScriptRefusal(served: string | null): ScriptRefusal {
  const { key } = useLocation()
  const [last, setLast] = useState<Spoken>(null)
  const refuse = useCallback((message: string) => setLast((before) => spoken(before, message, key)), [key])
  const clear = useCallback(() => setLast((before) => spoken(before, null, key)), [key])
  return { ...shown(last, served, key), refuse, clear }
}
