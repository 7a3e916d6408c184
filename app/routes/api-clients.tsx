import { useState } from 'react'
import { useNoteTexts, useTranslation } from '~/lib/texts.tsx'
import { data, Form, redirect, useRouteLoaderData } from 'react-router'
import { ConfirmAction } from '~/components/ConfirmAction.tsx'
import { ConfirmStep } from '~/components/ConfirmStep.tsx'
import { DocumentTitle } from '~/components/DocumentTitle.tsx'
import { ErrorSummary } from '~/components/form/ErrorSummary.tsx'
import { FormField } from '~/components/form/FormField.tsx'
import { DataTable } from '~/components/table/DataTable.tsx'
import { RoleCheckboxes } from '~/components/users/RoleCheckboxes.tsx'
import { useHydrated } from '~/components/useHydrated.ts'
import {
  createApiClient,
  listApiClients,
  postedRoles,
  revokeApiClient,
  rotateApiClientSecret,
} from '~/lib/api-clients.server.ts'
import { requireAccess } from '~/lib/auth.server.ts'
import { appContext } from '~/lib/context.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import type { TranslationKey } from '~/lib/i18n-keys.ts'
import { redirectWithMessage } from '~/lib/toast.server.ts'
import { dialogContextOf } from '~/lib/users.server.ts'
import type { RootData } from '~/root.tsx'
import {
  API_CLIENT_NAME_MAX,
  grantableClientRoles,
  type ApiClientWithSecret,
} from '../../domain/api-clients/rules.ts'
import { formatZurichDateTime } from '../../domain/svn/dates.ts'
import type { Route } from './+types/api-clients'

const SELF = '/api-clients'

/** The register's field-error keys (domain/api-clients/rules.ts) and the texts that say them. */
const FIELD_ERRORS: Record<string, TranslationKey> = {
  'validation.required': 'validation.required',
  'validation.maxLength': 'validation.maxLength',
  'roles.notGrantable': 'admin.users.errors.rolesNotGrantable',
  'apiClients.rolesRequired': 'apiClients.rolesRequired',
  'apiClients.nameTaken': 'apiClients.nameTaken',
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const [clients, offering] = await Promise.all([
    listApiClients(context, session),
    dialogContextOf(context, session, null),
  ])
  // null: the IdP is not ours, clients are its service accounts (ADR 181).
  return { title: t('apiClients.title'), clients, grantable: clients ? grantableClientRoles(offering) : [] }
}

function idOf(request: Request): number {
  const id = new URL(request.url).searchParams.get('id') ?? ''
  if (!/^\d{1,9}$/.test(id)) throw data('Bad client id', { status: 400 })
  return Number(id)
}

type ActionData =
  | { kind: 'created' | 'rotated'; result: ApiClientWithSecret }
  | { kind: 'confirm'; intent: 'rotate' | 'revoke'; id: number; name: string }
  | { kind: 'invalid'; errors: Record<string, string>; name: string; roles: string[] }

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const { t } = getInstance(context)
  const form = await request.formData()
  const intent = form.get('intent')

  if (intent === 'create') {
    const name = String(form.get('name') ?? '')
    const roles = postedRoles(form)
    const outcome = await createApiClient(context, session, { name, roles })
    if (outcome.result === 'ok') return { kind: 'created', result: outcome.value } satisfies ActionData
    if (outcome.result !== 'invalid') throw redirect('/404')
    const errors: Record<string, string> = {}
    for (const [field, keys] of Object.entries(outcome.fieldErrors))
      errors[field] = t(FIELD_ERRORS[keys[0] ?? ''] ?? 'validation.invalid', { max: API_CLIENT_NAME_MAX })
    return data({ kind: 'invalid', errors, name, roles } satisfies ActionData, { status: 400 })
  }

  if (intent !== 'rotate' && intent !== 'revoke') throw data('Unknown intent', { status: 400 })
  const id = idOf(request)
  if (form.get('confirmed') !== 'yes') {
    const client = (await listApiClients(context, session))?.find((c) => c.id === id)
    if (!client) throw redirect('/404')
    return { kind: 'confirm', intent, id, name: client.name } satisfies ActionData
  }
  const outcome =
    intent === 'rotate'
      ? await rotateApiClientSecret(context, session, id)
      : await revokeApiClient(context, session, id)
  if (outcome.result === 'not-found') throw redirect('/404')
  if (outcome.result !== 'ok')
    return redirectWithMessage(config, SELF, { type: 'error', message: 'apiClients.messages.conflict' })
  if (intent === 'rotate') return { kind: 'rotated', result: outcome.value } satisfies ActionData
  return redirectWithMessage(config, SELF, {
    type: 'success',
    message: 'apiClients.messages.revoked',
    values: { name: outcome.value.client.name },
  })
}

