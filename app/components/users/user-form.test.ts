import { describe, expect, it } from 'vitest'
import {
  emptyUserValues,
  readUserForm,
  registerFieldErrors,
  roleChoices,
  rolesForType,
  sameValues,
  typeChoices,
  withBrokerFixedFields,
  type DialogContext,
} from './user-form.ts'

const admin: DialogContext = {
  callerMaklerNummer: null,
  insurerHasRoleGroups: false,
  insurerIsBroker: false,
  editingSelf: false,
}
const broker: DialogContext = { ...admin, callerMaklerNummer: '4711', insurerIsBroker: true }

describe('user form model', () => {
  it('reads a posted form: text as typed, aktiv from the checkbox, known roles in dialog order', () => {
    const form = new FormData()
    form.set('nachname', ' Muster ')
    form.set('type', 'NURLESEN')
    form.append('roles', 'AE_SUCHEN')
    form.append('roles', 'ROOT')
    form.append('roles', 'SVN_SUCHEN')
    const values = readUserForm(form)
    expect(values).toMatchObject({ nachname: ' Muster ', vorname: '', type: 'NURLESEN', aktiv: false })
    expect(values.roles).toEqual(['SVN_SUCHEN', 'AE_SUCHEN'])
  })

  it('changed ignores role order', () => {
    const values = { ...emptyUserValues(), nachname: 'Muster', email: 'a@b.ch' }
    expect(sameValues(values, { ...values, roles: [...values.roles].reverse() })).toBe(true)
    expect(sameValues(values, { ...values, aktiv: false })).toBe(false)
  })

  it('a broker cannot set type or broker number: the server fills them in', () => {
    const posted = { ...emptyUserValues('ADMIN'), maklerNummer: '9999' }
    expect(withBrokerFixedFields(posted, broker, null)).toMatchObject({
      type: 'MAKLER',
      maklerNummer: '4711',
    })
    expect(withBrokerFixedFields(posted, broker, { type: 'MAKLER', maklerNummer: '12' })).toMatchObject({
      maklerNummer: '12',
    })
    expect(withBrokerFixedFields(posted, admin, null)).toBe(posted)
  })

  it('a type resets the roles to its defaults, keeping what cannot be removed', () => {
    expect(rolesForType('NURLESEN', admin, [], true)).toEqual(['SVN_SUCHEN', 'AE_SUCHEN'])
    expect(rolesForType('NURLESEN', { ...admin, editingSelf: true }, ['ADMIN'], false)).toEqual([
      'ADMIN',
      'SVN_SUCHEN',
      'AE_SUCHEN',
    ])
    expect(rolesForType('NURLESEN', broker, ['MAKLER'], false)).toContain('MAKLER')
    expect(rolesForType('', admin, [], true)).toEqual([])
  })

  it('offers the spec §6 roles plus held ones and locks implied, broker and own-admin roles', () => {
    const choices = roleChoices(admin, ['GROUP_ADMIN'], ['SVN_SUCHEN', 'SVN_ERSTELLEN', 'GROUP_ADMIN'], false)
    const byRole = Object.fromEntries(choices.map((c) => [c.role, c]))
    expect(byRole.GROUP_ADMIN).toMatchObject({ checked: true, lock: null })
    expect(byRole.SVN_SUCHEN).toMatchObject({ checked: true, lock: 'implied' })
    expect(byRole.SVN_ERSTELLEN?.lock).toBeNull()
    expect(byRole.MAKLER).toMatchObject({ checked: false })
    expect(roleChoices(admin, [], [], true).map((c) => c.role)).not.toContain('GROUP_ADMIN')

    const asBroker = roleChoices(broker, [], ['SVN_SUCHEN', 'MAKLER'], true)
    expect(asBroker.find((c) => c.role === 'MAKLER')).toMatchObject({ checked: true, lock: 'broker' })
    const self = roleChoices({ ...admin, editingSelf: true }, ['ADMIN'], ['ADMIN'], false)
    expect(self.find((c) => c.role === 'ADMIN')?.lock).toBe('ownAdmin')
  })

  it('offers MAKLER as a type only for a broker insurer, keeping a user’s own type', () => {
    expect(typeChoices(admin, null)).toEqual(['ADMIN', 'NURLESEN', 'SACHBEARBEITER'])
    expect(typeChoices(admin, 'MAKLER')).toContain('MAKLER')
    expect(typeChoices(broker, null)).toContain('MAKLER')
  })

  it('maps the register’s messages to translation keys per control', () => {
    const { fields, other } = registerFieldErrors({
      email: ['Email must always be unique.'],
      nachname: ['validation.maxLength'],
      'roles.2': ['validation.invalidOption'],
      roles: ['roles.maklerNotRemovable'],
      aktiv: ['user.ownAccountNotDeactivatable'],
      _: ['something odd'],
      vorname: ['validation.notInTheCatalogue'],
    })
    expect(fields.email).toEqual({ key: 'admin.users.errors.emailUnique' })
    expect(fields.nachname).toEqual({ key: 'validation.maxLength', values: { max: 100 } })
    expect(fields.roles).toEqual({ key: 'validation.invalidOption' })
    expect(fields.aktiv).toEqual({ key: 'admin.users.errors.ownAccountNotDeactivatable' })
    expect(other).toEqual([{ key: 'validation.invalid' }])
    // A validation.* key the portal has no text for is no key to show (ADR 800).
    expect(fields.vorname).toEqual({ key: 'validation.invalid' })
  })
})
