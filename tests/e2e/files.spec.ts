import { readFile } from 'node:fs/promises'
import { type Download, type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  jsEnabled,
  loginAs,
  sideNav,
  tabTo,
  waitForHydration,
  expect,
  test,
  expectErrorSummary,
  gotoHydrated,
} from './support.ts'

/**
 * File pickup (spec §2 "File pickup screens", §4 "File generation"; DESIGN §5, §7). Files belong to an
 * insurer, and the js and no-js projects run at the same time on the same data: js works as Léman's
 * clerk, no-js as Alpina's, and this file's tests run one after another within a project, so every
 * count asserted here changes only by this test's own hand. Each journey first clears the seeded
 * files of its screen (so the screen is checked with and without files), then generates its own.
 */
// A journey generates, downloads and deletes two files with full page loads: more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

interface Screen {
  path: string
  title: string
  nav: string
  dateRange: boolean
}

const SCREENS: readonly Screen[] = [
  {
    path: '/svn/untreated',
    title: 'Nicht eingelöste SVN abholen',
    nav: 'Nicht eingelöste SVN',
    dateRange: false,
  },
  {
    path: '/svn/iv-av-retrieve',
    title: 'IV/AV-Meldungen abholen',
    nav: 'IV/AV-Meldungen abholen',
    dateRange: true,
  },
  { path: '/ae/rejected', title: 'Zurückgewiesene AE abholen', nav: 'Zurückgewiesene AE', dateRange: true },
]

const clerk = () => (jsEnabled(test.info()) ? 'clerk@leman.example' : 'clerk@alpina.example')
const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const flash = (page: Page) => page.locator('#main > div').first()
const fileTable = (page: Page) => page.getByRole('table')
const noFiles = (page: Page) => page.getByText('Es sind keine Dateien vorhanden.')

/** The not-downloaded count in the title "Name (3)". */
async function titleCount(page: Page, screen: Screen): Promise<number> {
  await expect(heading(page)).toHaveText(new RegExp(`^${escape(screen.title)} \\(\\d+\\)$`))
  const text = await heading(page).innerText()
  return Number(/\((\d+)\)$/.exec(text)?.[1])
}

