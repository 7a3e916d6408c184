import { renderToString } from 'react-dom/server'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import de from '../locales/de.json' with { type: 'json' }
import { serverTexts, TextsProvider } from '../lib/texts.tsx'
import { flatten } from '../lib/translate.ts'
import { Dialog } from './Dialog.tsx'
import { HolidayBanner } from './HolidayBanner.tsx'

const texts = serverTexts('de', flatten(de))

const render = (node: ReactNode) => renderToString(<TextsProvider value={texts}>{node}</TextsProvider>)

describe('Dialog (server-rendered)', () => {
  it('is a closed native dialog labelled by its heading, with a named close button', () => {
    const html = render(
      <Dialog open onClose={() => {}} title="Titel">
        <p>Inhalt</p>
      </Dialog>,
    )
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1]
    expect(labelledBy).toBeTruthy()
    expect(html).toContain(`<h2 id="${labelledBy}"`)
    // showModal() only runs in the browser: the server never renders it open (no inert-less modal).
    expect(html).not.toMatch(/<dialog[^>]*\sopen/)
    expect(html).toMatch(/<button type="button"[^>]*min-h-10 min-w-10/)
    expect(html).toContain('<span class="sr-only">Schliessen</span>')
    expect(html).not.toContain('style=')
  })

  it('uses a given close label', () => {
    expect(
      render(
        <Dialog open={false} onClose={() => {}} title="T" closeLabel="Abbrechen">
          x
        </Dialog>,
      ),
    ).toContain('<span class="sr-only">Abbrechen</span>')
  })
})

describe('HolidayBanner (server-rendered)', () => {
  it('is static text without JavaScript: no animation, no pause control', () => {
    const html = render(
      <HolidayBanner banner={{ holiday: 'christmas', messages: ['Eins', 'Zwei', 'Drei'], index: 1 }} />,
    )
    expect(html).toContain('aria-label="Feiertagsgruss"')
    expect(html).toContain('Zwei')
    expect(html).not.toContain('animate')
    expect(html).not.toContain('<button')
    expect(html).not.toContain('style=')
  })
})
