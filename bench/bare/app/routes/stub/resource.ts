/** Stands in for each of the portal's resource routes in the portal-route-table build (app/routes.ts). */
export function loader() {
  return new Response('stub')
}
