import { useId } from 'react'
import { useTranslation } from '../lib/texts.tsx'
import { data, redirect } from 'react-router'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { RouteErrorBoundary } from '../components/ErrorPage.tsx'
import { ErrorSummary } from '../components/form/ErrorSummary.tsx'
import { FormField } from '../components/form/FormField.tsx'
import { currentSession, rememberWanted } from '../lib/auth.server.ts'
import { appContext } from '../lib/context.ts'
import { getInstance } from '../lib/i18n.server.ts'
import { titleMeta } from '../lib/meta.ts'
import { registerJson } from '../lib/register.server.ts'
import {
  checkExternalForm,
  decodeToken,
  loadExternal,
  type ExternalField,
  type DebugMessage,
  type DecodedToken,
  type ExternalResult,
} from '../lib/token-info.server.ts'
import type { Route } from './+types/token-info'

/**
 * GET /token-info — the debug page (spec §2, DESIGN §5, ADR 402). Only with ENABLE_DEBUG_PAGES=true,
 * else 404. Open to any logged-in user. The documented exception to "tokens never reach the
 * browser": the decoded header and payload are shown, never the token strings or signatures.
 * The external-token form is a GET (a read; bookmarkable): ?providerId=…&userInfoUrl=…
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext)
  if (!config.debugPages) throw data('Not Found', { status: 404 })
  const url = new URL(request.url)
  const session = currentSession(context)
  if (!session) {
    const setCookie = await rememberWanted(config, url.pathname + url.search)
    throw redirect('/login', setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
  }
  const { t } = getInstance(context)
  const { accessToken, idToken, roles } = session.data

  let userInfo: unknown = null
  let userInfoError: DebugMessage | null = null
  try {
    userInfo = await registerJson<unknown>(config, accessToken, '/users/self')
  } catch (error) {
    userInfoError = {
      key: 'debug.errors.selfFailed',
      values: { reason: error instanceof Error ? error.message : String(error) },
    }
  }

  const providerId = (url.searchParams.get('providerId') ?? '').trim()
  const userInfoUrl = (url.searchParams.get('userInfoUrl') ?? '').trim()
  const submitted = url.searchParams.has('providerId')
  let external: ExternalResult | null = null
  let externalError: DebugMessage | null = null
  // Checked before anything is loaded, each beside its field (not the browser's own bubbles).
  const errors: Partial<Record<ExternalField, string>> = {}
  const checked = submitted ? checkExternalForm(config, providerId, userInfoUrl) : null
  if (checked && 'errors' in checked) {
    for (const [field, message] of Object.entries(checked.errors))
      errors[field as ExternalField] = t(message.key, message.values)
  }
  const failed = checked !== null && 'errors' in checked
  if (checked && 'request' in checked) {
    const result = await loadExternal(config, accessToken, checked.request)
    if ('error' in result) externalError = result.error
    else external = result
  }
  const issuer = config.oidc.issuer.replace(/\/+$/, '')
  const embeddedIdp = issuer === `${config.origin}/oidc`
  return {
    title: `${failed ? t('common.errorPrefix') : ''}${t('debug.title')}`,
    roles,
    accessToken: decodeToken(accessToken),
    idToken: decodeToken(idToken),
    userInfo,
    userInfoError,
    form: { providerId, userInfoUrl },
    errors,
    submitted: submitted && !failed,
    external,
    externalError,
    demo: embeddedIdp ? { providerId: 'demo-idp', userInfoUrl: `${issuer}/broker/demo-idp/userinfo` } : null,
  }
}

// The error page (debug pages off: 404) draws its own title: no second one here.
export const meta: Route.MetaFunction = ({ data, error }) => (error ? [] : titleMeta(data?.title))

/** Pretty JSON in a labelled scroll region that keyboard users can focus and scroll. */
function JsonRegion({ label, value }: { label: string; value: unknown }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <h4 id={id} className="font-semibold">
        {label}
      </h4>
      <div
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="max-h-96 overflow-auto rounded border border-line bg-surface p-3"
      >
        <pre className="font-mono text-sm whitespace-pre">{JSON.stringify(value, null, 2)}</pre>
      </div>
    </div>
  )
}

function TokenSection({
  title,
  token,
  missing,
}: {
  title: string
  token: DecodedToken | null
  missing: string
}) {
  const { t } = useTranslation()
  const part = (key: 'debug.header' | 'debug.payload') => `${title}${t('common.labelSuffix')} ${t(key)}`
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-lg font-semibold">{title}</h3>
      {token ? (
        <>
          <JsonRegion label={part('debug.header')} value={token.header} />
          <JsonRegion label={part('debug.payload')} value={token.payload} />
        </>
      ) : (
        <p>{missing}</p>
      )}
    </section>
  )
}

