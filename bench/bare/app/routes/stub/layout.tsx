/** Stands in for each of the portal's layouts in the portal-route-table build (app/routes.ts). */
import { Outlet } from 'react-router'

export default function StubLayout() {
  return <Outlet />
}
