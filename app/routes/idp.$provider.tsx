import { redirect } from 'react-router'
import type { Route } from './+types/idp.$provider'

/** /idp/{provider}: to landing; the provider text travels on to login as `kc_idp_hint`. */
export function loader({ params }: Route.LoaderArgs) {
  const hint = params.provider.slice(0, 100)
  return redirect(`/landing?idpHint=${encodeURIComponent(hint)}`)
}
