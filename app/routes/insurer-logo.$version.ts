import { currentSession } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { RegisterError, registerFetch } from '~/lib/register.server.ts'
import type { Route } from './+types/insurer-logo.$version'

/** The logged-in user's insurer logo, streamed from the register; the version in the URL makes it cacheable. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = currentSession(context)
  if (!session) return new Response('Not found', { status: 404 })
  const { config } = context.get(appContext)
  try {
    const upstream = await registerFetch(config, session.data.accessToken, '/versicherung/logo', {
      headers: { Accept: 'image/*' },
    })
    return new Response(upstream.body, {
      headers: {
        'Content-Type': upstream.headers.get('Content-Type') ?? 'application/octet-stream',
        'Cache-Control': 'private, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    if (error instanceof RegisterError) return new Response('Not found', { status: 404 })
    throw error
  }
}
