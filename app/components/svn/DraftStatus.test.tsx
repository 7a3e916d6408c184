import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import de from '../../locales/de.json' with { type: 'json' }
import { serverTexts, TextsProvider } from '../../lib/texts.tsx'
import { flatten } from '../../lib/translate.ts'
import { DraftStatus, isAutomaticSave } from './DraftStatus.tsx'

const texts = serverTexts('de', flatten(de))

function render(props: Parameters<typeof DraftStatus>[0]): string {
  return renderToString(
    <TextsProvider value={texts}>
      <DraftStatus {...props} />
    </TextsProvider>,
  )
}

describe('DraftStatus', () => {
  it('shows unsaved changes, and the last save only to screen readers', () => {
    const html = render({ state: 'unsaved', savedAt: '2026-12-01T09:05:00Z', refused: null })
    expect(html).toContain('data-draft-state="unsaved"')
    expect(html).toContain('Ungespeicherte Änderungen')
    expect(html).toMatch(/role="status"[^>]*>Entwurf automatisch gespeichert um 10:05 Uhr\./)
    expect(html).not.toContain('role="alert"')
  })

  it('after a refused save says "not saved" with a plain link back to the page (ADR 303)', () => {
    const html = render({ state: 'unsaved', savedAt: null, refused: '/svn/create?new=1' })
    expect(html).toMatch(/data-draft-state="refused"[^>]*>.*Entwurf nicht gespeichert<\/span>/)
    expect(html).toContain('<a href="/svn/create?new=1" class="underline">Seite neu öffnen</a>')
    // Not "unsaved changes" any more: nothing will save them. The toast says why, not this row.
    expect(html).not.toContain('data-draft-state="unsaved"')
    expect(html).not.toContain('role="alert"')
  })

  it('tells the automatic save from the button and from other forms', () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData()
      for (const [name, value] of Object.entries(fields)) data.set(name, value)
      return data
    }
    expect(isAutomaticSave(form({ intent: 'save-draft', auto: '1' }))).toBe(true)
    expect(isAutomaticSave(form({ intent: 'save-draft' }))).toBe(false)
    expect(isAutomaticSave(form({ intent: 'create', auto: '1' }))).toBe(false)
    expect(isAutomaticSave(undefined)).toBe(false)
  })
})
