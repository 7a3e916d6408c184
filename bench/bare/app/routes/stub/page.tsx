/** Stands in for each of the portal's pages in the portal-route-table build (app/routes.ts). */
export default function StubPage() {
  return <p>stub</p>
}
