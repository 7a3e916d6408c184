import { Outlet } from 'react-router'
import { RouteErrorBoundary } from '~/components/ErrorPage.tsx'
import { guardMiddleware } from '~/lib/auth.server.ts'
import type { Route } from './+types/_guarded'

/** Checks login and the route table's authorities before any loader or action below runs. */
export const middleware: Route.MiddlewareFunction[] = [guardMiddleware]

export default function Guarded() {
  return <Outlet />
}

/**
 * A screen's error, shown inside the shell. Here and not only at the root: React Router runs no loader
 * of an action's error boundary or below it, so a form POST that failed (without JavaScript) would
 * otherwise show the root's page without its data, as if logged out (ADR 303).
 */
export function ErrorBoundary() {
  return <RouteErrorBoundary />
}
