import { Fragment, useRef, useState, type FormEvent } from 'react'
import { useNoteTexts, useTranslation } from '../../lib/texts.tsx'
import { Form, Link, useNavigate, useNavigation, useRevalidator, useRouteLoaderData } from 'react-router'
import type { FileEntry, FileType } from '../../../domain/files/types.ts'
import type { RootData } from '../../root.tsx'
import { ConfirmAction } from '../ConfirmAction.tsx'
import { ConfirmStep } from '../ConfirmStep.tsx'
import { DocumentTitle } from '../DocumentTitle.tsx'
import { ErrorSummary } from '../form/ErrorSummary.tsx'
import { DateField } from '../form/DateField.tsx'
import { FormField } from '../form/FormField.tsx'
import { DataTable, type Column, type Row } from '../table/DataTable.tsx'
import { useHydrated } from '../useHydrated.ts'
import {
  EMPTY_PICKUP_FORM,
  fileHref,
  fileSizeText,
  GENERATE_INTENTS,
  isGenerateIntent,
  PICKUP_FIELDS,
  PICKUP_SCREENS,
  type PickupField,
  type PickupFormValues,
} from './pickup.ts'
import { ErrorNotice } from '../ErrorNotice.tsx'
import { FieldError } from '../form/FieldError.tsx'

export interface PickupLoaderData {
  type: FileType
  /** The screen's translated title, without the count. */
  heading: string
  /** Not-downloaded files; null when the register could not be asked. */
  count: number | null
  /** Sorted by file name descending; null when the register could not be asked. */
  files: FileEntry[] | null
  maklerNrShown: boolean
}

export interface PickupActionData {
  values: PickupFormValues
  errors: Partial<Record<PickupField, string>>
  /** The register failed to build the file (the input is kept). */
  failed: boolean
  /** A delete waiting for confirmation (no-JS step). */
  confirm: FileEntry | null
}

type FileColumn = 'fileName' | 'size' | 'state' | 'actions'

/**
 * The file pickup screen (spec §2 "File pickup screens"; DESIGN §5, §7), one component for the three
 * types: title with the not-downloaded count in brackets, the generation form (von, bis, broker number
 * and new/all as the type has them; reset; XML and CSV), then the file table with download and
 * confirmed delete, or the no-files note. Plain HTML posts first; with JS the buttons mark themselves
 * busy while the register builds the file, and a live region says so.
 */
export function FilePickupScreen({
  loaderData,
  actionData,
}: {
  loaderData: PickupLoaderData
  actionData: PickupActionData | undefined
}) {
  const { t, i18n } = useTranslation()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const { type, heading, count, files, maklerNrShown } = loaderData
  const screen = PICKUP_SCREENS[type]
  const errors = actionData?.errors ?? {}
  const values = actionData?.values ?? EMPTY_PICKUP_FORM
  const fullHeading = count === null ? heading : `${heading} (${count})`
  const hasErrors = Object.keys(errors).length > 0

  if (actionData?.confirm) {
    const file = actionData.confirm
    return (
      <>
        <DocumentTitle title={t('files.confirm.deleteTitle', { fileName: file.fileName })} />
        <ConfirmStep
          title={t('files.confirm.deleteTitle', { fileName: file.fileName })}
          text={t('files.confirm.deleteText', { fileName: file.fileName })}
          intent="delete-file"
          confirmLabel={t('files.confirm.deleteOk')}
          cancelLabel={t('files.confirm.keep')}
          cancelHref={screen.path}
          action={deleteAction(screen.path, file.id)}
          csrf={csrf}
        />
      </>
    )
  }

  const summary = PICKUP_FIELDS.flatMap((name) => {
    const message = errors[name]
    return message ? [{ name, label: t(`files.fields.${name}`), message }] : []
  })

  return (
    <>
      {/* The page title follows the count and the error state, a failed generation too (WCAG 2.4.2). */}
      <DocumentTitle title={fullHeading} failed={hasErrors || Boolean(actionData?.failed)} />
      <ErrorSummary errors={summary} />
      <h1 className="mb-4 text-2xl font-semibold">{fullHeading}</h1>
      {actionData?.failed ? <ErrorNotice>{t('files.messages.generateFailed')}</ErrorNotice> : null}
      <PickupForm type={type} values={values} errors={errors} maklerNrShown={maklerNrShown} csrf={csrf} />
      <section aria-labelledby="files-heading" className="mt-8">
        <h2 id="files-heading" className="mb-2 text-xl font-semibold">
          {t('files.list.heading')}
        </h2>
        {files === null ? (
          <ErrorNotice className="">{t('errors.registerUnavailable')}</ErrorNotice>
        ) : files.length === 0 ? (
          <p>{t('files.list.none')}</p>
        ) : (
          <FileTable type={type} files={files} lng={i18n.language} csrf={csrf} />
        )}
      </section>
    </>
  )
}

