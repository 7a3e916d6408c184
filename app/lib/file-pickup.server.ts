import type { Translate } from './translate.ts'
import { data, type RouterContextProvider } from 'react-router'
import { FileGenerationSchema, MAKLER_NR_MAX, REFERENZ_MAX } from '../../domain/files/generation.ts'
import { normaliseDateText } from '../../domain/date-input.ts'
import type { FileEntry, FileType } from '../../domain/files/types.ts'
import {
  EMPTY_PICKUP_FORM,
  GENERATE_INTENTS,
  isGenerateIntent,
  notDownloadedCount,
  PICKUP_FIELDS,
  PICKUP_SCREENS,
  readPickupForm,
  type PickupField,
  type PickupFormValues,
} from '../components/files/pickup.ts'
import { requireAccess } from './auth.server.ts'
import { appContext } from './context.ts'
import { deleteFile, generateFile, listFiles } from './files.server.ts'
import { getInstance } from './i18n.server.ts'
import { isValidationKey } from './i18n-keys.ts'
import { forgetNavCounts } from './nav-counts.server.ts'
import { RegisterError } from './register.server.ts'
import type { Session } from './session.server.ts'
import { redirectWithMessage } from './toast.server.ts'
import { isServiceUnavailable } from './unavailable.server.ts'
import { fieldErrors } from './validation.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }
export type PickupErrors = Partial<Record<PickupField, string>>

/** Spec §2: the broker-number field is hidden for users holding MAKLER (the register uses theirs). */
function maklerNrShown(session: Session): boolean {
  return !session.data.roles.includes('MAKLER')
}

/**
 * Loader of a pickup screen: the file list (sorted by name, newest first) and the title count. A
 * register that cannot answer leaves the form usable and says so instead of the table.
 */
export function pickupLoader(type: FileType) {
  return async ({ request, context }: Args) => {
    const session = await requireAccess(context, request)
    const { t } = getInstance(context)
    const screen = PICKUP_SCREENS[type]
    let files: FileEntry[] | null = null
    // Without the list the page is not what was asked for: 503 (entry.server adds Retry-After) when
    // the register is down for the moment, 502 when it answered an error; the form stays usable.
    let status = 200
    try {
      files = await listFiles(context, session, type)
    } catch (error) {
      if (error instanceof RegisterError && error.status < 500) throw error
      const down = isServiceUnavailable(error)
      status = down ? 503 : 502
      if (!down) console.error(error)
    }
    const screenData = {
      type,
      heading: t(screen.titleKey),
      count: files ? notDownloadedCount(files) : null,
      files,
      maklerNrShown: maklerNrShown(session),
    }
    return data(screenData, { status })
  }
}

/** The register's field errors (translation keys) as messages; limits filled in from the shared schema. */
function registerFieldErrors(t: Translate, named: Record<string, string[]>): PickupErrors {
  const max: Record<string, number> = { maklerNr: MAKLER_NR_MAX, referenz: REFERENZ_MAX }
  const errors: PickupErrors = {}
  for (const field of PICKUP_FIELDS) {
    const key = named[field]?.[0]
    if (key === undefined) continue
    errors[field] = t(isValidationKey(key) ? key : 'validation.invalid', { max: max[field] })
  }
  return errors
}

/** The screen again with the input kept: with field errors, or (failed) with the "could not create" notice. */
function invalid(values: PickupFormValues, errors: PickupErrors, failed = false) {
  // Typed dates come back as typed, or tidied to dd.mm.yyyy when they are real days (nothing is lost).
  const shown = { ...values, von: normaliseDateText(values.von), bis: normaliseDateText(values.bis) }
  return data({ values: shown, errors, failed, confirm: null }, { status: failed ? 502 : 400 })
}

/**
 * Action of a pickup screen (DESIGN §7 intents): `generate-xml` / `generate-csv` check the form with
 * the shared schema and have the register build the file; `delete-file` (the file id in the action
 * URL's `file` parameter) asks first — without JS as a confirmation step — then deletes. Every success
 * redirects back with a message, so the screen works as plain HTML.
 */
export function pickupAction(type: FileType) {
  return async ({ request, context }: Args) => {
    const session = await requireAccess(context, request)
    const { config } = context.get(appContext)
    const { t } = getInstance(context)
    const screen = PICKUP_SCREENS[type]
    const form = await request.formData()
    const intent = form.get('intent')

    if (isGenerateIntent(intent)) {
      const values = readPickupForm(form, screen, maklerNrShown(session))
      const parsed = FileGenerationSchema.safeParse(values)
      if (!parsed.success) {
        const all = fieldErrors(t, parsed.error)
        const errors: PickupErrors = {}
        for (const field of PICKUP_FIELDS) if (all[field]) errors[field] = all[field]
        return invalid(values, errors)
      }
      try {
        const outcome = await generateFile(context, session, type, GENERATE_INTENTS[intent], parsed.data)
        if (outcome.result === 'invalid') {
          const errors = registerFieldErrors(t, outcome.fieldErrors)
          // Refused for a field the screen does not show: nothing to point at, so say it failed.
          return invalid(values, errors, Object.keys(errors).length === 0)
        }
        await forgetNavCounts(context, session)
        return redirectWithMessage(config, screen.path, {
          type: 'success',
          message: 'files.messages.generated',
          values: { fileName: outcome.file.fileName, count: outcome.file.recordCount },
        })
      } catch (error) {
        if (error instanceof RegisterError && error.status < 500) throw error
        // Spec §8 only logs a generation error; the clerk is told as well, and keeps the input.
        console.error('File generation failed:', error)
        return invalid(values, {}, true)
      }
    }

    if (intent === 'delete-file') {
      const id = Number(new URL(request.url).searchParams.get('file'))
      if (!Number.isInteger(id) || id < 1) throw data('Unknown file', { status: 400 })
      const file = (await listFiles(context, session, type)).find((f) => f.id === id)
      if (!file) {
        return redirectWithMessage(config, screen.path, { type: 'error', message: 'files.messages.notFound' })
      }
      if (form.get('confirmed') !== 'yes') {
        return { values: EMPTY_PICKUP_FORM, errors: {}, failed: false, confirm: file }
      }
      const deleted = await deleteFile(context, session, id)
      await forgetNavCounts(context, session)
      return redirectWithMessage(
        config,
        screen.path,
        deleted
          ? { type: 'success', message: 'files.messages.deleted', values: { fileName: file.fileName } }
          : { type: 'error', message: 'files.messages.notFound' },
      )
    }

    throw data('Unknown intent', { status: 400 })
  }
}
