import { describe, expect, it } from 'vitest'
import de from '../../locales/de.json' with { type: 'json' }
import { renderInRouter } from '../../../tests/render-in-router.tsx'
import { serverTexts } from '../../lib/texts.tsx'
import { flatten } from '../../lib/translate.ts'
import { ErrorSummary } from './ErrorSummary.tsx'
import { fieldId } from './FormField.tsx'

describe('ErrorSummary', () => {
  it('draws nothing without errors, yet the page carries its texts for a refusal after hydration', () => {
    const texts = serverTexts('de', flatten(de))
    expect(renderInRouter(<ErrorSummary errors={[]} />, { texts })).toBe('')
    const carried = JSON.parse(texts.pageJson()) as Record<string, string | null>
    expect(carried['common.errorSummaryTitle']).toBe(de.common.errorSummaryTitle)
    expect(carried['common.errorSummaryEntry']).toBe(de.common.errorSummaryEntry)
  })

  it('names each field and links to its control, in form order', () => {
    const html = renderInRouter(
      <ErrorSummary
        errors={[
          { name: 'file', label: 'Datei', message: 'Bitte wählen Sie eine Datei.' },
          { name: 'roles', label: 'Rollen', message: 'Zu viele.', target: 'roles-0' },
        ]}
      />,
    )
    expect(html).toContain('aria-labelledby="error-summary-title"')
    expect(html).toContain(`href="#${fieldId('file')}"`)
    expect(html.indexOf('href="#roles-0"')).toBeGreaterThan(
      html.indexOf('Datei: Bitte wählen Sie eine Datei.'),
    )
  })
})
