import { data, isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type EntryContext } from 'react-router'
import { isUnavailable, RETRY_AFTER_SECONDS, unavailableReason } from '../../domain/unavailable.ts'
import { errorText } from '../../domain/log.ts'
import { RegisterError } from './register.server.ts'

/** What the 503 page says: a dependency in general, or the identity provider at login. */
export type UnavailableReason = 'service' | 'login'

/**
 * A database or register failure that a retry may cure (the register answers 503 for its database).
 * Also an error `noteError` already turned into the 503 response: requests waiting on one shared
 * promise (the IdP's discovery) get the same error object, and one request's handleError may have
 * turned it before another's catch looks at it.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return (
    isUnavailable(error) ||
    (error instanceof RegisterError && [502, 503, 504].includes(error.status)) ||
    (isRouteErrorResponse(error) && error.status === 503)
  )
}

/** Thrown by a loader: the error page with 503 (ADR 602). */
export function unavailable(reason: UnavailableReason) {
  return data({ unavailable: reason }, { status: 503 })
}

/**
 * entry.server's handleError, called with the original error before production mode sanitises it to
 * "Unexpected Server Error" for both the page and its hydration data. An error of a dependency that is
 * down (the session read while the database restarts, a register call refused) is turned, in place,
 * into the route error response a loader would throw with `unavailable()`: the error boundary then
 * shows the 503 page on the server and after hydration alike. Other errors are logged.
 */
export function noteError(error: unknown): void {
  if (!isServiceUnavailable(error)) {
    console.error(errorText(error))
    return
  }
  console.warn(
    'portal: dependency unavailable:',
    error instanceof RegisterError ? error.message : unavailableReason(error),
  )
  if (error && typeof error === 'object') {
    const response = new UNSAFE_ErrorResponseImpl(503, 'Service Unavailable', { unavailable: 'service' })
    Object.setPrototypeOf(error, Object.getPrototypeOf(response))
    for (const key of ['message', 'stack', 'cause', 'code']) delete (error as Record<string, unknown>)[key]
    Object.assign(error, response)
  }
}

/**
 * A document's status: 503 when a route threw the 503 error, else as React Router chose it. A 503
 * document (that error, or a screen shown without what the register could not give, such as a pickup
 * list) gets its Retry-After header.
 */
export function answerUnavailable(context: EntryContext, headers: Headers, status: number): number {
  const errors = Object.values(context.staticHandlerContext.errors ?? {})
  const answer = errors.some((error) => isRouteErrorResponse(error) && error.status === 503) ? 503 : status
  if (answer === 503) headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
  return answer
}
