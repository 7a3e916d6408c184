import { Outlet } from 'react-router'
import { guardMiddleware } from '~/lib/auth.server.ts'
import type { Route } from './+types/_guarded'

/** Checks login and the route table's authorities before any loader or action below runs. */
export const middleware: Route.MiddlewareFunction[] = [guardMiddleware]

export default function Guarded() {
  return <Outlet />
}
