import { useTranslation } from '../lib/texts.tsx'
import { titleMeta } from '../lib/meta.ts'

/**
 * The <title> of a screen whose title depends on its action's answer ("Fehler: " after a refused post,
 * ACCESSIBILITY 3), which a route's meta function never sees. Such a route's meta returns [] so this
 * is the document's only title; React hoists it into <head>.
 */
export function DocumentTitle({ title, failed = false }: { title: string; failed?: boolean }) {
  const { t } = useTranslation()
  const [entry] = titleMeta(`${failed ? t('common.errorPrefix') : ''}${title}`)
  return <title>{entry?.title}</title>
}
