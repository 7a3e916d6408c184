import { useTranslation } from '../lib/texts.tsx'
import { data, redirect, useRouteLoaderData } from 'react-router'
import { DocumentTitle } from '~/components/DocumentTitle.tsx'
import { ConfirmStep } from '~/components/ConfirmStep.tsx'
import { SvnDetailActions } from '~/components/svn/SvnDetailActions.tsx'
import { SvnDetailView } from '~/components/svn/SvnDetailView.tsx'
import { SvnHistoryTable } from '~/components/svn/SvnHistoryTable.tsx'
import { SvnNotificationView } from '~/components/svn/SvnNotificationView.tsx'
import { enumLabel } from '~/components/svn/labels.ts'
import { requireAccess } from '~/lib/auth.server.ts'
import type { TranslationKey } from '~/lib/i18n-keys.ts'
import { countryLabels } from '~/lib/countries.server.ts'
import { appContext } from '~/lib/context.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import {
  backToSearch,
  isSvnActionIntent,
  loadSvn,
  loadSvnHistory,
  runSvnAction,
  type SvnActionIntent,
} from '~/lib/svn.server.ts'
import { redirectWithMessage } from '~/lib/toast.server.ts'
import type { RootData } from '~/root.tsx'
import { detailActions, type DetailActions } from '../../domain/svn/detail-actions.ts'
import { formatDate } from '../../domain/svn/display.ts'
import { isSvnStatus } from '../../domain/svn/statuses.ts'
import type { Route } from './+types/svn.$svnId'

/** svn/{svnId} takes digits only (spec route table); anything else is an unknown path. */
function svnIdOf(param: string): number {
  if (!/^\d{1,9}$/.test(param)) throw redirect('/404')
  const id = Number(param)
  if (id < 1) throw redirect('/404')
  return id
}

function actionsFor(status: string, roles: readonly string[]): DetailActions {
  if (isSvnStatus(status)) return detailActions(status, roles)
  return { template: false, cancelSvn: false, createAe: false, cancelAe: false, showIv: false, showAv: false }
}

/** This record's URL, carrying the search to return to. */
function selfHrefOf(id: number, back: string): string {
  return `/svn/${id}?back=${encodeURIComponent(back)}`
}

