import { renderToString } from 'react-dom/server'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { germanTexts } from '../../../tests/render-in-router.tsx'
import de from '../../locales/de.json' with { type: 'json' }
import { serverTexts, TextsProvider } from '../../lib/texts.tsx'
import { flatten } from '../../lib/translate.ts'
import { FieldError } from './FieldError.tsx'

const render = (node: ReactNode) => renderToString(<TextsProvider value={germanTexts}>{node}</TextsProvider>)

describe('FieldError', () => {
  it('says "Fehler:" to a screen reader before the message, under the id the control points at', () => {
    expect(render(<FieldError id="type-error" message="Bitte wählen Sie eine Art." />)).toBe(
      '<p id="type-error" class="font-semibold text-error-700"><span class="sr-only">Fehler: </span>Bitte wählen Sie eine Art.</p>',
    )
  })

  it('is a block span in a table header, and nothing without a message', () => {
    expect(render(<FieldError id="roles-1-error" message="Zu viele." inline />)).toMatch(
      /^<span id="roles-1-error" class="block font-semibold text-error-700"><span class="sr-only">/,
    )
    expect(render(<FieldError id="x-error" message={undefined} />)).toBe('')
    expect(render(<FieldError id="x-error" message="" />)).toBe('')
  })

  it('leaves its prefix in the page without a message, for a line the script shows later', () => {
    const texts = serverTexts('de', flatten(de))
    renderToString(
      <TextsProvider value={texts}>
        <FieldError id="x-error" message={null} />
      </TextsProvider>,
    )
    expect(JSON.parse(texts.pageJson())).toEqual({ 'common.errorPrefix': 'Fehler: ' })
  })
})
