import { useTranslation } from '../lib/texts.tsx'
import {
  data,
  isRouteErrorResponse,
  redirect,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { DocumentTitle } from '~/components/DocumentTitle.tsx'
import { ErrorSummary } from '~/components/form/ErrorSummary.tsx'
import {
  CREATE_FORM_ORDER,
  createSummaryLabel,
  SvnCreateForm,
  type CreateErrors,
} from '~/components/svn/SvnCreateForm.tsx'
import { isAutomaticSave, isDraftAddressMove } from '~/components/svn/DraftStatus.tsx'
import { requireAccess } from '~/lib/auth.server.ts'
import { refusedBack } from '~/lib/refusal.ts'
import { countryOptions } from '~/lib/countries.server.ts'
import { bannerToday } from '~/lib/banner.server.ts'
import { appContext } from '~/lib/context.ts'
import { currentLanguage, getInstance } from '~/lib/i18n.server.ts'
import { RegisterError } from '~/lib/register.server.ts'
import {
  deleteDraft,
  freshValues,
  loadDraft,
  loadSelf,
  newFormToken,
  postCreate,
  postedValues,
  referenzDefaultOf,
  saveDraft,
  translateRegisterErrors,
} from '~/lib/svn-create.server.ts'
import { loadSvn } from '~/lib/svn.server.ts'
import { redirectWithMessage } from '~/lib/toast.server.ts'
import { fieldErrors } from '~/lib/validation.ts'
import type { RootData } from '~/root.tsx'
import { canAccess } from '../../domain/access.ts'
import { normaliseDateText } from '../../domain/date-input.ts'
import {
  createField,
  createSvnSchema,
  referenzNeedsDefault,
  GUELTIG_AB_MAX_DAYS_BACK,
  svnToCreateValues,
  valueAt,
  valuesFrom,
  WIK_C_ROLE,
  type CreateSvnValues,
} from '../../domain/svn/create.ts'
import { addDays, formatZurichDateTime } from '../../domain/svn/dates.ts'
import type { Route } from './+types/svn.create'
import { ErrorNotice } from '~/components/ErrorNotice.tsx'

const CREATE_PATH = '/svn/create'
/** `?new=1`: the empty form even when a draft is stored (the reset link). */
const NEW_PARAM = 'new'

function templateIdOf(value: string | null): number | null {
  if (value === null || value === '') return null
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw redirect('/404')
  return Number(value)
}

/** A draft that could not be read beside a fresh form: logged, and the form opens without its note. */
function noteOnly(error: unknown): null {
  console.error(error)
  return null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const { t } = getInstance(context)
  const lng = currentLanguage(context)
  const url = new URL(request.url)
  const today = bannerToday(config, request).today
  const templateId = templateIdOf(url.searchParams.get('template'))
  const roles = session.data.roles

  // The draft is read on every opening: restored here, or named beside the empty form or template that
  // the clerk's next save would put in its place (one draft per user). Beside those it is only named,
  // so a draft store that fails costs the note, not the way to a fresh form.
  const fresh = templateId !== null || url.searchParams.has(NEW_PARAM)
  const [self, countries, template, draft] = await Promise.all([
    loadSelf(context, session),
    countryOptions(context, session),
    templateId === null ? null : loadSvn(context, session, templateId),
    fresh ? loadDraft(context, session).catch(noteOnly) : loadDraft(context, session),
  ])
  const referenzDefault = referenzDefaultOf(self, lng)
  const restore = draft !== null && !fresh
  const values: CreateSvnValues = template
    ? svnToCreateValues(template)
    : restore
      ? draft.values
      : freshValues(self, referenzDefault)

  const heading = t('screens.svnCreate.title')
  return {
    heading,
    values,
    formToken: newFormToken(),
    today,
    oldestGueltigAb: addDays(today, -GUELTIG_AB_MAX_DAYS_BACK),
    canWikC: roles.includes(WIK_C_ROLE),
    canSearch: canAccess('/svn/search', roles),
    countries,
    referenzDefault,
    /** When the user's stored draft was saved (null: none), and whether this form shows it. */
    draftAt: draft ? formatZurichDateTime(draft.updatedAt) : null,
    restored: restore,
    templateId,
    readOnly: {
      gscode: `${self.versicherungsgesellschaft.gsCode} (${self.versicherungsgesellschaft.name})`,
      maklerNr: roles.includes('MAKLER') ? (self.maklerNummer ?? '') : null,
      benutzer: [self.vorname, self.nachname].filter(Boolean).join(' ') || self.email,
    },
  }
}

export interface CreateActionData {
  values: CreateSvnValues
  errors: CreateErrors
  formToken: string
  /** A message for the whole form (the register refused it, or is unavailable). */
  formError: string | null
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAccess(context, request)
  const { config } = context.get(appContext)
  const { t } = getInstance(context)
  const form = await request.formData()
  const intent = form.get('intent')
  const values = postedValues(form)

  if (intent === 'save-draft') {
    const { updatedAt } = await saveDraft(context, session, values)
    // With JS the draft saves itself in the background (a fetcher): answer data, not a page.
    if (isAutomaticSave(form)) return { draftSavedAt: updatedAt }
    return redirectWithMessage(config, CREATE_PATH, {
      type: 'success',
      message: 'svnCreate.draft.savedToast',
    })
  }
  if (intent === 'discard-draft') {
    await deleteDraft(context, session)
    return redirectWithMessage(config, `${CREATE_PATH}?${NEW_PARAM}=1`, {
      type: 'info',
      message: 'svnCreate.draft.discardedToast',
    })
  }
  if (intent !== 'create') throw data('Unknown intent', { status: 400 })

  // Spec §2: an empty or "/" reference gets the default, on the server too (JS refills it on blur).
  if (referenzNeedsDefault(values.versicherungsdaten.referenz)) {
    const self = await loadSelf(context, session)
    values.versicherungsdaten.referenz = referenzDefaultOf(self, currentLanguage(context))
  }

  const posted = form.get('formToken')
  const formToken = typeof posted === 'string' && posted.length > 0 ? posted : newFormToken()
  // Every value comes back as sent (ACCESSIBILITY 7); typed dates as dd.mm.yyyy when they are days.
  const shown = valuesFrom((name) => {
    const value = valueAt(values, name)
    return createField(name).kind === 'date' ? normaliseDateText(value) : value
  })
  const invalid = (errors: CreateErrors, formError: string | null = null) =>
    data<CreateActionData>({ values: shown, errors, formToken, formError }, { status: 400 })

  const today = bannerToday(config, request).today
  const parsed = createSvnSchema({ today, canWikC: session.data.roles.includes(WIK_C_ROLE) }).safeParse(
    values,
  )
  if (!parsed.success) return invalid(fieldErrors(t, parsed.error))

  try {
    const outcome = await postCreate(context, session, formToken, values)
    if (outcome.result === 'created') {
      return redirectWithMessage(config, `/svn/${outcome.svnID}`, {
        type: 'success',
        message: 'svnCreate.success',
        values: { id: outcome.svnID },
      })
    }
    if (outcome.result === 'invalid') {
      const { _form, ...errors } = translateRegisterErrors(t, outcome.fieldErrors)
      return invalid(errors, _form ?? null)
    }
    return invalid({}, t('svnCreate.errors.rejected'))
  } catch (error) {
    if (error instanceof RegisterError && error.status < 500) throw error
    console.error(error)
    return invalid({}, t('errors.registerUnavailable'))
  }
}

/**
 * A background draft save refused by the anti-forgery check (e.g. the clerk signed in again in another
 * tab, ADR 303) answers data instead of the refusal page, so the form being typed in stays on screen
 * and the draft status says why nothing is saved any more.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const auto = isAutomaticSave(await request.clone().formData())
  try {
    return await serverAction()
  } catch (error) {
    const back = auto && isRouteErrorResponse(error) ? refusedBack(error.status, error.data) : null
    if (back === null) throw error
    // Still a 403: no loader runs again, so this page keeps its token and stays refused (ADR 706).
    return data({ draftRefused: back }, { status: 403 })
  }
}

/**
 * Background draft saves, and the move of the address to the draft's after the first one, must not
 * reload the screen (that would redraw the form being typed in).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (isAutomaticSave(args.formData) || isDraftAddressMove(args)) return false
  return args.defaultShouldRevalidate
}

export default function SvnCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const failed = actionData && 'errors' in actionData ? actionData : null
  const values = failed?.values ?? loaderData.values
  const errors: CreateErrors = failed?.errors ?? {}
  const formToken = failed?.formToken ?? loaderData.formToken
  const summary = CREATE_FORM_ORDER.flatMap((name) => {
    const message = errors[name]
    return message ? [{ name, label: createSummaryLabel(t, name), message }] : []
  })
  const hasErrors = summary.length > 0 || Boolean(failed?.formError)

  return (
    <>
      <DocumentTitle title={loaderData.heading} failed={hasErrors} />
      <ErrorSummary errors={summary} />
      <h1 className="mb-4 text-2xl font-semibold">{loaderData.heading}</h1>
      {failed?.formError ? <ErrorNotice>{failed.formError}</ErrorNotice> : null}
      {loaderData.templateId !== null && !failed ? (
        <p className="mb-4 border-l-8 border-brand-700 bg-brand-50 px-4 py-3">
          {t('svnCreate.templateNote', { id: loaderData.templateId })}
        </p>
      ) : null}
      <SvnCreateForm
        // A new form (reset, template, discarded draft) is a new token: start the fields afresh.
        key={loaderData.formToken}
        action={CREATE_PATH}
        csrf={csrf}
        formToken={formToken}
        values={values}
        errors={errors}
        today={loaderData.today}
        oldestGueltigAb={loaderData.oldestGueltigAb}
        canWikC={loaderData.canWikC}
        canSearch={loaderData.canSearch}
        countries={loaderData.countries}
        referenzDefault={loaderData.referenzDefault}
        readOnly={loaderData.readOnly}
        resetHref={`${CREATE_PATH}?${NEW_PARAM}=1`}
        // After a failed create the form shows what was sent, no longer the draft it may have restored.
        draftNote={{ draftAt: loaderData.draftAt, restored: loaderData.restored && !failed }}
      />
    </>
  )
}
