import { useTranslation } from '../lib/texts.tsx'

/** First focusable element of every page; jumps past header and navigation to <main id="main">. */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a href="#main" className="skip-link">
      {t('a11y.skipToContent')}
    </a>
  )
}