// DocumentTitle draws the title: it depends on the post's answer.
export const meta: Route.MetaFunction = () => []

/** The register's API reference (OpenAPI, served by the register without login). */
function ApiReferenceLink() {
  const { t } = useTranslation()
  return <a href="/svnwebaccess/docs">{t('apiClients.reference')}</a>
}

const COPY_KEYS = ['apiClients.result.copy', 'apiClients.result.copied'] as const

/** The secret, shown once after create or rotate; with JS a button copies it. */

function SecretResult({ kind, result }: { kind: 'created' | 'rotated'; result: ApiClientWithSecret }) {
  const { t } = useTranslation()
  // The copy button and its answer come with the script (ADR 530).
  useNoteTexts(COPY_KEYS)
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const title = t(kind === 'created' ? 'apiClients.result.createdTitle' : 'apiClients.result.rotatedTitle', {
    name: result.client.name,
  })
  return (
    <section aria-labelledby="api-client-result" className="max-w-3xl">
      <DocumentTitle title={title} />
      <h1 id="api-client-result" className="mb-4 text-2xl font-semibold">
        {title}
      </h1>
      <p className="mb-4 border-l-8 border-warning-700 bg-warning-50 px-4 py-3 font-semibold text-warning-700">
        {t('apiClients.result.once')}
      </p>
      <dl className="mb-6 grid gap-2">
        <dt className="font-semibold">{t('apiClients.fields.clientId')}</dt>
        <dd>
          <code id="api-client-id" className="break-all">
            {result.client.clientId}
          </code>
        </dd>
        <dt className="font-semibold">{t('apiClients.fields.secret')}</dt>
        <dd className="flex flex-wrap items-center gap-3">
          <code id="api-client-secret" className="break-all">
            {result.clientSecret}
          </code>
          {hydrated ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(result.clientSecret).then(() => setCopied(true))
              }}
            >
              {t('apiClients.result.copy')}
            </button>
          ) : null}
          <span role="status">{copied ? t('apiClients.result.copied') : ''}</span>
        </dd>
      </dl>
      <p className="mb-6">
        {t('apiClients.result.howTo')} <ApiReferenceLink />
      </p>
      <a href={SELF} className="btn btn-primary">
        {t('apiClients.result.back')}
      </a>
    </section>
  )
}