function deleteAction(path: string, id: number): string {
  return `${path}?file=${id}`
}

function FileTable({
  type,
  files,
  lng,
  csrf,
}: {
  type: FileType
  files: FileEntry[]
  lng: string
  csrf: string
}) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const screen = PICKUP_SCREENS[type]
  const columns: Column<FileColumn>[] = [
    { key: 'fileName', label: t('files.list.fileName') },
    { key: 'size', label: t('files.list.size'), className: 'whitespace-nowrap text-right' },
    { key: 'state', label: t('files.list.state') },
    { key: 'actions', label: t('files.list.actions') },
  ]
  const rows: Row<FileColumn>[] = files.map((file) => ({
    key: file.id,
    cells: {
      fileName: <FileName name={file.fileName} />,
      size: fileSizeText(t, file.fileSizeInKb, lng),
      state: file.isDownloaded ? t('files.list.downloaded') : t('files.list.new'),
      actions: (
        <div className="flex flex-wrap gap-2">
          {/* A plain link: the browser downloads (Content-Disposition), without JS as with. */}
          <a
            href={fileHref(type, file.fileName)}
            className="btn btn-secondary"
            onClick={() => {
              // The file is marked downloaded once the register serves it: redraw state and counts then.
              window.setTimeout(() => void revalidator.revalidate(), 1500)
            }}
          >
            {t('files.list.download')}
            <span className="sr-only"> {file.fileName}</span>
          </a>
          <ConfirmAction
            intent="delete-file"
            label={
              <>
                {t('files.list.delete')}
                <span className="sr-only"> {file.fileName}</span>
              </>
            }
            title={t('files.confirm.deleteTitle', { fileName: file.fileName })}
            text={t('files.confirm.deleteText', { fileName: file.fileName })}
            confirmLabel={t('files.confirm.deleteOk')}
            cancelLabel={t('files.confirm.keep')}
            action={deleteAction(screen.path, file.id)}
            csrf={csrf}
          />
        </div>
      ),
    },
  }))
  return (
    <DataTable
      caption={t('files.list.caption', { count: files.length })}
      columns={columns}
      rows={rows}
      sort={{ key: 'fileName', order: 'desc' }}
    />
  )
}

interface PickupFormProps {
  type: FileType
  values: PickupFormValues
  errors: Partial<Record<PickupField, string>>
  maklerNrShown: boolean
  csrf: string
}

function differsFromEmpty(form: HTMLFormElement): boolean {
  const data = new FormData(form)
  return PICKUP_FIELDS.some((name) => {
    const value = data.get(name)
    return value !== null && String(value).trim() !== EMPTY_PICKUP_FORM[name]
  })
}

const GENERATING_KEY = ['files.form.generating'] as const

