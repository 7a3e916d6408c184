import { redirect } from 'react-router'
import { safeRedirectTarget } from '../../domain/safe-redirect.ts'
import { isLanguage } from '../../domain/languages.ts'
import { appContext } from '~/lib/context.ts'
import { languageSetCookie } from '~/lib/i18n.server.ts'
import type { Route } from './+types/language'

/** Stores the chosen language in the `lng` cookie and returns to the page the user was on. */
async function choose(
  request: Request,
  context: Route.LoaderArgs['context'],
  params: URLSearchParams | FormData,
) {
  const { config } = context.get(appContext)
  const lng = params.get('lng')
  const back = safeRedirectTarget(params.get('returnTo')) ?? '/'
  if (!isLanguage(lng)) return redirect(back)
  return redirect(back, { headers: { 'Set-Cookie': languageSetCookie(lng, config.secure) } })
}

/** A plain link works too (`/language?lng=fr&returnTo=/svn/search`): a preference, not data. */
export function loader({ request, context }: Route.LoaderArgs) {
  return choose(request, context, new URL(request.url).searchParams)
}

export async function action({ request, context }: Route.ActionArgs) {
  return choose(request, context, await request.formData())
}
