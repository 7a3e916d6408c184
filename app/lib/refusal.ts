/**
 * A request refused by the anti-forgery check (app/lib/csrf.server.ts, ADR 303): a page load goes to
 * the refusal page, any other request gets 403 with this JSON, the page the form was on.
 */
export type Refusal = { back: string }

/** The refusal page (app/routes/refused.tsx) of a form that was on `back`. */
export function refusalPage(back: string): string {
  return `/refused?${new URLSearchParams({ back })}`
}

/** The way back of a refusal's 403 (the router's error data or a script's parsed answer), else null. */
export function refusedBack(status: number, answer: unknown): string | null {
  const back = status === 403 ? (answer as Partial<Refusal> | null)?.back : undefined
  return typeof back === 'string' ? back : null
}

/** A script's upload answered with a refusal: goes to the refusal page (a whole page load) and says so. */
export function followRefusal(status: number, answer: unknown): boolean {
  const back = refusedBack(status, answer)
  if (back) window.location.assign(refusalPage(back))
  return back !== null
}
