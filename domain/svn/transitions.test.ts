import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detailActions } from './detail-actions.ts'
import { SVN_STATUSES, type SvnStatus } from './statuses.ts'
import { SVN_ACTIONS, TRANSITIONS, canTransition, nextStatus, type SvnAction } from './transitions.ts'

/** DESIGN §5 status table, written out independently of the implementation. */
const EXPECTED: Record<SvnAction, [SvnStatus[], SvnStatus]> = {
  cancel: [['OPEN'], 'CANCELED'],
  reserve: [['OPEN'], 'RESERVED'],
  'register-iv': [['OPEN', 'RESERVED'], 'IV'],
  'mark-untreated': [['OPEN'], 'UNTREATED'],
  'create-ae': [['IV'], 'AE'],
  'cancel-ae': [['AE'], 'IV'],
  'reject-ae': [['AE'], 'IV'],
  'fetch-ae': [['AE'], 'AE'],
  'execute-ae': [['AE'], 'AV'],
  'expire-ae': [['AE'], 'AV'],
  'register-av': [['IV'], 'AV'],
  'mark-deletable': [['CANCELED', 'UNTREATED', 'AV'], 'DELETABLE'],
}

describe('status transitions', () => {
  it('allows each action exactly from its statuses, for every status × action pair', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SVN_STATUSES), fc.constantFrom(...SVN_ACTIONS), (status, action) => {
        const [from, to] = EXPECTED[action]
        expect(nextStatus(action, status)).toBe(from.includes(status) ? to : null)
        expect(canTransition(action, status)).toBe(from.includes(status))
      }),
      { numRuns: 500 },
    )
  })

  it('nothing leaves DELETABLE, and insurer moves name their role', () => {
    for (const action of SVN_ACTIONS) expect(canTransition(action, 'DELETABLE')).toBe(false)
    expect(TRANSITIONS.cancel.roles).toEqual(['SVN_STORNIEREN'])
    expect(TRANSITIONS['create-ae'].roles).toEqual(['AE_ERSTELLEN'])
    expect(TRANSITIONS['cancel-ae'].roles).toEqual(['AE_STORNIEREN'])
  })
})

describe('detail actions (spec §4)', () => {
  const all = ['SVN_ERSTELLEN', 'SVN_STORNIEREN', 'AE_ERSTELLEN', 'AE_STORNIEREN']
  it('shows buttons by status and role', () => {
    expect(detailActions('OPEN', all)).toMatchObject({ cancelSvn: true, createAe: false, showIv: false })
    expect(detailActions('IV', all)).toMatchObject({ createAe: true, showIv: true, showAv: false })
    expect(detailActions('AE', all)).toMatchObject({ cancelAe: true, cancelSvn: false })
    expect(detailActions('AV', all)).toMatchObject({ showIv: true, showAv: true, createAe: false })
    expect(detailActions('OPEN', ['SVN_SUCHEN'])).toEqual({
      template: false,
      cancelSvn: false,
      createAe: false,
      cancelAe: false,
      showIv: false,
      showAv: false,
    })
  })
})