const ALLOWED: Record<SvnActionIntent, keyof DetailActions> = {
  'cancel-svn': 'cancelSvn',
  'create-ae': 'createAe',
  'cancel-ae': 'cancelAe',
}
const CONFIRMED_INTENTS: readonly SvnActionIntent[] = ['cancel-svn', 'cancel-ae']
const SUCCESS: Record<SvnActionIntent, TranslationKey> = {
  'cancel-svn': 'svn.messages.cancelled',
  'create-ae': 'svn.messages.aeCreated',
  'cancel-ae': 'svn.messages.aeCancelled',
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = svnIdOf(params.svnId)
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const url = new URL(request.url)
  const wanted = url.searchParams.get('view')
  const [svn, history] = await Promise.all([
    loadSvn(context, session, id),
    loadSvnHistory(context, session, id),
  ])
  const actions = actionsFor(svn.status, session.data.roles)
  const view: 'iv' | 'av' | null =
    wanted === 'iv' && actions.showIv && svn.ivMeldung
      ? 'iv'
      : wanted === 'av' && actions.showAv && svn.avMeldung
        ? 'av'
        : null
  const back = backToSearch(url.searchParams.get('back'))
  const status = enumLabel(t, 'status', svn.status)
  const heading = t('svn.detail.heading', { id: svn.id, status })
  const title = view
    ? `${t(view === 'iv' ? 'svn.detail.ivTitle' : 'svn.detail.avTitle')} – ${heading}`
    : heading
  const avDate =
    svn.status === 'AV' ? formatDate(svn.versicherungsdaten.avDatum ?? svn.avMeldung?.datum) : null
  const shown = view === 'iv' ? svn.ivMeldung : view === 'av' ? svn.avMeldung : svn
  const countries = await countryLabels(context, session, [
    shown?.halter.person.heimatstaat,
    shown?.halter.adresse.staat,
    view ? null : svn.kontakt.staat,
  ])
  const selfHref = selfHrefOf(svn.id, back)
  return { svn, history, actions, view, back, selfHref, heading, title, avDate, countries }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const id = svnIdOf(params.svnId)
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const form = await request.formData()
  const intent = form.get('intent')
  if (!isSvnActionIntent(intent)) throw data('Unknown intent', { status: 400 })
  const back = backToSearch(new URL(request.url).searchParams.get('back'))
  const selfHref = selfHrefOf(id, back)

  // The status may have moved on since the page was drawn: re-check before asking or acting.
  const svn = await loadSvn(context, session, id)
  const allowed = actionsFor(svn.status, session.data.roles)[ALLOWED[intent]]
  if (!allowed) {
    const roleMissing = !actionsFor(actionStatus(intent), session.data.roles)[ALLOWED[intent]]
    if (roleMissing) throw redirect('/no-permission')
    return redirectWithMessage(config, selfHref, {
      type: 'error',
      message: 'svn.messages.conflict',
      values: { id },
    })
  }

  if (CONFIRMED_INTENTS.includes(intent) && form.get('confirmed') !== 'yes') {
    return { confirm: intent }
  }

  const outcome = await runSvnAction(context, session, intent, id)
  if (outcome.result === 'not-found') throw redirect('/404')
  if (outcome.result === 'conflict')
    return redirectWithMessage(config, selfHref, {
      type: 'error',
      message: 'svn.messages.conflict',
      values: { id },
    })
  return redirectWithMessage(config, selfHref, { type: 'success', message: SUCCESS[intent], values: { id } })
}

/** The status from which an intent is allowed at all (to tell a missing role from a moved status). */
function actionStatus(intent: SvnActionIntent) {
  return intent === 'cancel-svn' ? 'OPEN' : intent === 'create-ae' ? 'IV' : 'AE'
}

// DocumentTitle draws the title: a confirmation step (the post's answer) has its question as title.
export const meta: Route.MetaFunction = () => []

export default function SvnDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const { svn, history, actions, view, back, selfHref, heading, avDate, countries } = loaderData

  if (actionData?.confirm) {
    const intent = actionData.confirm
    const key = intent === 'cancel-svn' ? 'cancelSvn' : 'cancelAe'
    return (
      <>
        <DocumentTitle title={t(`svn.confirm.${key}Title`, { id: svn.id })} />
        <ConfirmStep
          title={t(`svn.confirm.${key}Title`, { id: svn.id })}
          text={t(`svn.confirm.${key}Text`, { id: svn.id })}
          intent={intent}
          confirmLabel={t(`svn.confirm.${key}Ok`)}
          cancelLabel={t('svn.confirm.keep')}
          cancelHref={selfHref}
          action={selfHref}
          csrf={csrf}
        />
      </>
    )
  }

  const meldung = view === 'iv' ? svn.ivMeldung : view === 'av' ? svn.avMeldung : null
  return (
    <>
      <DocumentTitle title={loaderData.title} />
      <h1 className="mb-4 text-2xl font-semibold">{heading}</h1>
      {avDate ? (
        <p className="mb-4 border-l-8 border-warning-700 bg-warning-50 px-4 py-3 font-semibold text-warning-700">
          {t('svn.detail.avNotice', { date: avDate })}
        </p>
      ) : null}
      <SvnDetailActions
        svnId={svn.id}
        actions={actions}
        view={view}
        selfHref={selfHref}
        backHref={back}
        csrf={csrf}
      />
      {view && meldung ? (
        <SvnNotificationView kind={view} meldung={meldung} countries={countries} />
      ) : (
        <SvnDetailView svn={svn} countries={countries} />
      )}
      {view ? null : <SvnHistoryTable entries={history.entries} />}
    </>
  )
}