/** The generation form: a POST to the screen itself; Enter in a field generates XML (the first button). */
function PickupForm({ type, values, errors, maklerNrShown, csrf }: PickupFormProps) {
  const { t } = useTranslation()
  // Said only while a generation runs with the script (ADR 530).
  useNoteTexts(GENERATING_KEY)
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  const screen = PICKUP_SCREENS[type]
  const [dirty, setDirty] = useState(() =>
    PICKUP_FIELDS.some((name) => values[name] !== EMPTY_PICKUP_FORM[name]),
  )

  const pending = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
  const busyFormat =
    isGenerateIntent(pending) && navigation.formAction?.split('?')[0] === screen.path
      ? GENERATE_INTENTS[pending]
      : null
  const busy = busyFormat !== null
  const hasFields = screen.dateRange || screen.reloadChoice || maklerNrShown

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // One generation at a time: a second press while the first runs does nothing.
    if (busy) event.preventDefault()
  }

  function onReset() {
    const form = formRef.current
    if (!form || !dirty) return
    for (const name of PICKUP_FIELDS) {
      const control = form.elements.namedItem(name)
      if (control instanceof HTMLInputElement) control.value = EMPTY_PICKUP_FORM[name]
    }
    const fresh = form.querySelector<HTMLInputElement>('input[name="reload"][value="false"]')
    if (fresh) fresh.checked = true
    setDirty(false)
    // Errors shown belong to the old input: the clean screen drops them.
    if (Object.keys(errors).length > 0)
      void navigate(screen.path, { replace: true, preventScrollReset: true })
  }

  const dateField = (name: 'von' | 'bis') => (
    <DateField
      name={name}
      label={t(`files.fields.${name}`)}
      defaultValue={values[name]}
      error={errors[name]}
    />
  )

  const busyButton = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60'

  return (
    <Form
      ref={formRef}
      method="post"
      action={screen.path}
      noValidate
      aria-labelledby="pickup-form-heading"
      onSubmit={onSubmit}
      onInput={(event) => setDirty(differsFromEmpty(event.currentTarget))}
      onChange={(event) => setDirty(differsFromEmpty(event.currentTarget))}
      className="max-w-3xl"
    >
      <h2 id="pickup-form-heading" className="mb-2 text-xl font-semibold">
        {t('files.form.heading')}
      </h2>
      <input type="hidden" name="csrf" value={csrf} />
      {hasFields ? null : <p className="mb-4">{t('files.form.noFilters')}</p>}
      {screen.dateRange || maklerNrShown ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {screen.dateRange ? dateField('von') : null}
          {screen.dateRange ? dateField('bis') : null}
          {maklerNrShown ? (
            <FormField
              name="maklerNr"
              label={t('files.fields.maklerNr')}
              defaultValue={values.maklerNr}
              error={errors.maklerNr}
              spellCheck={false}
              size={12}
            />
          ) : null}
        </div>
      ) : null}
      {screen.reloadChoice ? (
        <fieldset className="mt-4" aria-describedby={errors.reload ? 'reload-error' : undefined}>
          <legend className="font-semibold">{t('files.fields.reload')}</legend>
          <FieldError id="reload-error" message={errors.reload} />
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
            {(['false', 'true'] as const).map((value) => (
              <label key={value} className="flex min-h-10 items-center gap-2">
                <input
                  type="radio"
                  name="reload"
                  value={value}
                  // The summary's link for reload points at the first radio.
                  id={value === 'false' ? 'reload' : 'reload-all'}
                  defaultChecked={values.reload === value}
                  className="size-5"
                />
                {t(value === 'false' ? 'files.fields.reloadNew' : 'files.fields.reloadAll')}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {(['generate-xml', 'generate-csv'] as const).map((intent) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            aria-disabled={busy || undefined}
            className={`btn ${intent === 'generate-xml' ? 'btn-primary' : 'btn-secondary'} ${busyButton}`}
          >
            {busyFormat === GENERATE_INTENTS[intent] ? <Spinner /> : null}
            {t(intent === 'generate-xml' ? 'files.form.generateXml' : 'files.form.generateCsv')}
          </button>
        ))}
        {hydrated ? (
          hasFields ? (
            <button
              type="button"
              aria-disabled={!dirty || undefined}
              onClick={onReset}
              className={`btn btn-secondary ${busyButton}`}
            >
              {t('common.reset')}
            </button>
          ) : null
        ) : hasFields ? (
          <Link to={screen.path} className="btn btn-secondary">
            {t('common.reset')}
          </Link>
        ) : null}
      </div>
      {/* Present from the start so that screen readers announce the change (ACCESSIBILITY 23). */}
      <p role="status" className="mt-2 min-h-6 font-semibold" aria-live="polite">
        {busyFormat ? t('files.form.generating', { format: busyFormat }) : ''}
      </p>
    </Form>
  )
}

function Spinner() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-5 shrink-0 animate-spin"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
    >
      <path d="M12 3a9 9 0 1 0 9 9" strokeLinecap="round" />
    </svg>
  )
}

/**
 * A file name that wraps after its underscores (SVN_1001_ | 20260616T080000Z.csv) on a narrow card,
 * not inside ".csv"; a part longer than the line still breaks anywhere rather than overflow.
 */
function FileName({ name }: { name: string }) {
  const parts = name.split(/(?<=_)/)
  return (
    <span className="wrap-anywhere">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
