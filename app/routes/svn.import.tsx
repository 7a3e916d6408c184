import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import type { TranslationKey } from '../lib/i18n-keys.ts'
import { redirect, useNavigate, useRouteLoaderData } from 'react-router'
import { DocumentTitle } from '~/components/DocumentTitle.tsx'
import { ErrorSummary } from '~/components/form/ErrorSummary.tsx'
import { FormField } from '~/components/form/FormField.tsx'
import { useScriptRefusal } from '~/components/form/useScriptRefusal.ts'
import { requireAccess } from '~/lib/auth.server.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import { importRefusalText } from '~/lib/import-refusal.ts'
import { followRefusal } from '~/lib/refusal.ts'
import {
  errorFileAvailable,
  handleImportUpload,
  refusalFromUrl,
  refusalMessage,
} from '~/lib/svn-import.server.ts'
import type { RootData } from '~/root.tsx'
import { IMPORT_FIELD, IMPORT_LIMITS, importLimitValues } from '../../domain/svn/import.ts'
import type { Route } from './+types/svn.import'

/** The imported records: the caller's open SVN, newest first (the search has no "import" filter). */
const IMPORTED_SEARCH_HREF = '/svn/search?sVnStatus=OPEN&sort=sVnId&order=desc'

function count(value: string | null): number | null {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const params = new URL(request.url).searchParams
  const imported = count(params.get('imported'))
  const failed = count(params.get('failed'))
  const result = imported !== null && failed !== null ? { imported, failed } : null
  const refusal = result ? null : refusalFromUrl(params)
  const error = refusal ? refusalMessage(context, refusal.problem, refusal.columns) : null
  return {
    heading: t('screens.svnImport.title'),
    error,
    result,
    errorFile: await errorFileAvailable(context, session),
  }
}

/**
 * Without JavaScript: the plain multipart POST. Counts or the refusal are shown by a GET after the
 * redirect, so a reload never uploads twice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAccess(context, request)
  const outcome = await handleImportUpload(context, session, request)
  return redirect(outcome.href)
}

// DocumentTitle draws the title: a refusal found by the script says "Error:" in it too.
export const meta: Route.MetaFunction = () => []

type UploadAnswer = { redirect?: string; error?: string }

/** The portal's anti-forgery header (app/lib/csrf.server.ts CSRF_HEADER). */
const CSRF_HEADER = 'X-CSRF-Token'

const CLIENT_CHECK_KEYS: TranslationKey[] = [
  'validation.import.required',
  'validation.import.tooLarge',
  'svnImport.nothingImported',
  'svnImport.form.uploading',
  'svnImport.form.checking',
]

