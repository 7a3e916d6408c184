import { useCallback, useState } from 'react'

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

type Spoken = { message: string | null; attempt: number } | null

/** The script's last word after `message` (a refusal) or null (cleared); a refusal is one attempt more. */
export function spoken(last: Spoken, message: string | null): Spoken {
  return { message, attempt: (last?.attempt ?? 0) + (message === null ? 0 : 1) }
}

/**
 * A refusal a page finds without a navigation (ADR 821, 822): its script checks a file or sends it
 * by XMLHttpRequest, so no loader or action answers and the error summary would see no try end. The
 * page shows `message` in its summary, beside the field and in its title (DocumentTitle), as after
 * the plain POST whose refusal is `served`.
 */
export function useScriptRefusal(served: string | null): ScriptRefusal {
  const [spoken, setSpoken] = useState<{ message: string | null; attempt: number } | null>(null)
  const refuse = useCallback(
    (message: string) => setSpoken((last) => ({ message, attempt: (last?.attempt ?? 0) + 1 })),
    [],
  )
  const clear = useCallback(() => setSpoken((last) => ({ message: null, attempt: last?.attempt ?? 0 })), [])
  return { message: spoken ? spoken.message : served, attempt: spoken?.attempt ?? 0, refuse, clear }
}
