import { describe, expect, it } from 'vitest'
import { draftReducer } from './DraftStatus.tsx'
import { plateDisplay } from './SvnCreateForm.tsx'

describe('create form helpers', () => {
  it('shows the plate as canton, a space and the number', () => {
    expect(plateDisplay('ZH', '12345')).toBe('ZH 12345')
    expect(plateDisplay('ZH', ' ')).toBe('ZH')
    expect(plateDisplay('', '')).toBe('')
  })

  it('draft indicator: unsaved on change, saved after a save covering every change, then clean', () => {
    let draft = draftReducer({ state: 'clean', changedSinceSend: false }, 'change')
    expect(draft.state).toBe('unsaved')
    draft = draftReducer(draft, 'send')
    draft = draftReducer(draft, 'saved')
    expect(draft.state).toBe('saved')
    expect(draftReducer(draft, 'expire').state).toBe('clean')
  })

  it('draft indicator: a change while saving stays unsaved', () => {
    let draft = draftReducer({ state: 'clean', changedSinceSend: false }, 'change')
    draft = draftReducer(draft, 'send')
    draft = draftReducer(draft, 'change')
    draft = draftReducer(draft, 'saved')
    expect(draft.state).toBe('unsaved')
    expect(draftReducer(draft, 'expire').state).toBe('unsaved')
  })
})
