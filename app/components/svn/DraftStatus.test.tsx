import { describe, expect, it } from 'vitest'
import en from '../../locales/en.json' with { type: 'json' }
import fr from '../../locales/fr.json' with { type: 'json' }
import it_ from '../../locales/it.json' with { type: 'json' }
import { serverTexts } from '../../lib/texts.tsx'
import { flatten } from '../../lib/translate.ts'
import { germanTexts, renderInRouter } from '../../../tests/render-in-router.tsx'
import { DraftNote, DraftStatus, isAutomaticSave, isDraftAddressMove } from './DraftStatus.tsx'

const render = (props: Parameters<typeof DraftStatus>[0]) => renderInRouter(<DraftStatus {...props} />)

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

describe('DraftNote', () => {
  /** Server-rendered inside a router (its discard form and link need one), as on /svn/create. */
  function note(
    props: Omit<Parameters<typeof DraftNote>[0], 'action' | 'csrf'>,
    language = germanTexts,
  ): string {
    return renderInRouter(<DraftNote {...props} action="/svn/create" csrf="token" />, {
      path: '/svn/create?new=1',
      texts: language,
    })
  }
  const at = '01.12.2026 10:05'

  it('shows nothing without a stored draft', () => {
    expect(note({ draftAt: null, restored: false, savedHere: false })).toBe('')
  })

  it('restored: says when it was saved, with the button that discards it', () => {
    const html = note({ draftAt: at, restored: true, savedHere: true })
    expect(html).toContain('Dieses Formular zeigt Ihren gespeicherten Entwurf vom 01.12.2026 10:05.')
    expect(html).toContain('action="/svn/create" method="post"')
    expect(html).toContain('value="discard-draft"')
    expect(html).toContain('name="csrf" value="token"')
  })

  it('beside an empty form or template: names the draft with the way to it, until this form is saved', () => {
    const beside = note({ draftAt: at, restored: false, savedHere: false })
    expect(beside).toContain('Ihr Entwurf vom 01.12.2026 10:05 ist noch gespeichert. Er wird ersetzt,')
    expect(beside).toContain(
      '<a class="underline" href="/svn/create" data-discover="true">Entwurf öffnen</a>',
    )
    expect(beside).not.toContain('<form')

    const saved = note({ draftAt: at, restored: false, savedHere: true })
    expect(saved).toContain(
      'Dieses Formular ist jetzt Ihr Entwurf. Es hat den Entwurf vom 01.12.2026 10:05 ersetzt.',
    )
    expect(saved).not.toContain('<a ')
  })

  it.each([
    ['fr', fr],
    ['it', it_],
    ['en', en],
  ] as const)('shows each state in %s with the time, and no key or placeholder', (lng, catalogue) => {
    const language = serverTexts(lng, flatten(catalogue))
    for (const restored of [true, false]) {
      for (const savedHere of [true, false]) {
        const html = note({ draftAt: at, restored, savedHere }, language)
        expect(html).toContain(at)
        expect(html).not.toMatch(/\{\{|svnCreate\./)
      }
    }
  })
})

describe('isDraftAddressMove', () => {
  it('is no move while none runs, nor for a submission or another address', () => {
    const nextUrl = new URL('https://svn.example.ch/svn/create')
    expect(isDraftAddressMove({ nextUrl })).toBe(false)
    expect(isDraftAddressMove({ nextUrl, formMethod: 'POST' })).toBe(false)
    expect(isDraftAddressMove({ nextUrl: new URL('https://svn.example.ch/svn/create?new=1') })).toBe(false)
  })
})
