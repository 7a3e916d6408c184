/**
 * The Chromium of the browser tests (ADR 900): found in CHROMIUM_PATH, Playwright's own browser or
 * /usr/bin/chromium; when there is none, `npm test` installs one the usual way for the platform, or stops
 * with one line naming the command to run. Everything it asks of the machine comes in as a `Machine`, so
 * the unit test can try every branch.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

export interface Machine {
  /** CHROMIUM_PATH as set in the environment (empty counts as unset). */
  chromiumPath: string | undefined
  platform: NodeJS.Platform
  /** The effective user id; undefined where there is none (Windows). */
  uid: number | undefined
  /** The ID of /etc/os-release (`debian`, `ubuntu`, …); undefined when unknown. */
  osId: string | undefined
  exists(path: string): boolean
  hasCommand(name: string): boolean
  /** Where Playwright keeps its Chromium (whether or not it is downloaded); undefined when it has none for this host. */
  playwrightChromium(): string | undefined
  /** Runs a shell command with the output on the terminal; true when it exits 0. */
  run(command: string): boolean
}

export type Found = { path: string; source: 'CHROMIUM_PATH' | 'Playwright' | 'system' }
export type Provided = ({ ok: true; installedWith?: string } & Found) | { ok: false; message: string }

export const APT_INSTALL = 'apt-get update && apt-get install -y chromium'
export const PLAYWRIGHT_INSTALL = 'npx playwright install chromium'
export const PLAYWRIGHT_INSTALL_WITH_DEPS = 'npx playwright install --with-deps chromium'

/** The Chromium already on the machine, without installing anything. */
export function findChromium(machine: Machine): Found | undefined {
  if (machine.chromiumPath) return { path: machine.chromiumPath, source: 'CHROMIUM_PATH' }
  const playwright = machine.playwrightChromium()
  if (playwright && machine.exists(playwright)) return { path: playwright, source: 'Playwright' }
  if (machine.exists(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: 'system' }
  return undefined
}

/**
 * How this machine gets a Chromium: `install` runs unattended here, `advice` is the one command to tell
 * the user. Debian's package as root (it brings its libraries and fonts); Playwright's download on macOS
 * and Windows, and on other apt-based Linux as root together with its system libraries; elsewhere the
 * installing needs the user (sudo, or a distribution Playwright has no libraries for).
 */
export function installPlan(machine: Machine): { install: string } | { advice: string } {
  if (machine.platform === 'darwin' || machine.platform === 'win32') return { install: PLAYWRIGHT_INSTALL }
  if (machine.platform !== 'linux') return { advice: `set CHROMIUM_PATH to a Chromium (${machine.platform})` }
  const apt = machine.hasCommand('apt-get')
  const debian = machine.osId === 'debian'
  if (apt && machine.uid === 0) return { install: debian ? APT_INSTALL : PLAYWRIGHT_INSTALL_WITH_DEPS }
  if (apt && debian) return { advice: 'sudo apt-get update && sudo apt-get install -y chromium' }
  if (apt) return { advice: PLAYWRIGHT_INSTALL_WITH_DEPS }
  return { advice: PLAYWRIGHT_INSTALL }
}

const ALSO = ' (or set CHROMIUM_PATH to a Chromium), then npm test again'

/** Finds a Chromium, installs one when there is none and that can be done unattended, or says what to run. */
export function provideChromium(machine: Machine): Provided {
  if (machine.chromiumPath && !machine.exists(machine.chromiumPath))
    return {
      ok: false,
      message: `npm test: CHROMIUM_PATH=${machine.chromiumPath} does not exist; unset it or fix it`,
    }
  const found = findChromium(machine)
  if (found) return { ok: true, ...found }
  const plan = installPlan(machine)
  if ('advice' in plan)
    return { ok: false, message: `npm test: no Chromium found; run: ${plan.advice}${ALSO}` }
  console.log(`\n=== browser: no Chromium found; installing it: ${plan.install}`)
  if (!machine.run(plan.install))
    return {
      ok: false,
      message: `npm test: installing Chromium failed; run it yourself: ${plan.install}${ALSO}`,
    }
  const installed = findChromium(machine)
  if (!installed)
    return {
      ok: false,
      message: `npm test: ${plan.install} found no Chromium afterwards; set CHROMIUM_PATH to one`,
    }
  return { ok: true, installedWith: plan.install, ...installed }
}

function osReleaseId(): string | undefined {
  try {
    return /^ID="?([^"\n]+)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1]
  } catch {
    return undefined
  }
}

/** This machine, for `npm test`, the Playwright config and the ops test. */
export function thisMachine(): Machine {
  return {
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    platform: process.platform,
    uid: process.getuid?.(),
    osId: osReleaseId(),
    exists: existsSync,
    hasCommand: (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0,
    playwrightChromium: () => {
      try {
        return chromium.executablePath() || undefined
      } catch {
        // Playwright throws on hosts it has no build for.
        return undefined
      }
    },
    run: (command) => spawnSync(command, { shell: true, stdio: 'inherit' }).status === 0,
  }
}
