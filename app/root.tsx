import { useEffect, type ReactNode } from 'react'
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { AppShell, MAIN_PADDING } from './components/AppShell.tsx'
import { RouteErrorBoundary } from './components/ErrorPage.tsx'
import { authMiddleware, currentSession } from './lib/auth.server.ts'
import { bannerToday, holidayBanner } from './lib/banner.server.ts'
import { appContext } from './lib/context.ts'
import { csrfMiddleware, csrfToken } from './lib/csrf.server.ts'
import { currentLanguage, getInstance, i18nextMiddleware } from './lib/i18n.server.ts'
import { navCounts } from './lib/nav-counts.server.ts'
import { noStoreMiddleware } from './lib/no-store.server.ts'
import { useNonce } from './lib/nonce.tsx'
import { loadAllTexts, PageTexts, useTranslation } from './lib/texts.tsx'
import { sessionMiddleware } from './lib/session.server.ts'
import { readToast } from './lib/toast.server.ts'
import type { Route } from './+types/root'
import stylesheet from './styles/app.css?url'

export const middleware: Route.MiddlewareFunction[] = [
  noStoreMiddleware,
  i18nextMiddleware,
  csrfMiddleware,
  sessionMiddleware,
  authMiddleware,
]

// A page arrives with only the texts it rendered (ADR 530); the next screen may need any of them.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await loadAllTexts()
    return next()
  },
]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext)
  const session = currentSession(context)
  const { token, setCookie } = await csrfToken(request, config, session?.id ?? null)
  const { toast, headers } = await readToast(config, request)
  if (setCookie) headers.append('Set-Cookie', setCookie)
  const url = new URL(request.url)
  const user = session?.data.user
  // Holiday banner (spec §9): today in Zurich; debug pages may pretend another day (ADR 402).
  const today = bannerToday(config, request)
  if (today.setCookie) headers.append('Set-Cookie', today.setCookie)
  const banner = holidayBanner(today.today, (key) => getInstance(context).t(key))
  // The settings came with the session (ADR 525).
  const settings = session?.settings ?? null
  const counts = session ? await navCounts(context, session) : {}
  return data(
    {
      lng: currentLanguage(context),
      csrf: token,
      version: config.version,
      user: user ? { vorname: user.vorname, nachname: user.nachname } : null,
      roles: session?.data.roles ?? [],
      insurer: user
        ? {
            name: user.insurerName,
            logoUrl: user.logoVersion > 0 ? `/insurer-logo/${user.logoVersion}` : null,
          }
        : null,
      navOpen: session?.data.navOpen ?? null,
      counts,
      toast,
      pathname: url.pathname,
      returnTo: url.pathname + url.search,
      banner,
      shortcutsEnabled: settings?.shortcutsEnabled ?? true,
      // The hidden action's "about" dialog (ADR 401): what is in use, never a secret.
      about: user
        ? {
            version: config.version,
            commit: config.commit,
            // Where the register is, not its URL: the embedded one is reached over 127.0.0.1:PORT, an
            // external one often over an internal host name — neither belongs in a page (ADR 705).
            register: config.registerTransport ? 'embedded' : 'external',
            idp: config.oidc.issuer === `${config.origin}/oidc` ? 'embedded' : config.oidc.issuer,
          }
        : null,
    },
    { headers },
  )
}

export type RootData = Awaited<ReturnType<typeof loader>>['data']

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root')
  const { i18n } = useTranslation()
  const nonce = useNonce()
  return (
    <html lang={root?.lng ?? i18n.language ?? 'de'} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <PageTexts />
      </body>
    </html>
  )
}

function Shell({ root, children }: { root: RootData | undefined; children: ReactNode }) {
  // No root data (a middleware refused the request, or the root's loader failed): the shell's main area.
  if (!root)
    return (
      <main id="main" className={MAIN_PADDING}>
        {children}
      </main>
    )
  return (
    <AppShell
      user={root.user}
      roles={root.roles}
      insurer={root.insurer}
      version={root.version}
      lng={root.lng}
      pathname={root.pathname}
      returnTo={root.returnTo}
      csrf={root.csrf}
      navOpen={root.navOpen}
      counts={root.counts}
      toast={root.toast}
      banner={root.banner}
      shortcutsEnabled={root.shortcutsEnabled}
      about={root.about}
    >
      {children}
    </AppShell>
  )
}

/**
 * Marks html[data-hydrated] once the page's script runs, for tests that wait for it (ADR 814). The
 * page and the error page both set it: an error page that never did would hold such a wait to its timeout.
 */
function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
}

export default function App({ loaderData }: Route.ComponentProps) {
  useHydratedMarker()
  return (
    <Shell root={loaderData}>
      <Outlet />
    </Shell>
  )
}

/**
 * Errors before any loader ran (on the server React Router sends a middleware's error, of any route, to
 * the root's boundary), of the root's loader, and of the routes outside the guarded layout. A screen's
 * errors stop at the layout's boundary (routes/_guarded.tsx), inside the shell; so do, in the browser,
 * the router's submissions of a screen, whatever refused them.
 */
export function ErrorBoundary() {
  useHydratedMarker()
  return (
    <Shell root={useRouteLoaderData<RootData>('root')}>
      <RouteErrorBoundary />
    </Shell>
  )
}
