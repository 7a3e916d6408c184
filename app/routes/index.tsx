import { redirect } from 'react-router'

/** The empty path goes to landing (spec route table). */
export function loader({ request }: { request: Request }) {
  const { search } = new URL(request.url)
  return redirect(`/landing${search}`)
}
