import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import de from '../locales/de.json' with { type: 'json' }
import { serverTexts, TextsProvider } from '../lib/texts.tsx'
import { flatten } from '../lib/translate.ts'
import { DocumentTitle } from './DocumentTitle.tsx'

const render = (failed: boolean) => {
  const texts = serverTexts('de', flatten(de))
  const html = renderToString(
    <TextsProvider value={texts}>
      <DocumentTitle title="Logo" failed={failed} />
    </TextsProvider>,
  )
  return { html, carried: JSON.parse(texts.pageJson()) as Record<string, string | null> }
}

describe('DocumentTitle', () => {
  it('says "Fehler:" first after a refusal', () => {
    expect(render(true).html).toMatch(/^<title>Fehler: Logo – /)
  })

  it('carries the prefix without a refusal, for the title the script sets after one', () => {
    const { html, carried } = render(false)
    expect(html).toMatch(/^<title>Logo – /)
    expect(carried['common.errorPrefix']).toBe('Fehler: ')
  })
})
