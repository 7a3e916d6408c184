import { useTranslation } from '../lib/texts.tsx'
import { data, redirect, useRouteLoaderData } from 'react-router'
import { LogoutForm } from '~/components/LogoutForm.tsx'
import { LogoutView } from '~/components/LogoutView.tsx'
import { consumeLogoutMarker, currentSession, logout } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { titleMeta } from '~/lib/meta.ts'
import { pageTitle } from '~/lib/page.server.ts'
import type { RootData } from '~/root.tsx'
import type { Route } from './+types/logout'

/**
 * GET never logs out (no GET changes state): after a logout it shows the success page;
 * a logged-in visitor gets the logout button; anyone else goes to login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext)
  const { loggedOut, setCookie } = await consumeLogoutMarker(config, request)
  const session = currentSession(context)
  if (!loggedOut && !session) throw redirect('/login')
  return data(
    { loggedOut: loggedOut && !session, title: pageTitle(context, 'logout.title') },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  return logout(context, request)
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function Logout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const root = useRouteLoaderData<RootData>('root')
  if (loaderData.loggedOut) return <LogoutView />
  return (
    <div className="mx-auto max-w-2xl p-4">
      <h1 className="text-2xl font-semibold">{t('logout.title')}</h1>
      <div className="mt-4">
        <LogoutForm csrf={root?.csrf ?? ''} />
      </div>
    </div>
  )
}
