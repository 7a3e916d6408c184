import { useRef, useState } from 'react'
import { useNoteTexts, useTranslation } from '../../lib/texts.tsx'
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router'
import type { RootData } from '~/root.tsx'
import type { Role } from '../../../domain/roles.ts'
import type { TranslationKey } from '../../lib/i18n-keys.ts'
import { ConfirmAction } from '../ConfirmAction.tsx'
import { ConfirmStep } from '../ConfirmStep.tsx'
import { Dialog } from '../Dialog.tsx'
import { DocumentTitle } from '../DocumentTitle.tsx'
import { ErrorSummary } from '../form/ErrorSummary.tsx'
import type { FieldOption } from '../form/FormField.tsx'
import { useHydrated } from '../useHydrated.ts'
import { UserForm } from './UserForm.tsx'
import { USER_FORM_FIELDS, type DialogContext, type UserFormField, type UserFormValues } from './user-form.ts'

export interface UserDialogData {
  dialog: DialogContext
  countries: FieldOption[]
  values: UserFormValues
  held: Role[]
  groupRoles: Role[]
  version: number | null
  userId: number | null
  userName: string | null
  heading: string
  listHref: string
  /** The list screen's name, the second part of the <title>. */
  screenTitle: string
}

export interface UserDialogPost {
  values: UserFormValues
  errors: Partial<Record<UserFormField, string>>
  general: string | null
  confirmDelete?: boolean
}

const UNSAVED_KEYS: TranslationKey[] = [
  'admin.users.unsaved.title',
  'admin.users.unsaved.text',
  'admin.users.unsaved.return',
  'admin.users.unsaved.discard',
]

/**
 * The user dialog at its own URL (DESIGN §7). Without JS it is a page of its own (the list route draws
 * nothing else); with JS the list stays behind a modal <dialog>. Closing navigates back to the list,
 * after asking when something changed (spec §2); Escape and (editing) a backdrop click count as cancel.
 */
export function UserDialogScreen({ data, post }: { data: UserDialogData; post: UserDialogPost | undefined }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  // The "unsaved changes" dialog exists only with JavaScript; the page carries its texts (ADR 530), or
  // its title alone would fetch the whole language file right after hydration (ADR 531).
  useNoteTexts(UNSAVED_KEYS)
  const navigate = useNavigate()
  const location = useLocation()
  const csrf = useRouteLoaderData<RootData>('root')?.csrf ?? ''
  const [open, setOpen] = useState(true)
  const [dirty, setDirty] = useState(false)
  const [asking, setAsking] = useState(false)
  const returnRef = useRef<HTMLButtonElement>(null)
  const isNew = data.userId === null
  const action = location.pathname + location.search

  if (post?.confirmDelete && data.userName) {
    return (
      <>
        <DocumentTitle title={t('admin.users.confirmDelete.title', { name: data.userName })} />
        <ConfirmStep
          title={t('admin.users.confirmDelete.title', { name: data.userName })}
          text={t('admin.users.confirmDelete.text', { name: data.userName })}
          intent="delete"
          confirmLabel={t('admin.users.confirmDelete.ok')}
          cancelLabel={t('admin.users.confirmDelete.keep')}
          cancelHref={action}
          action={action}
          csrf={csrf}
        />
      </>
    )
  }

  const errors = post?.errors ?? {}
  const summary = USER_FORM_FIELDS.flatMap((name) => {
    const message = errors[name]
    return message ? [{ name, label: t(`admin.users.fields.${name}`), message }] : []
  })
  const failed = summary.length > 0 || Boolean(post?.general)
  const title = <DocumentTitle title={`${data.heading} – ${data.screenTitle}`} failed={failed} />
  const close = () => {
    // Closing first lets focus go back to the opener (the list's link); Dialog returns it on unmount too,
    // since with two dialogs closing at once the browser's own return fails.
    setAsking(false)
    setOpen(false)
    void navigate(data.listHref, { preventScrollReset: true })
  }
  const cancel = () => (dirty ? setAsking(true) : close())

  const form = (
    <UserForm
      key={data.userId ?? 'new'}
      isNew={isNew}
      action={action}
      csrf={csrf}
      dialog={data.dialog}
      countries={data.countries}
      initial={data.values}
      values={post?.values ?? data.values}
      held={data.held}
      groupRoles={data.groupRoles}
      version={data.version}
      errors={errors}
      general={post?.general ?? null}
      hydrated={hydrated}
      cancelHref={data.listHref}
      onCancel={cancel}
      onDirtyChange={setDirty}
    />
  )
  const remove =
    data.userId !== null && data.userName && !data.dialog.editingSelf ? (
      <div className="mt-6 border-t border-divider pt-4">
        <ConfirmAction
          intent="delete"
          label={t('admin.users.delete')}
          title={t('admin.users.confirmDelete.title', { name: data.userName })}
          text={t('admin.users.confirmDelete.text', { name: data.userName })}
          confirmLabel={t('admin.users.confirmDelete.ok')}
          cancelLabel={t('admin.users.confirmDelete.keep')}
          action={action}
          csrf={csrf}
        />
      </div>
    ) : null

  if (!hydrated) {
    return (
      <section aria-labelledby="user-dialog-title" className="max-w-4xl">
        {title}
        <ErrorSummary errors={summary} />
        <h1 id="user-dialog-title" className="mb-4 text-2xl font-semibold">
          {data.heading}
        </h1>
        {form}
        {remove}
      </section>
    )
  }

  return (
    <>
      {title}
      <Dialog
        open={open}
        onClose={cancel}
        onBackdropClick={isNew ? undefined : cancel}
        title={data.heading}
        className="max-w-4xl"
        id="user-dialog"
      >
        <ErrorSummary errors={summary} />
        {form}
        {remove}
      </Dialog>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('admin.users.unsaved.title')}
        initialFocus={returnRef}
      >
        <p className="mb-6">{t('admin.users.unsaved.text')}</p>
        <div className="flex flex-wrap gap-3">
          <button ref={returnRef} type="button" className="btn btn-primary" onClick={() => setAsking(false)}>
            {t('admin.users.unsaved.return')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('admin.users.unsaved.discard')}
          </button>
        </div>
      </Dialog>
    </>
  )
}
