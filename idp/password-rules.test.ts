import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_COUNT, commonPasswords, passwordRuleError } from './password-rules.ts'

const LOGIN = 'Nina.Steiner@alpina.example'

describe('passwordRuleError (ASVS 6.2, ADR 723)', () => {
  it('holds exactly the 10 000 most common passwords, in lower case', async () => {
    const list = await commonPasswords()
    expect(list.size).toBe(COMMON_PASSWORD_COUNT)
    for (const p of ['123456', 'password', 'qwerty', 'iloveyou', 'passwort', 'trustno1'])
      expect(list).toContain(p)
    expect([...list].every((p) => p === p.toLowerCase())).toBe(true)
  })

  it('refuses a common password of any case, also the long ones that pass the length rule', async () => {
    const longCommon = [...(await commonPasswords())].filter((p) => p.length >= 10)
    expect(longCommon.length).toBeGreaterThan(50)
    for (const p of ['password', 'PASSWORD', 'Qwertyuiop', longCommon[0]!, longCommon[0]!.toUpperCase()]) {
      expect(await passwordRuleError(p, LOGIN), p).toBe('setup.passwordCommon')
    }
  })

  it('refuses a password containing the e-mail address or its local part, any case', async () => {
    for (const p of [
      'nina.steiner@alpina.example',
      'xNINA.STEINER@ALPINA.EXAMPLEx',
      'Nina.Steiner2026!',
      'my-nina.steiner-pw',
    ]) {
      expect(await passwordRuleError(p, LOGIN), p).toBe('setup.passwordContainsLogin')
    }
  })

  it('ignores a local part shorter than 3 characters', async () => {
    expect(await passwordRuleError('Ab-Kl4rer-Himmel', 'ab@alpina.example')).toBeNull()
  })

  it('accepts an uncommon password without the e-mail address', async () => {
    expect(await passwordRuleError('Kl4rer-Himmel über Biel', LOGIN)).toBeNull()
    expect(await passwordRuleError('a-long-password', LOGIN)).toBeNull()
  })
})