/** The count in the menu entry's accessible name ("Nicht eingelöste SVN, nicht heruntergeladene Dateien: 3"). */
async function navCount(page: Page, screen: Screen): Promise<number> {
  const link = sideNav(page).getByRole('link', { name: new RegExp(`^${escape(screen.nav)}`) })
  await expect(link).toHaveAccessibleName(/nicht heruntergeladene Dateien: \d+$/)
  const name = (await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? ''
  return Number(/(\d+)\s*$/.exec(name)?.[1])
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** Generates a file with the keyboard: Tab to the button, Enter; returns the new file's name. */
async function generate(page: Page, format: 'XML' | 'CSV'): Promise<string> {
  const button = page.getByRole('button', { name: `${format} erstellen` })
  await tabTo(page, button)
  await page.keyboard.press('Enter')
  // (With JS an earlier message may still show: wait for the one naming a file of this format.)
  const pattern = new RegExp(`Die Datei (\\S+\\.${format.toLowerCase()}) wurde erstellt`)
  const message = flash(page).getByText(pattern)
  await expect(message).toBeVisible({ timeout: 20_000 })
  const fileName = pattern.exec(await message.innerText())?.[1] ?? ''
  await expect(fileTable(page).getByRole('row', { name: new RegExp(escape(fileName)) })).toBeVisible()
  return fileName
}

/** Follows a file's download link with the keyboard and returns the download. */
async function download(page: Page, fileName: string): Promise<Download> {
  const link = page.getByRole('link', { name: `Herunterladen ${fileName}` })
  await link.focus()
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
  return file
}

async function expectContent(file: Download, format: 'XML' | 'CSV') {
  const bytes = await readFile(await file.path())
  if (format === 'XML') {
    expect(bytes.subarray(0, 5).toString('utf8')).toBe('<?xml')
  } else {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const header = bytes.subarray(3).toString('utf8').split('\r\n')[0] ?? ''
    expect(header).toContain(';')
  }
}

/**
 * Deletes a file after confirming: a dialog with JS, the server's confirmation step without. The
 * keyboard way (Tab to the button, Enter; in the dialog Shift+Tab from "no" to "yes") unless `mouse`.
 */
async function deleteFile(
  page: Page,
  fileName: string,
  options: { a11yLabel?: string; mouse?: boolean } = {},
) {
  const { a11yLabel, mouse = false } = options
  const question = `Datei ${fileName} löschen?`
  const button = page.getByRole('button', { name: `Löschen ${fileName}` })
  if (mouse) await button.click()
  else {
    await tabTo(page, button, 200)
    await page.keyboard.press('Enter')
  }
  const ok = jsEnabled(test.info())
    ? page.getByRole('dialog', { name: question }).getByRole('button', { name: 'Datei löschen' })
    : page.getByRole('button', { name: 'Datei löschen' })
  if (jsEnabled(test.info())) {
    const dialog = page.getByRole('dialog', { name: question })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Nein, zurück' })).toBeFocused()
    if (a11yLabel) await expectNoA11yViolations(page, a11yLabel)
    if (!mouse) {
      await page.keyboard.press('Shift+Tab')
      await expect(ok).toBeFocused()
    }
  } else {
    await expect(heading(page)).toHaveText(question)
    await expect(page).toHaveTitle(`${question} – SVN Portal`)
    if (a11yLabel) await expectNoA11yViolations(page, a11yLabel)
    if (!mouse) await tabTo(page, ok)
  }
  if (mouse) await ok.click()
  else await page.keyboard.press('Enter')
  await expect(flash(page)).toContainText(`Die Datei ${fileName} wurde gelöscht.`)
  await expect(page.getByRole('row', { name: new RegExp(escape(fileName)) })).toHaveCount(0)
}

test.describe('File pickup', () => {
  for (const screen of SCREENS) {
    test(`${screen.path}: generate XML and CSV, download, counts, delete`, async ({ page }) => {
      await loginAs(page, clerk())
      await gotoHydrated(page, screen.path)
      const seeded = await titleCount(page, screen)
      await expect(page).toHaveTitle(`${screen.title} (${seeded}) – SVN Portal`)
      expect(await navCount(page, screen)).toBe(seeded)
      // The demo seed leaves files for pickup (DESIGN §6): the table first, then the empty screen.
      const seededNames = await fileTable(page).locator('tbody tr td:first-child').allInnerTexts()
      expect(seededNames.length).toBeGreaterThan(0)
      await expectNoA11yViolations(page, `${screen.path} with the seeded files`)
      for (const name of seededNames) await deleteFile(page, name, { mouse: true })
      await expect(fileTable(page)).toHaveCount(0)
      await expect(noFiles(page)).toBeVisible()
      const before = await titleCount(page, screen)
      expect(before).toBe(0)
      expect(await navCount(page, screen)).toBe(0)
      await expectNoA11yViolations(page, `${screen.path} without files`)

      // Form fields as the spec lists them for this type; a clerk sees the broker number.
      await expect(page.getByLabel('Maklernummer')).toBeVisible()
      await expect(page.getByLabel('Von', { exact: true })).toHaveCount(screen.dateRange ? 1 : 0)
      await expect(page.getByRole('radio')).toHaveCount(screen.dateRange ? 2 : 0)
      if (screen.dateRange) {
        await expect(page.getByRole('radio', { name: 'Nur neue' })).toBeChecked()
        // All records since 2000 (typed as d.m.yyyy), so the file has content whatever ran before.
        await page.getByLabel('Von', { exact: true }).focus()
        await page.keyboard.type('1.1.2000')
        await page.keyboard.press('Tab')
        // With JS the date field's picker button comes next; leaving the field normalised the date.
        if (jsEnabled(test.info())) {
          await expect(page.locator('[data-date-picker-for="von"]')).toBeFocused()
          await page.keyboard.press('Tab')
        }
        await expect(page.getByLabel('Bis', { exact: true })).toBeFocused()
        if (jsEnabled(test.info()))
          await expect(page.getByLabel('Von', { exact: true })).toHaveValue('01.01.2000')
        await tabTo(page, page.getByRole('radio', { name: 'Nur neue' }))
        await page.keyboard.press('ArrowRight')
        await expect(page.getByRole('radio', { name: 'Alle' })).toBeChecked()
      }

      const xml = await generate(page, 'XML')
      // The input stays for the next file (no-JS: the message page is a fresh form, so type again).
      if (screen.dateRange && !jsEnabled(test.info())) {
        await page.getByLabel('Von', { exact: true }).fill('01.01.2000')
        await page.getByRole('radio', { name: 'Alle' }).check()
      }
      const csv = await generate(page, 'CSV')
      expect(await titleCount(page, screen)).toBe(before + 2)
      expect(await navCount(page, screen)).toBe(before + 2)
      // Sorted by file name descending.
      const names = await fileTable(page).locator('tbody tr td:first-child').allInnerTexts()
      expect(names).toEqual([...names].sort().reverse())
      await expect(fileTable(page).getByRole('row', { name: new RegExp(escape(xml)) })).toContainText('Neu')
      await expectNoA11yViolations(page, `${screen.path} with files`)

      const xmlFile = await download(page, xml)
      expect(xmlFile.suggestedFilename()).toBe(xml)
      await expectContent(xmlFile, 'XML')
      const csvFile = await download(page, csv)
      expect(csvFile.suggestedFilename()).toBe(csv)
      await expectContent(csvFile, 'CSV')

      await page.reload()
      await waitForHydration(page)
      expect(await titleCount(page, screen)).toBe(before)
      expect(await navCount(page, screen)).toBe(before)
      await expect(fileTable(page).getByRole('row', { name: new RegExp(escape(xml)) })).toContainText(
        'Heruntergeladen',
      )

      await deleteFile(page, xml, { a11yLabel: `${screen.path} delete confirmation` })
      await deleteFile(page, csv)
      expect(await titleCount(page, screen)).toBe(0)
      await expect(noFiles(page)).toBeVisible()
    })
  }

  test('checks the form: error summary, inline errors, input kept', async ({ page }) => {
    const screen = SCREENS[1] as Screen
    await loginAs(page, clerk())
    await gotoHydrated(page, screen.path)
    const before = await titleCount(page, screen)
    await page.getByLabel('Von', { exact: true }).fill('31.02.2026')
    await page.getByLabel('Bis', { exact: true }).fill('1.1.2020')
    await page.getByLabel('Maklernummer').fill('12345678901')
    await page.getByLabel('Maklernummer').press('Enter')

    const summary = page.getByRole('heading', { name: 'Es gibt ein Problem' })
    await expect(summary).toBeVisible()
    await expect(page).toHaveTitle(`Fehler: ${screen.title} (${before}) – SVN Portal`)
    await expectErrorSummary(page, [
      ['Von: Dieses Datum gibt es nicht. Bitte prüfen Sie Tag und Monat.', 'von'],
      ['Maklernummer: Höchstens 10 Zeichen.', 'maklerNr'],
    ])
    const von = page.getByLabel('Von', { exact: true })
    await expect(von).toHaveValue('31.02.2026')
    await expect(page.getByLabel('Bis', { exact: true })).toHaveValue(/^0?1\.0?1\.2020$/)
    await expect(page.getByLabel('Maklernummer')).toHaveValue('12345678901')
    await expect(von).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#von-error')).toContainText(
      'Dieses Datum gibt es nicht. Bitte prüfen Sie Tag und Monat.',
    )
    await expect(page.locator('#maklerNr-error')).toContainText('Höchstens 10 Zeichen.')
    await expectNoA11yViolations(page, `${screen.path} with errors`)

    // Following the summary's first link puts the focus on the date field.
    await page
      .getByRole('link', { name: 'Von: Dieses Datum gibt es nicht. Bitte prüfen Sie Tag und Monat.' })
      .click()
    if (jsEnabled(test.info())) await expect(von).toBeFocused()

    // von after bis: the range error sits on bis.
    await von.fill('2.1.2020')
    await page.getByLabel('Maklernummer').fill('')
    await page.getByRole('button', { name: 'XML erstellen' }).click()
    await expect(page.locator('#bis-error')).toContainText(
      'Das Von-Datum darf nicht nach dem Bis-Datum liegen.',
    )
    expect(await titleCount(page, screen)).toBe(before)
  })

  test('a broker sees no broker-number field', async ({ page }) => {
    await loginAs(page, 'broker@seeland.example')
    for (const screen of SCREENS.slice(0, 2)) {
      await gotoHydrated(page, screen.path)
      await titleCount(page, screen)
      await expect(page.locator('[name="maklerNr"]')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'XML erstellen' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'CSV erstellen' })).toBeVisible()
      await expectNoA11yViolations(page, `${screen.path} as broker`)
    }
    await expect(page.getByLabel('Von', { exact: true })).toBeVisible()
    // The broker holds no AE_ZURUECKGEWIESEN: no menu entry, no screen.
    await expect(sideNav(page).getByRole('link', { name: /Zurückgewiesene AE/ })).toHaveCount(0)
    await page.goto('/ae/rejected')
    await expect(page).toHaveURL('/no-permission')
  })

  test('downloads follow the screen authorities', async ({ page }) => {
    await loginAs(page, 'reader@alpina.example')
    await page.goto('/files/SVN/SVN_1001_20260101T000000Z.xml')
    await expect(page).toHaveURL('/no-permission')
    await page.goto('/files/NOPE/x.xml')
    await expect(page).toHaveURL('/404')
  })
})