export default function SvnImport({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const limits = importLimitValues(i18n.language)
  const navigate = useNavigate()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const { heading, result, errorFile } = loaderData
  // The script's own checks and its upload progress show these; the page carries them (ADR 530), or the
  // first one would come out empty while the language file loads, and no summary would appear.
  useNoteTexts(CLIENT_CHECK_KEYS)
  const refusal = useScriptRefusal(loaderData.error)
  const error = refusal.message
  const [progress, setProgress] = useState<number | null>(null)
  const resultRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (result) resultRef.current?.focus()
  }, [result])

  /**
   * With JavaScript the file goes up by XMLHttpRequest, whose upload events drive the progress bar.
   * A form of an earlier login goes to the refusal page (ADR 303) without sending the file again; any
   * other failure of that path falls back to the plain POST the form makes without JavaScript.
   */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const file = (form.elements.namedItem(IMPORT_FIELD) as HTMLInputElement | null)?.files?.[0]
    if (typeof XMLHttpRequest === 'undefined' || typeof FormData === 'undefined') return
    event.preventDefault()
    if (!file) {
      refusal.refuse(importRefusalText(t, i18n.language, 'required'))
      return
    }
    if (file.size > IMPORT_LIMITS.maxBytes) {
      refusal.refuse(importRefusalText(t, i18n.language, 'tooLarge'))
      return
    }
    refusal.clear()
    setProgress(0)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/svn/import/upload')
    xhr.setRequestHeader(CSRF_HEADER, csrf)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100))
    }
    xhr.onload = () => {
      let answer: UploadAnswer | null
      try {
        answer = JSON.parse(xhr.responseText) as UploadAnswer
      } catch {
        answer = null
      }
      setProgress(null)
      if (followRefusal(xhr.status, answer)) return
      if (answer?.redirect) {
        form.reset()
        void navigate(answer.redirect)
      } else if (answer?.error) refusal.refuse(answer.error)
      else form.submit()
    }
    xhr.onerror = () => {
      setProgress(null)
      form.submit()
    }
    xhr.send(new FormData(form))
  }

  return (
    <>
      <DocumentTitle title={heading} failed={Boolean(error)} />
      <ErrorSummary
        attempt={refusal.attempt}
        errors={error ? [{ name: IMPORT_FIELD, label: t('svnImport.form.file'), message: error }] : []}
      />
      <h1 className="mb-4 text-2xl font-semibold">{heading}</h1>

      {result ? (
        <section
          aria-labelledby="import-result-title"
          className="mb-6 border-l-8 border-brand-700 bg-surface px-4 py-3"
        >
          <h2 id="import-result-title" ref={resultRef} tabIndex={-1} className="text-xl font-semibold">
            {t('svnImport.result.title')}
          </h2>
          <div role="status">
            <dl className="mt-2 grid max-w-md grid-cols-[auto_auto] gap-x-6 gap-y-1">
              <dt>{t('svnImport.result.imported')}</dt>
              <dd className="font-semibold" data-testid="import-imported">
                {result.imported}
              </dd>
              <dt>{t('svnImport.result.failed')}</dt>
              <dd className="font-semibold" data-testid="import-failed">
                {result.failed}
              </dd>
            </dl>
          </div>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {result.imported > 0 ? (
              <li>
                <a href={IMPORTED_SEARCH_HREF}>{t('svnImport.result.searchLink')}</a>
              </li>
            ) : null}
            {result.failed > 0 && errorFile ? (
              <li>
                <a href="/svn/import/error" download>
                  {t('svnImport.result.errorFileLink')}
                </a>{' '}
                <span className="text-muted">{t('svnImport.result.errorFileHint')}</span>
              </li>
            ) : null}
            {result.failed === 0 ? <li>{t('svnImport.result.nothingFailed')}</li> : null}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="import-steps" className="mb-6 max-w-3xl">
        <h2 id="import-steps" className="mb-2 text-xl font-semibold">
          {t('svnImport.steps.title')}
        </h2>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            <a href="/svn/import/vorlage" download>
              {t('svnImport.steps.templateLink')}
            </a>{' '}
            {t('svnImport.steps.template')}
          </li>
          <li>{t('svnImport.steps.fill', limits)}</li>
          <li>{t('svnImport.steps.upload')}</li>
        </ol>
      </section>

      <form
        method="post"
        action="/svn/import"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        aria-labelledby="import-form-title"
        className="max-w-3xl"
      >
        <h2 id="import-form-title" className="mb-2 text-xl font-semibold">
          {t('svnImport.form.title')}
        </h2>
        <input type="hidden" name="csrf" value={csrf} />
        <FormField
          name={IMPORT_FIELD}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          label={t('svnImport.form.file')}
          hint={t('svnImport.form.hint', limits)}
          error={error ?? undefined}
        />
        {progress !== null ? (
          <div className="mt-3">
            <label htmlFor="import-progress" className="block">
              {progress < 100 ? t('svnImport.form.uploading') : t('svnImport.form.checking')}
            </label>
            <progress id="import-progress" max={100} value={progress} className="w-full">
              {progress} %
            </progress>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="btn btn-primary" disabled={progress !== null}>
            {t('svnImport.form.submit')}
          </button>
        </div>
      </form>

      {!result && errorFile ? (
        <p className="mt-6">
          <a href="/svn/import/error" download>
            {t('svnImport.lastErrorFile')}
          </a>
        </p>
      ) : null}
    </>
  )
}
