import { redirect } from 'react-router'

/** Any unknown path redirects to /404 (spec §2). */
export function loader() {
  return redirect('/404')
}

export function action() {
  return redirect('/404')
}
