import { useTranslation } from '../lib/texts.tsx'
import { Form, useNavigation, useRouteLoaderData } from 'react-router'
import { DocumentTitle } from '~/components/DocumentTitle.tsx'
import { DataTable } from '~/components/table/DataTable.tsx'
import { requireAccess } from '~/lib/auth.server.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import { migrateUsers, type MigratedUser } from '~/lib/migrate.server.ts'
import type { RootData } from '~/root.tsx'
import type { Route } from './+types/user.migrate.$gsCode'
import { ErrorNotice } from '~/components/ErrorNotice.tsx'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  return {
    title: getInstance(context).t('screens.userMigrate.title'),
    gsCode: params.gsCode,
    // The register answers another insurer's code as unknown; say why before anyone presses the button.
    own: params.gsCode === session.data.user.gsCode,
  }
}

type Result =
  | { kind: 'ok'; message: string; migrated: MigratedUser[] }
  | { kind: 'error'; message: string; migrated: MigratedUser[] }

/** DESIGN §5: the page asks first, and only this POST migrates (no GET changes data). */
export async function action({ params, request, context }: Route.ActionArgs): Promise<Result> {
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const outcome = await migrateUsers(context, session, params.gsCode)
  switch (outcome.result) {
    case 'ok':
      return {
        kind: 'ok',
        message: t('admin.migrate.success', { gsCode: params.gsCode }),
        migrated: outcome.migrated,
      }
    case 'failed':
      return {
        kind: 'error',
        message: outcome.email
          ? t('admin.migrate.partial', { email: outcome.email })
          : t('admin.migrate.partialUnnamed'),
        migrated: outcome.migrated,
      }
    case 'not-own':
      return { kind: 'error', message: t('admin.migrate.notOwn'), migrated: [] }
    case 'unavailable':
      return { kind: 'error', message: t('admin.migrate.unavailable'), migrated: [] }
  }
}

// DocumentTitle draws the title: it depends on the post's answer.
export const meta: Route.MetaFunction = () => []

/** Spec §2 "User migrate page": confirmation, a loader while it runs, then the message and the links. */
export default function UserMigrate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const running = useNavigation().state === 'submitting'
  const { title, gsCode, own } = loaderData
  return (
    <>
      <DocumentTitle title={title} failed={actionData?.kind === 'error'} />
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      <div role="status" className="mb-4">
        {actionData?.kind === 'ok' ? (
          <p className="border-l-8 border-success-700 bg-success-50 px-4 py-3 font-semibold text-success-700">
            {actionData.message}
          </p>
        ) : running ? (
          <p className="font-semibold">{t('admin.migrate.running')}</p>
        ) : null}
      </div>
      {actionData?.kind === 'error' ? <ErrorNotice>{actionData.message}</ErrorNotice> : null}
      {actionData ? (
        <MigratedList users={actionData.migrated} showNone={actionData.kind === 'ok'} />
      ) : own ? (
        <>
          <p className="mb-4 max-w-2xl">{t('admin.migrate.intro', { gsCode })}</p>
          <Form method="post">
            <input type="hidden" name="csrf" value={csrf} />
            <button type="submit" disabled={running} className="btn btn-primary disabled:opacity-60">
              {t('admin.migrate.confirm')}
            </button>
          </Form>
        </>
      ) : (
        <p className="max-w-2xl">{t('admin.migrate.notOwn')}</p>
      )}
    </>
  )
}

function MigratedList({ users, showNone }: { users: MigratedUser[]; showNone: boolean }) {
  const { t } = useTranslation()
  if (users.length === 0) return showNone ? <p>{t('admin.migrate.none')}</p> : null
  return (
    <section>
      <p className="mb-2 max-w-2xl">{t('admin.migrate.linksHint')}</p>
      <DataTable
        caption={t('admin.migrate.linksHeading')}
        columns={[
          { key: 'email', label: t('admin.migrate.email') },
          { key: 'link', label: t('admin.migrate.link'), className: 'break-all' },
        ]}
        rows={users.map((u) => ({
          key: u.userId,
          cells: { email: u.email, link: <code>{u.setupUrl}</code> },
        }))}
      />
    </section>
  )
}
