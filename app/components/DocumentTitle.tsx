import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import { titleMeta } from '../lib/meta.ts'

const PREFIX_KEY = ['common.errorPrefix'] as const

/**
 * The <title> of a screen whose title depends on its action's answer ("Fehler: " after a refused post,
 * ACCESSIBILITY 3), which a route's meta function never sees. Such a route's meta returns [] so this
 * is the document's only title; React hoists it into <head>.
 */
export function DocumentTitle({ title, failed = false }: { title: string; failed?: boolean }) {
  const { t } = useTranslation()
  // `failed` may turn true after hydration (a page's script refuses): the page carries the prefix.
  useNoteTexts(PREFIX_KEY)
  const [entry] = titleMeta(`${failed ? t('common.errorPrefix') : ''}${title}`)
  return <title>{entry?.title}</title>
}
