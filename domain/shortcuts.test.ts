import { describe, expect, it } from 'vitest'
import {
  createHiddenActionCounter,
  createShortcutMatcher,
  GO_TO_SHORTCUTS,
  goToShortcutsFor,
  isTypingTarget,
  SEQUENCE_TIMEOUT_MS,
  type ShortcutKeyEvent,
} from './shortcuts.ts'

function setup(enabled = true, roles = ['SVN_SUCHEN', 'SVN_ERSTELLEN', 'ADMIN']) {
  let time = 1_000
  let on = enabled
  const match = createShortcutMatcher({
    enabled: () => on,
    goTo: () => goToShortcutsFor(roles),
    now: () => time,
  })
  return {
    match,
    key: (key: string, more: Partial<ShortcutKeyEvent> = {}) =>
      match({ key, target: { tagName: 'BODY' }, ...more }),
    advance: (ms: number) => (time += ms),
    set: (value: boolean) => (on = value),
  }
}

describe('shortcut matcher', () => {
  it('? opens help and / goes to the search field', () => {
    const s = setup()
    expect(s.key('?', {})).toEqual({ kind: 'help' })
    expect(s.key('/')).toEqual({ kind: 'search' })
  })

  it('g then a letter goes to the screen', () => {
    const s = setup()
    expect(s.key('g')).toBeNull()
    expect(s.key('s')).toEqual({ kind: 'go', path: '/svn/search' })
    expect(s.key('g')).toBeNull()
    expect(s.key('a')).toEqual({ kind: 'go', path: '/user/administration' })
    expect(s.key('g')).toBeNull()
    expect(s.key('C')).toEqual({ kind: 'go', path: '/svn/create' })
  })

  it('a letter without g does nothing', () => {
    const s = setup()
    expect(s.key('s')).toBeNull()
  })

  it('the second key must come within the timeout', () => {
    const s = setup()
    s.key('g')
    s.advance(SEQUENCE_TIMEOUT_MS + 1)
    expect(s.key('s')).toBeNull()
  })

  it('another key ends the sequence', () => {
    const s = setup()
    s.key('g')
    expect(s.key('x')).toBeNull()
    expect(s.key('s')).toBeNull()
    s.key('g')
    expect(s.key('?')).toEqual({ kind: 'help' })
  })

  it('offers only screens the user may open', () => {
    const s = setup(true, ['SVN_SUCHEN'])
    s.key('g')
    expect(s.key('a')).toBeNull()
    s.key('g')
    expect(s.key('u')).toBeNull()
    s.key('g')
    expect(s.key('s')).toEqual({ kind: 'go', path: '/svn/search' })
    expect(goToShortcutsFor(['ADMIN']).map((g) => g.path)).toEqual(['/user/administration'])
    expect(goToShortcutsFor([])).toEqual([])
  })

  it('ignores keys typed into fields', () => {
    const s = setup()
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT', 'input']) {
      expect(s.key('?', { target: { tagName } }), tagName).toBeNull()
      expect(s.key('/', { target: { tagName } }), tagName).toBeNull()
    }
    expect(s.key('?', { target: { tagName: 'DIV', isContentEditable: true } })).toBeNull()
    // A g typed in a field does not start a sequence either.
    s.key('g', { target: { tagName: 'INPUT' } })
    expect(s.key('s')).toBeNull()
  })

  it('honours the off switch, at once', () => {
    const s = setup(false)
    expect(s.key('?')).toBeNull()
    s.key('g')
    expect(s.key('s')).toBeNull()
    s.set(true)
    expect(s.key('?')).toEqual({ kind: 'help' })
    s.key('g')
    s.set(false)
    expect(s.key('s')).toBeNull()
  })

  it('leaves Ctrl, Meta and Alt combinations and repeats alone, but allows Shift', () => {
    const s = setup()
    expect(s.key('/', { ctrlKey: true })).toBeNull()
    expect(s.key('/', { metaKey: true })).toBeNull()
    expect(s.key('?', { altKey: true })).toBeNull()
    expect(s.key('?', { repeat: true })).toBeNull()
    expect(s.key('?', { isComposing: true })).toBeNull()
    expect(s.key('?')).toEqual({ kind: 'help' })
  })

  it('matches on the character, whatever key makes it (e.g. Shift+7 on Swiss German)', () => {
    const s = setup()
    expect(s.match({ key: '/', target: null })).toEqual({ kind: 'search' })
  })

  it('has one target per letter', () => {
    const keys = GO_TO_SHORTCUTS.map((g) => g.key)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('isTypingTarget', () => {
  it('knows fields from other elements', () => {
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true)
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false)
    expect(isTypingTarget(null)).toBe(false)
  })
})

describe('hidden action counter', () => {
  it('fires on the tenth Ctrl+Shift click in a series', () => {
    let time = 0
    const click = createHiddenActionCounter(() => time)
    for (let i = 1; i < 10; i++) {
      time += 400
      expect(click({ ctrlKey: true, shiftKey: true }), `click ${i}`).toBe(false)
    }
    time += 400
    expect(click({ ctrlKey: true, shiftKey: true })).toBe(true)
    // and starts again
    expect(click({ ctrlKey: true, shiftKey: true })).toBe(false)
  })

  it('needs both modifiers, and a plain click resets', () => {
    let time = 0
    const click = createHiddenActionCounter(() => time)
    for (let i = 0; i < 9; i++) click({ ctrlKey: true, shiftKey: true })
    expect(click({ ctrlKey: true, shiftKey: false })).toBe(false)
    for (let i = 0; i < 9; i++) expect(click({ ctrlKey: true, shiftKey: true })).toBe(false)
    expect(click({ ctrlKey: true, shiftKey: true })).toBe(true)
    time += 1
    for (let i = 0; i < 12; i++) expect(click({ ctrlKey: false, shiftKey: true })).toBe(false)
  })

  it('starts over after a pause longer than the gap', () => {
    let time = 0
    const click = createHiddenActionCounter(() => time, 10, 5000)
    for (let i = 0; i < 9; i++) click({ ctrlKey: true, shiftKey: true })
    time += 5001
    expect(click({ ctrlKey: true, shiftKey: true })).toBe(false)
  })
})
