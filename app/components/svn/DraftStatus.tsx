import { useEffect, useReducer, useRef, useState, type RefObject } from 'react'
import { useNoteTexts, useTranslation } from '../../lib/texts.tsx'
import type { TranslationKey } from '../../lib/i18n-keys.ts'
import { Link, useFetcher, useLocation, useNavigate, useNavigation } from 'react-router'
import { showToast } from '../FlashMessages.tsx'
import { CheckCircleIcon, ErrorIcon, SaveIcon } from '../icons.tsx'
import { IntentForm } from '../IntentForm.tsx'
import { KEEP_FOCUS } from '../useFocusAfterNavigation.ts'

/** Spec §9: the draft saves 2000 ms after the last change; the saved mark shows for 2000 ms. */
export const DRAFT_DEBOUNCE_MS = 2000
export const DRAFT_SAVED_SHOWN_MS = 2000

export type DraftState = 'clean' | 'unsaved' | 'saved'

/** The automatic save's form: the `save-draft` intent, marked as sent by the script. */
function markAutomaticSave(form: FormData): FormData {
  form.set('intent', 'save-draft')
  form.set('auto', '1')
  return form
}

/** Whether a posted form is the automatic save (the route answers it with data, never a page). */
export function isAutomaticSave(form: FormData | undefined): boolean {
  return form?.get('intent') === 'save-draft' && form.get('auto') === '1'
}

/** The address `useDraftAutosave` is moving the page to, while that navigation runs. */
let addressMove: string | null = null

/** Whether a navigation only moves the page's address to its draft's: the screen keeps its form. */
export function isDraftAddressMove({ formMethod, nextUrl }: { formMethod?: string; nextUrl: URL }): boolean {
  return formMethod === undefined && addressMove !== null && nextUrl.pathname + nextUrl.search === addressMove
}

/** What the route's clientAction answers a background save: its time, or a refusal's way back. */
export type DraftAnswer = { draftSavedAt?: string; draftRefused?: string }

interface Draft {
  state: DraftState
  /** Changed since the last save was sent: a save arriving now does not cover everything. */
  changedSinceSend: boolean
}
type DraftEvent = 'change' | 'send' | 'saved' | 'expire'

export function draftReducer(draft: Draft, event: DraftEvent): Draft {
  switch (event) {
    case 'change':
      return { state: 'unsaved', changedSinceSend: true }
    case 'send':
      return { ...draft, changedSinceSend: false }
    case 'saved':
      return { ...draft, state: draft.changedSinceSend ? 'unsaved' : 'saved' }
    case 'expire':
      return draft.state === 'saved' ? { ...draft, state: 'clean' } : draft
  }
}

const AUTOSAVE_KEYS: readonly TranslationKey[] = [
  'svnCreate.draft.unsaved',
  'svnCreate.draft.saved',
  'svnCreate.draft.savedAt',
  'svnCreate.draft.notSaved',
  'svnCreate.draft.refused',
  'pages.refused.link',
]

/**
 * Auto-saves the create form as the user's draft (DESIGN §5 "Drafts"): every change of a named
 * control restarts a 2 s timer; then the form's values go to the route's `save-draft` intent through
 * a fetcher (the page is not reloaded). Submitting the form cancels a pending save.
 */
export function useDraftAutosave(formRef: RefObject<HTMLFormElement | null>, action: string, csrf: string) {
  // The status it drives and its refusal toast exist only with the script; the form that calls this
  // is rendered on the server, so the page carries their texts (ADR 530).
  useNoteTexts(AUTOSAVE_KEYS)
  const fetcher = useFetcher<DraftAnswer>()
  const navigate = useNavigate()
  const location = useLocation()
  const navigating = useNavigation().state !== 'idle'
  const [draft, dispatch] = useReducer(draftReducer, { state: 'clean', changedSinceSend: false })
  // Refused once, refused for good: this page's token belongs to an earlier login, so no more saves.
  const refused = fetcher.state === 'idle' ? (fetcher.data?.draftRefused ?? null) : null
  const submit = useRef<typeof fetcher.submit | null>(fetcher.submit)
  const leaving = useRef(false)
  useEffect(() => {
    submit.current = refused === null ? fetcher.submit : null
    // (Not the address move below: the clerk stays, and so does the save.)
    leaving.current = navigating && addressMove === null
  })
  // Said once, where it is seen and heard wherever the clerk is in the form: an error toast stays,
  // until dismissed or this form is left.
  useEffect(() => {
    if (refused !== null) return showToast({ type: 'error', message: 'svnCreate.draft.refused' })
  }, [refused])

  useEffect(() => {
    const form = formRef.current
    if (!form) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const save = () => {
      const send = submit.current
      if (!send) return
      // A navigation runs (a link, the stored draft opened, the form sent): a save now would land after
      // the next page had read the draft. Tried again later; leaving the page drops the timer.
      if (leaving.current) {
        timer = setTimeout(save, DRAFT_DEBOUNCE_MS)
        return
      }
      const data = markAutomaticSave(new FormData(form))
      data.set('csrf', csrf)
      dispatch('send')
      void send(data, { method: 'post', action })
    }
    const onChange = (event: Event) => {
      const target = event.target as Partial<HTMLInputElement> | null
      // Only the form's own fields (the picker's month and year selects have no name).
      if (!target?.name || target.name === 'csrf' || target.name === 'formToken') return
      dispatch('change')
      clearTimeout(timer)
      timer = setTimeout(save, DRAFT_DEBOUNCE_MS)
    }
    const onSubmit = () => clearTimeout(timer)
    form.addEventListener('input', onChange)
    form.addEventListener('change', onChange)
    form.addEventListener('submit', onSubmit)
    return () => {
      clearTimeout(timer)
      form.removeEventListener('input', onChange)
      form.removeEventListener('change', onChange)
      form.removeEventListener('submit', onSubmit)
    }
  }, [formRef, action, csrf])

  // A save came back: note it once (state adjusted while rendering, as React recommends).
  const result = fetcher.state === 'idle' ? fetcher.data?.draftSavedAt : undefined
  const [seen, setSeen] = useState<string | undefined>(undefined)
  if (result && result !== seen) {
    setSeen(result)
    dispatch('saved')
  }

  // Saved: this form is now the user's draft, so the page's address becomes the draft's (`action`,
  // without `?new=1` or `?template=`): a reload, the language form's way back, the way back after a
  // refusal and the browser's history show what was saved, not the empty form or template it began
  // as. A navigation of the router's own, so everything that reads the address follows; the screen's
  // loader does not run for it (see `isDraftAddressMove`), so the form is not drawn again. Not while
  // another navigation is under way: that one decides where the clerk goes.
  useEffect(() => {
    if (seen === undefined || navigating || location.pathname !== action || location.search === '') return
    addressMove = action
    // Without the hash: the router scrolls to a hash (`#main`, after the skip link) before it heeds
    // preventScrollReset, which would move the page away from the field being typed in.
    // KEEP_FOCUS: the clerk did nothing, so focus stays wherever it is, even on <body> (ADR 818).
    void Promise.resolve(
      navigate(action, { replace: true, preventScrollReset: true, state: KEEP_FOCUS }),
    ).finally(() => {
      addressMove = null
    })
  }, [seen, navigating, location, action, navigate])

  useEffect(() => {
    if (draft.state !== 'saved') return
    const timer = setTimeout(() => dispatch('expire'), DRAFT_SAVED_SHOWN_MS)
    return () => clearTimeout(timer)
  }, [draft.state, seen])

  return { state: draft.state, savedAt: seen ?? null, refused }
}

