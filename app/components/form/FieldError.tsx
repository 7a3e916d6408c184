import { useNoteTexts, useTranslation } from '../../lib/texts.tsx'

const PREFIX_KEY = ['common.errorPrefix'] as const

/**
 * The one error line beside a field or a group of controls (a fieldset, a role column): the hidden
 * "Fehler: " first, so a screen reader that reads it through aria-describedby says what it is
 * (ACCESSIBILITY.md 3). The control points at `id`; nothing is drawn without a message. In a table
 * header (`inline`) it is a span, which a <th> may hold where a <p> would do.
 */
export function FieldError({
  id,
  message,
  inline = false,
}: {
  id: string
  message: string | null | undefined
  inline?: boolean
}) {
  const { t } = useTranslation()
  // A line may first appear after hydration (a page's script refuses): the page carries the prefix.
  useNoteTexts(PREFIX_KEY)
  if (!message) return null
  const Tag = inline ? 'span' : 'p'
  return (
    <Tag id={id} className={`${inline ? 'block ' : ''}font-semibold text-error-700`}>
      <span className="sr-only">{t('common.errorPrefix')}</span>
      {message}
    </Tag>
  )
}
