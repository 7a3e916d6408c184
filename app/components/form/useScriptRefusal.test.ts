import { describe, expect, it } from 'vitest'
import { shown, spoken } from './useScriptRefusal.ts'

describe('the script refusal', () => {
  it('counts each refusal, the same message again included, so the summary takes focus each time', () => {
    const first = spoken(null, 'Zu gross', 'a')
    expect(shown(first, null, 'a')).toEqual({ message: 'Zu gross', attempt: 1 })
    expect(shown(spoken(first, 'Zu gross', 'a'), null, 'a')).toEqual({ message: 'Zu gross', attempt: 2 })
  })

  it('shows the server’s refusal until the script speaks; clearing hides it without counting', () => {
    expect(shown(null, 'Vom Server', 'a')).toEqual({ message: 'Vom Server', attempt: 0 })
    const cleared = spoken(spoken(null, 'Zu gross', 'a'), null, 'a')
    expect(shown(cleared, 'Vom Server', 'a')).toEqual({ message: null, attempt: 1 })
    expect(shown(spoken(cleared, 'Zu gross', 'a'), null, 'a')).toEqual({ message: 'Zu gross', attempt: 2 })
  })

  it('starts again from the server’s answer on another location (a navigation, Back)', () => {
    const cleared = spoken(null, null, 'a')
    expect(shown(cleared, 'Vom Server', 'b')).toEqual({ message: 'Vom Server', attempt: 0 })
    expect(spoken(spoken(null, 'Zu gross', 'a'), 'Zu gross', 'b')).toEqual({
      message: 'Zu gross',
      attempt: 1,
      on: 'b',
    })
  })
})
