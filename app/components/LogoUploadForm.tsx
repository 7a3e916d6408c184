import { useRef, useState, type FormEvent } from 'react'
import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import { Form, useLocation, useNavigate, useRevalidator } from 'react-router'
import { LOGO_ACCEPT, LOGO_MAX_BYTES } from '../../domain/logo.ts'
import { followRefusal } from '../lib/refusal.ts'
import type { ScriptRefusal } from './form/useScriptRefusal.ts'
import { KEEP_FOCUS } from './useFocusAfterNavigation.ts'
import { useHydrated } from './useHydrated.ts'
import { FieldError } from './form/FieldError.tsx'

/**
 * The logo upload (spec §2 "Logo upload page", §5 "Logo file"). Without JS a plain multipart POST.
 * With JS: upload enabled once a file is chosen, a too-large file refused at once (selection cleared),
 * and the same POST sent by XMLHttpRequest, whose upload events drive a progress bar (fetch reports no
 * upload progress) to the resource route logo/upload, which answers JSON; revalidating then shows its
 * message and the new logo in the header. The page owns `refusal` and shows it in its error summary
 * and title, as after the plain POST; this form refuses into it and clears it on a new file or a
 * success.
 */
export function LogoUploadForm({ csrf, refusal }: { csrf: string; refusal: ScriptRefusal }) {
  const { t } = useTranslation()
  const error = refusal.message
  // Shown only by the script (size check, upload progress and failure): the page carries them (ADR 530).
  useNoteTexts([
    'admin.logo.errors.sizeExceeded',
    'admin.logo.errors.failed',
    'admin.logo.uploading',
    'admin.logo.progress',
  ])
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState(false)
  const [percent, setPercent] = useState<number | null>(null)
  const describedBy = ['logo-file-hint', error ? 'logo-file-error' : ''].filter(Boolean).join(' ')

  const onChange = () => {
    const file = input.current?.files?.[0]
    if (file && file.size > LOGO_MAX_BYTES) {
      refusal.refuse(t('admin.logo.errors.sizeExceeded'))
      if (input.current) input.current.value = ''
      setChosen(false)
      return
    }
    // A new file is a new try: the last refusal belonged to the one before.
    if (file) refusal.clear()
    setChosen(Boolean(file))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    const form = event.currentTarget
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/logo/upload')
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setPercent(Math.round((e.loaded / e.total) * 100))
    }
    const done = (message: string | null) => {
      setPercent(null)
      if (message === null) refusal.clear()
      else refusal.refuse(message)
      if (input.current) input.current.value = ''
      setChosen(false)
      // The upload button is disabled again (no file chosen), so focus would fall to <body>: after a
      // success it goes to the file chooser (the next file); a refusal's summary takes it.
      if (message === null) input.current?.focus()
      // A success drops an earlier plain POST's refusal from the address (?problem=tooLarge), or a
      // reload would show it again; either way the loaders run again for the toast and new logo.
      if (message === null && search)
        void navigate(pathname, { replace: true, preventScrollReset: true, state: KEEP_FOCUS })
      else void revalidator.revalidate()
    }
    xhr.onload = () => {
      const answer = parsed(xhr.responseText)
      // A form of an earlier login: the refusal page says so (ADR 303).
      if (followRefusal(xhr.status, answer)) return
      const ok = xhr.status >= 200 && xhr.status < 300
      done(ok ? null : (errorOf(answer) ?? t('admin.logo.errors.failed')))
    }
    xhr.onerror = () => done(t('admin.logo.errors.failed'))
    setPercent(0)
    xhr.send(new FormData(form))
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      reloadDocument
      onSubmit={onSubmit}
      noValidate
      className="max-w-xl"
    >
      <input type="hidden" name="csrf" value={csrf} />
      <div className="flex flex-col">
        <label htmlFor="logo-file" className="font-semibold">
          {t('admin.logo.file')}
        </label>
        <p id="logo-file-hint" className="text-sm text-muted">
          {t('admin.logo.fileHint')}
        </p>
        <FieldError id="logo-file-error" message={error} />
        <input
          ref={input}
          id="logo-file"
          name="file"
          type="file"
          accept={LOGO_ACCEPT}
          onChange={onChange}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="mt-1 block w-full rounded border-2 border-line bg-white px-2 py-1.5"
        />
      </div>
      <button
        type="submit"
        disabled={hydrated && (!chosen || percent !== null)}
        className="btn btn-primary mt-4 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {percent !== null ? t('admin.logo.uploading') : t('admin.logo.upload')}
      </button>
      {percent !== null ? (
        <div className="mt-3">
          <label htmlFor="logo-progress" className="block">
            {t('admin.logo.progress', { percent })}
          </label>
          <progress id="logo-progress" max={100} value={percent} className="w-full" />
        </div>
      ) : null}
    </Form>
  )
}

/** logo/upload's JSON answer, or null. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The answer's translated message, if it has one. */
function errorOf(answer: unknown): string | null {
  const error = (answer as { error?: unknown } | null)?.error
  return typeof error === 'string' ? error : null
}
