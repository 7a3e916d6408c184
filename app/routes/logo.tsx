import { useTranslation } from '../lib/texts.tsx'
import { data, useRouteLoaderData } from 'react-router'
import { DocumentTitle } from '~/components/DocumentTitle.tsx'
import { ErrorSummary } from '~/components/form/ErrorSummary.tsx'
import { useScriptRefusal } from '~/components/form/useScriptRefusal.ts'
import { LogoUploadForm } from '~/components/LogoUploadForm.tsx'
import { requireAccess } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import { handleLogoPost } from '~/lib/logo.server.ts'
import { redirectWithMessage } from '~/lib/toast.server.ts'
import type { RootData } from '~/root.tsx'
import type { Route } from './+types/logo'
import { LOGO_BOX } from '../../domain/logo.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAccess(context, request)
  const { t } = getInstance(context)
  // A body over the upload limit is refused before the action (app/lib/body-limit.server.ts): the plain
  // POST comes back here with the reason in the URL.
  const tooLarge = new URL(request.url).searchParams.get('problem') === 'tooLarge'
  return { title: t('screens.logo.title'), error: tooLarge ? t('admin.logo.errors.sizeExceeded') : null }
}

/** The plain form POST (no JS); the enhanced form posts to logo/upload instead (ADR 141). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const outcome = await handleLogoPost(context, session, request)
  if (outcome.ok)
    return redirectWithMessage(config, '/logo', { type: 'success', message: 'admin.logo.uploaded' })
  return data({ error: getInstance(context).t(outcome.message) }, { status: 400 })
}

// DocumentTitle draws the title: it depends on the post's answer.
export const meta: Route.MetaFunction = () => []

export default function Logo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const root = useRouteLoaderData<RootData>('root')
  // Until the script speaks (a refusal, or a new file or a success clearing it), the plain POST's answer.
  const refusal = useScriptRefusal(actionData && 'error' in actionData ? actionData.error : loaderData.error)
  const error = refusal.message
  return (
    <>
      <DocumentTitle title={loaderData.title} failed={Boolean(error)} />
      <ErrorSummary
        attempt={refusal.attempt}
        errors={error ? [{ name: 'logo-file', label: t('admin.logo.file'), message: error }] : []}
      />
      <h1 className="mb-2 text-2xl font-semibold">{loaderData.title}</h1>
      <p className="mb-4 max-w-2xl">{t('admin.logo.info', LOGO_BOX)}</p>
      <section aria-labelledby="current-logo" className="mb-6">
        <h2 id="current-logo" className="text-lg font-semibold">
          {t('admin.logo.current')}
        </h2>
        {root?.insurer?.logoUrl ? (
          <img
            src={root.insurer.logoUrl}
            alt={root.insurer.name}
            className="mt-2 max-h-40 w-auto border border-divider p-2"
          />
        ) : (
          <p>{t('admin.logo.noLogo')}</p>
        )}
      </section>
      <LogoUploadForm csrf={root?.csrf ?? ''} refusal={refusal} />
    </>
  )
}