/** Issue 19 item 2: the insurer's API clients — list, create, rotate the secret, revoke. */
export default function ApiClients({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const { title, clients, grantable } = loaderData
  const answer = actionData as ActionData | undefined

  if (clients === null)
    return (
      <>
        <DocumentTitle title={title} />
        <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
        <p className="mb-4 max-w-3xl">{t('apiClients.managedAtIdp')}</p>
        <p className="max-w-3xl">
          <ApiReferenceLink />
        </p>
      </>
    )

  if (answer?.kind === 'created' || answer?.kind === 'rotated')
    return <SecretResult kind={answer.kind} result={answer.result} />
  if (answer?.kind === 'confirm') {
    const key = answer.intent === 'rotate' ? 'rotate' : 'revoke'
    return (
      <>
        <DocumentTitle title={t(`apiClients.confirm.${key}Title`, { name: answer.name })} />
        <ConfirmStep
          title={t(`apiClients.confirm.${key}Title`, { name: answer.name })}
          text={t(`apiClients.confirm.${key}Text`)}
          intent={answer.intent}
          confirmLabel={t(`apiClients.confirm.${key}Ok`)}
          cancelLabel={t('apiClients.confirm.keep')}
          cancelHref={SELF}
          action={`${SELF}?id=${answer.id}`}
          csrf={csrf}
        />
      </>
    )
  }

  const invalid = answer?.kind === 'invalid' ? answer : null
  const summary = invalid
    ? Object.entries(invalid.errors).map(([field, message]) => ({
        name: field,
        label: t(field === 'roles' ? 'apiClients.fields.roles' : 'apiClients.fields.name'),
        message,
      }))
    : []
  return (
    <>
      <DocumentTitle title={title} failed={Boolean(invalid)} />
      <ErrorSummary errors={summary} />
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      <p className="mb-4 max-w-3xl">{t('apiClients.intro')}</p>
      {clients.length === 0 ? (
        <p className="mb-6">{t('apiClients.none')}</p>
      ) : (
        <div className="mb-8">
          <DataTable
            caption={t('apiClients.caption')}
            columns={[
              { key: 'name', label: t('apiClients.fields.name') },
              { key: 'clientId', label: t('apiClients.fields.clientId') },
              { key: 'roles', label: t('apiClients.fields.roles') },
              { key: 'created', label: t('apiClients.fields.created') },
              { key: 'status', label: t('apiClients.fields.status') },
              { key: 'actions', label: t('apiClients.fields.actions') },
            ]}
            rows={clients.map((c) => ({
              key: c.id,
              cells: {
                name: c.name,
                clientId: <code>{c.clientId}</code>,
                roles: c.roles.map((r) => t(`admin.roles.${r}`)).join(', '),
                created: `${formatZurichDateTime(c.createdAt)}${c.createdBy ? ` (${c.createdBy})` : ''}`,
                status: c.revokedAt
                  ? t('apiClients.status.revoked', { at: formatZurichDateTime(c.revokedAt) })
                  : t('apiClients.status.active'),
                actions: c.revokedAt ? null : (
                  <div className="flex flex-wrap gap-2">
                    <ConfirmAction
                      intent="rotate"
                      label={
                        <>
                          {t('apiClients.actions.rotate')}
                          <span className="sr-only"> {c.name}</span>
                        </>
                      }
                      title={t('apiClients.confirm.rotateTitle', { name: c.name })}
                      text={t('apiClients.confirm.rotateText')}
                      confirmLabel={t('apiClients.confirm.rotateOk')}
                      cancelLabel={t('apiClients.confirm.keep')}
                      action={`${SELF}?id=${c.id}`}
                      csrf={csrf}
                    />
                    <ConfirmAction
                      intent="revoke"
                      label={
                        <>
                          {t('apiClients.actions.revoke')}
                          <span className="sr-only"> {c.name}</span>
                        </>
                      }
                      title={t('apiClients.confirm.revokeTitle', { name: c.name })}
                      text={t('apiClients.confirm.revokeText')}
                      confirmLabel={t('apiClients.confirm.revokeOk')}
                      cancelLabel={t('apiClients.confirm.keep')}
                      action={`${SELF}?id=${c.id}`}
                      csrf={csrf}
                    />
                  </div>
                ),
              },
            }))}
          />
        </div>
      )}
      <section aria-labelledby="api-client-new" className="max-w-3xl">
        <h2 id="api-client-new" className="mb-4 text-xl font-semibold">
          {t('apiClients.create.heading')}
        </h2>
        <Form method="post" action={SELF} noValidate>
          <input type="hidden" name="csrf" value={csrf} />
          <FormField
            name="name"
            label={t('apiClients.fields.name')}
            hint={t('apiClients.create.nameHint')}
            defaultValue={invalid?.name ?? ''}
            error={invalid?.errors.name}
          />
          <RoleCheckboxes
            name="roles"
            idPrefix="roles"
            legend={t('apiClients.fields.roles')}
            choices={grantable.map((role) => ({ role, checked: invalid?.roles.includes(role) ?? false }))}
            error={invalid?.errors.roles}
          />
          <button type="submit" name="intent" value="create" className="btn btn-primary mt-6">
            {t('apiClients.create.submit')}
          </button>
        </Form>
      </section>
    </>
  )
}