const TIME = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  hour: '2-digit',
  minute: '2-digit',
})

/**
 * The draft indicator (spec §2): the check mark for 2 s after a save, the floppy disk while changes
 * are unsaved. Screen readers hear only the time of the last save, in a polite live region whose text
 * changes at most once a minute, so typing does not make it chatter. A refused save (its error toast
 * says why) leaves "not saved" and the way back to the page.
 */
export function DraftStatus({
  state,
  savedAt,
  refused,
}: {
  state: DraftState
  savedAt: string | null
  /** A background save was refused (ADR 303): the page to open again, else null. */
  refused: string | null
}) {
  const { t } = useTranslation()
  const time = savedAt ? TIME.format(new Date(savedAt)) : null
  if (refused !== null) {
    // Nothing saves any more: no draft state and no time of a save, only the way back. A plain link:
    // the page loads afresh with the current login's token.
    return (
      <p className="inline-flex flex-wrap items-center gap-x-2 text-error-700" data-draft-state="refused">
        <span className="inline-flex items-center gap-1 font-semibold">
          <ErrorIcon />
          {t('svnCreate.draft.notSaved')}
        </span>
        <a href={refused} className="underline">
          {t('pages.refused.link')}
        </a>
      </p>
    )
  }
  return (
    <div className="flex items-center gap-2 text-muted">
      {state === 'unsaved' ? (
        <span className="inline-flex items-center gap-1" data-draft-state="unsaved">
          <SaveIcon />
          <span>{t('svnCreate.draft.unsaved')}</span>
        </span>
      ) : null}
      {state === 'saved' ? (
        <span className="inline-flex items-center gap-1 text-success-700" data-draft-state="saved">
          <CheckCircleIcon />
          <span aria-hidden="true">{t('svnCreate.draft.saved')}</span>
        </span>
      ) : null}
      <p role="status" className="sr-only">
        {time ? t('svnCreate.draft.savedAt', { time }) : ''}
      </p>
    </div>
  )
}

/** What the box can come to say without a server render: beside the form, and replaced. */
const NOTE_KEYS: readonly TranslationKey[] = [
  'svnCreate.draft.stored',
  'svnCreate.draft.open',
  'svnCreate.draft.replaced',
]

/**
 * The note above the create form about the user's one stored draft, saved at `draftAt`: restored into
 * this form, with the way to discard it; or stored beside it (the form opened empty, from a template,
 * or a create failed), with the way to open it, until this form's first save has taken its place.
 */
export function DraftNote({
  draftAt,
  restored,
  savedHere,
  action,
  csrf,
}: {
  draftAt: string | null
  restored: boolean
  savedHere: boolean
  action: string
  csrf: string
}) {
  const { t } = useTranslation()
  // With JavaScript the box can change without a server render (a save came back; a failed create
  // turned "restored" into "beside"): the page carries those texts (ADR 530).
  useNoteTexts(draftAt !== null ? NOTE_KEYS : [])
  if (draftAt === null) return null
  return (
    // Polite: when this form's first save replaces the draft, its new text is read out once.
    <div
      aria-live="polite"
      className="mb-4 flex flex-wrap items-center gap-3 border-l-8 border-brand-700 bg-brand-50 px-4 py-3"
    >
      {restored ? (
        <>
          <p>{t('svnCreate.draft.restored', { time: draftAt })}</p>
          <IntentForm
            action={action}
            csrf={csrf}
            intent="discard-draft"
            label={t('svnCreate.draft.discard')}
            buttonClassName="btn btn-secondary"
          />
        </>
      ) : savedHere ? (
        <p>{t('svnCreate.draft.replaced', { time: draftAt })}</p>
      ) : (
        <>
          <p>{t('svnCreate.draft.stored', { time: draftAt })}</p>
          <Link to={action} className="underline">
            {t('svnCreate.draft.open')}
          </Link>
        </>
      )}
    </div>
  )
}
