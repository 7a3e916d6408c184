import { describe, expect, it } from 'vitest'
import { spoken } from './useScriptRefusal.ts'

describe('the script refusal', () => {
  it('counts each refusal, the same message again included, so the summary takes focus each time', () => {
    const first = spoken(null, 'Zu gross')
    expect(first).toEqual({ message: 'Zu gross', attempt: 1 })
    expect(spoken(first, 'Zu gross')).toEqual({ message: 'Zu gross', attempt: 2 })
  })

  it('clears without counting: a new file or a success is no refusal', () => {
    const cleared = spoken(spoken(null, 'Zu gross'), null)
    expect(cleared).toEqual({ message: null, attempt: 1 })
    expect(spoken(cleared, 'Zu gross')).toEqual({ message: 'Zu gross', attempt: 2 })
  })
})