/** A call of the page that failed (the register's self, the broker, the user info): the one notice. */
function Message({ message }: { message: DebugMessage }) {
  const { t } = useTranslation()
  return <ErrorNotice className="my-2">{t(message.key, message.values)}</ErrorNotice>
}

/** The external-token form's controls, in form order. */
const FIELD_IDS: Record<ExternalField, string> = {
  providerId: 'token-info-provider',
  userInfoUrl: 'token-info-userinfo',
}

export default function TokenInfo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const {
    roles,
    accessToken,
    idToken,
    userInfo,
    userInfoError,
    form,
    errors,
    submitted,
    external,
    externalError,
    demo,
  } = loaderData
  const summary = (Object.keys(FIELD_IDS) as ExternalField[]).flatMap((name) => {
    const message = errors[name]
    return message ? [{ name, label: t(`debug.${name}`), message, target: FIELD_IDS[name] }] : []
  })
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <ErrorSummary errors={summary} />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{t('debug.heading')}</h1>
        <p>{t('debug.intro')}</p>
      </div>

      <section aria-labelledby="token-info-roles" className="flex flex-col gap-2">
        <h2 id="token-info-roles" className="text-xl font-semibold">
          {t('debug.roles')}
        </h2>
        {roles.length > 0 ? (
          <ul className="flex flex-wrap gap-2" data-testid="session-roles">
            {roles.map((role) => (
              <li key={role} className="rounded border border-line px-2 py-0.5 font-mono text-sm">
                {role}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('debug.noRoles')}</p>
        )}
      </section>

      <section aria-labelledby="token-info-session" className="flex flex-col gap-4">
        <h2 id="token-info-session" className="text-xl font-semibold">
          {t('debug.sessionTokens')}
        </h2>
        <TokenSection title={t('debug.accessToken')} token={accessToken} missing={t('debug.notJwt')} />
        <TokenSection title={t('debug.idToken')} token={idToken} missing={t('debug.noIdToken')} />
        <section className="flex flex-col gap-2">
          <h3 className="text-lg font-semibold">{t('debug.userInfo')}</h3>
          {userInfoError ? <Message message={userInfoError} /> : null}
          {userInfo ? <JsonRegion label={t('debug.userInfoSelf')} value={userInfo} /> : null}
        </section>
      </section>

      <section aria-labelledby="token-info-external" className="flex flex-col gap-4">
        <h2 id="token-info-external" className="text-xl font-semibold">
          {t('debug.externalHeading')}
        </h2>
        <p>{t('debug.externalIntro')}</p>
        {demo ? (
          <p className="text-sm text-muted">
            {t('debug.demoHint')} <code className="font-mono">{demo.providerId}</code> ·{' '}
            <code className="font-mono break-all">{demo.userInfoUrl}</code>
          </p>
        ) : null}
        <form method="get" action="/token-info" noValidate className="flex max-w-2xl flex-col gap-3">
          <FormField
            id={FIELD_IDS.providerId}
            name="providerId"
            label={t('debug.providerId')}
            defaultValue={form.providerId}
            error={errors.providerId}
            spellCheck={false}
          />
          <FormField
            id={FIELD_IDS.userInfoUrl}
            name="userInfoUrl"
            label={t('debug.userInfoUrl')}
            hint={t('debug.userInfoUrlHint')}
            defaultValue={form.userInfoUrl}
            error={errors.userInfoUrl}
            inputMode="url"
            spellCheck={false}
          />
          <p>
            <button type="submit" className="btn btn-primary">
              {t('debug.load')}
            </button>
          </p>
        </form>
      </section>

      {submitted ? (
        <section
          aria-labelledby="token-info-result"
          className="flex flex-col gap-4"
          data-testid="external-result"
        >
          <h2 id="token-info-result" className="text-xl font-semibold">
            {t('debug.result')}
          </h2>
          {externalError ? <Message message={externalError} /> : null}
          {external ? (
            <>
              <TokenSection
                title={t('debug.externalAccessToken')}
                token={external.accessToken}
                missing={t('debug.notJwt')}
              />
              <TokenSection
                title={t('debug.externalIdToken')}
                token={external.idToken}
                missing={t('debug.noIdToken')}
              />
              <section className="flex flex-col gap-2">
                <h3 className="text-lg font-semibold">{t('debug.externalUserInfo')}</h3>
                {external.userInfoError ? <Message message={external.userInfoError} /> : null}
                {external.userInfo ? (
                  <JsonRegion
                    label={t('debug.userInfoFrom', { url: external.userInfo.url })}
                    value={external.userInfo.body}
                  />
                ) : null}
                {!external.userInfo && !external.userInfoError ? <p>{t('debug.noUserInfoUrl')}</p> : null}
              </section>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

/** Disabled debug pages answer 404 and show the shared "not found" page. */
export function ErrorBoundary() {
  return <RouteErrorBoundary />
}
