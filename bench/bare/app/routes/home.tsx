/** One route, a 15-row table from its loader: the bare page the portal's SSR figures are divided by. */
import { useLoaderData } from 'react-router'

interface Row {
  id: number
  name: string
  firstName: string
  place: string
  canton: string
  status: string
}

export function loader(): { rows: Row[] } {
  return {
    rows: Array.from({ length: 15 }, (_, i) => ({
      id: 100_000 + i,
      name: `Name ${i}`,
      firstName: `Vorname ${i}`,
      place: 'Bern',
      canton: 'BE',
      status: 'ACTIVE',
    })),
  }
}

export function meta() {
  return [{ title: 'Bare page' }]
}

export default function Home() {
  const { rows } = useLoaderData<typeof loader>()
  return (
    <main>
      <h1>Bare page</h1>
      <table>
        <thead>
          <tr>
            <th>SVN</th>
            <th>Name</th>
            <th>First name</th>
            <th>Place</th>
            <th>Canton</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.name}</td>
              <td>{row.firstName}</td>
              <td>{row.place}</td>
              <td>{row.canton}</td>
              <td>{row.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  )
}
