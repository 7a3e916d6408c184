import { describe, expect, it } from 'vitest'
import {
  APT_INSTALL,
  PLAYWRIGHT_INSTALL,
  PLAYWRIGHT_INSTALL_WITH_DEPS,
  SYSTEM_CHROMIUM,
  findChromium,
  provideChromium,
  thisMachine,
  type Machine,
} from './browser.ts'

const PLAYWRIGHT = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome'

/** A fresh Debian machine run as root with apt: no browser anywhere; `installs` says what a command puts on disk. */
function machine(
  overrides: Partial<Machine> & {
    files?: string[]
    commands?: string[]
    installs?: Record<string, string>
  } = {},
) {
  const files = new Set(overrides.files ?? [])
  const commands = new Set(overrides.commands ?? ['apt-get'])
  const ran: string[] = []
  const m: Machine = {
    chromiumPath: undefined,
    platform: 'linux',
    uid: 0,
    osId: 'debian',
    exists: (path) => files.has(path),
    hasCommand: (name) => commands.has(name),
    playwrightChromium: () => PLAYWRIGHT,
    run: (command) => {
      ran.push(command)
      const file = overrides.installs?.[command]
      if (file) files.add(file)
      return file !== undefined
    },
    ...overrides,
  }
  return { m, ran }
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, then Playwright’s browser, then /usr/bin/chromium', () => {
    const everything = [PLAYWRIGHT, SYSTEM_CHROMIUM, '/opt/chrome']
    expect(findChromium(machine({ chromiumPath: '/opt/chrome', files: everything }).m)).toEqual({
      path: '/opt/chrome',
      source: 'CHROMIUM_PATH',
    })
    expect(findChromium(machine({ files: everything }).m)).toEqual({ path: PLAYWRIGHT, source: 'Playwright' })
    expect(findChromium(machine({ files: [SYSTEM_CHROMIUM] }).m)).toEqual({
      path: SYSTEM_CHROMIUM,
      source: 'system',
    })
  })

  it('does not take Playwright’s path before its download, nor a host Playwright has no build for', () => {
    expect(findChromium(machine().m)).toBeUndefined()
    expect(
      findChromium(machine({ playwrightChromium: () => undefined, files: [PLAYWRIGHT] }).m),
    ).toBeUndefined()
  })
})

describe('provideChromium', () => {
  it('installs nothing when a Chromium is there', () => {
    const { m, ran } = machine({ files: [SYSTEM_CHROMIUM] })
    expect(provideChromium(m)).toEqual({ ok: true, path: SYSTEM_CHROMIUM, source: 'system' })
    expect(ran).toEqual([])
  })

  it('Debian as root with apt: Debian’s chromium package', () => {
    const { m, ran } = machine({ installs: { [APT_INSTALL]: SYSTEM_CHROMIUM } })
    expect(provideChromium(m)).toEqual({
      ok: true,
      path: SYSTEM_CHROMIUM,
      source: 'system',
      installedWith: APT_INSTALL,
    })
    expect(ran).toEqual([APT_INSTALL])
  })

  it('another apt-based Linux as root: Playwright’s download with its system libraries', () => {
    const { m, ran } = machine({ osId: 'ubuntu', installs: { [PLAYWRIGHT_INSTALL_WITH_DEPS]: PLAYWRIGHT } })
    expect(provideChromium(m)).toMatchObject({ ok: true, path: PLAYWRIGHT, source: 'Playwright' })
    expect(ran).toEqual([PLAYWRIGHT_INSTALL_WITH_DEPS])
  })

  it.each(['darwin', 'win32'] as const)('%s: Playwright’s download, as any user', (platform) => {
    const { m, ran } = machine({
      platform,
      uid: 501,
      commands: [],
      installs: { [PLAYWRIGHT_INSTALL]: PLAYWRIGHT },
    })
    expect(provideChromium(m)).toMatchObject({
      ok: true,
      path: PLAYWRIGHT,
      installedWith: PLAYWRIGHT_INSTALL,
    })
    expect(ran).toEqual([PLAYWRIGHT_INSTALL])
  })

  it.each([
    ['Debian without root', { uid: 1000 }, 'sudo apt-get update && sudo apt-get install -y chromium'],
    ['another apt-based Linux without root', { uid: 1000, osId: 'ubuntu' }, PLAYWRIGHT_INSTALL_WITH_DEPS],
    ['a Linux without apt, even as root', { commands: [], osId: 'fedora' }, PLAYWRIGHT_INSTALL],
    ['a platform Playwright has no browser for', { platform: 'freebsd' as const }, 'set CHROMIUM_PATH'],
  ])('%s: installs nothing and says in one line what to run', (_, overrides, command) => {
    const { m, ran } = machine(overrides)
    const result = provideChromium(m)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message).toContain(command)
    expect(result.message).toMatch(/^npm test: /)
    expect(result.message).not.toContain('\n')
    expect(ran).toEqual([])
  })

  it('a failed install stops with the command to run by hand', () => {
    const { m, ran } = machine()
    expect(provideChromium(m)).toEqual({
      ok: false,
      message: `npm test: installing Chromium failed; run it yourself: ${APT_INSTALL} (or set CHROMIUM_PATH to a Chromium), then npm test again`,
    })
    expect(ran).toEqual([APT_INSTALL])
  })

  it('an install that puts no Chromium where it is looked for stops too', () => {
    const { m } = machine({ installs: { [APT_INSTALL]: '/usr/lib/chromium/chromium' } })
    expect(provideChromium(m)).toMatchObject({
      ok: false,
      message: expect.stringContaining('found no Chromium'),
    })
  })

  it('a CHROMIUM_PATH that does not exist stops at once instead of installing another browser', () => {
    const { m, ran } = machine({ chromiumPath: '/opt/nope', files: [SYSTEM_CHROMIUM] })
    expect(provideChromium(m)).toEqual({
      ok: false,
      message: 'npm test: CHROMIUM_PATH=/opt/nope does not exist; unset it or fix it',
    })
    expect(ran).toEqual([])
  })
})

describe('thisMachine', () => {
  it('reads this machine without throwing and finds the command shell', () => {
    const m = thisMachine()
    expect(m.platform).toBe(process.platform)
    expect(m.hasCommand('node')).toBe(true)
    expect(m.hasCommand('no-such-command-here')).toBe(false)
    expect(typeof m.playwrightChromium()).toMatch(/string|undefined/)
  })
})
