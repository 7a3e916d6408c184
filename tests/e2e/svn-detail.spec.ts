import { type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  jsEnabled,
  loginAs,
  pickSvn,
  sideNav,
  svnIdLinks,
  svnSearchIds,
  expect,
  test,
  gotoHydrated,
} from './support.ts'

/**
 * The detail screen and its status actions. The js and no-js projects run at the same time on the
 * same data: records that a test changes are picked by pickSvn (js even ids, no-js odd ids, newest
 * first); read-only checks take the oldest records, which no test changes.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const actions = (page: Page) => page.getByRole('navigation', { name: 'Aktionen' })
const flash = (page: Page) => page.locator('#main > div').first()
const history = (page: Page) => page.getByRole('table', { name: 'Verlauf' })
const NEWEST = 'sort=sVnId&order=desc'

async function firstId(page: Page, query: string): Promise<number> {
  const ids = await svnSearchIds(page, query)
  expect(ids.length, query).toBeGreaterThan(0)
  return ids[0] ?? 0
}

/** Confirms a destructive action: a dialog with JS, the server's confirmation step without. */
async function confirm(page: Page, button: string, question: RegExp, ok: string, a11yLabel?: string) {
  await actions(page).getByRole('button', { name: button }).click()
  if (jsEnabled(test.info())) {
    const dialog = page.getByRole('dialog', { name: question })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Nein, zurück' })).toBeFocused()
    if (a11yLabel) await expectNoA11yViolations(page, a11yLabel)
    await dialog.getByRole('button', { name: ok }).click()
  } else {
    await expect(heading(page)).toHaveText(question)
    // The step's title is its question, as the heading says.
    await expect(page).toHaveTitle(new RegExp(`^${question.source} – SVN Portal$`))
    await expect(page.getByRole('link', { name: 'Nein, zurück' })).toBeVisible()
    if (a11yLabel) await expectNoA11yViolations(page, a11yLabel)
    await page.getByRole('button', { name: ok }).click()
  }
}

test.describe('SVN detail', () => {
  test('shows every group read-only, title with id and status; back to search', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    const id = await firstId(page, 'sVnStatus=IV')
    await svnIdLinks(page).first().click()
    await expect(page).toHaveTitle(`SVn ${id} – IV (in Verkehr) – SVN Portal`)
    await expect(heading(page)).toHaveText(`SVn ${id} – IV (in Verkehr)`)
    for (const group of ['Halter', 'Adresse', 'Wasserfahrzeug', 'Schild', 'Versicherungsdaten', 'Kontakt']) {
      await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible()
    }
    await expect(page.locator('main input:not([type="hidden"]), main select, main textarea')).toHaveCount(0)
    await expect(page.locator('dt:text-is("Stammnummer") + dd').first()).toHaveText(
      /^\d{3}(\.\d{3})+$|keine Angabe/,
    )
    await expect(page.locator('dt:text-is("Kontrollschild") + dd').first()).toHaveText(/^[A-Z]{2}( \d+)?$/)
    // Countries as "id - name" in the user's language, not the bare code.
    await expect(page.locator('section:has(#svn-address) dt:text-is("Land") + dd')).toHaveText(
      /^[A-Z]{2} - \S/,
    )
    await expect(sideNav(page).locator('a[aria-current="page"]')).toHaveText('SVN suchen')
    // IV: create AE and show IV, no cancel; SACHBEARBEITER may create from a template.
    await expect(actions(page).getByRole('button', { name: 'Ausweisentzug beantragen' })).toBeVisible()
    await expect(actions(page).getByRole('link', { name: 'IV-Meldung anzeigen' })).toBeVisible()
    await expect(actions(page).getByRole('link', { name: 'AV-Meldung anzeigen' })).toHaveCount(0)
    await expect(actions(page).getByRole('button', { name: 'SVN stornieren' })).toHaveCount(0)
    await expect(actions(page).getByRole('link', { name: 'Als Vorlage verwenden' })).toHaveAttribute(
      'href',
      `/svn/create?template=${id}`,
    )
    await expectNoA11yViolations(page, 'detail')
    await actions(page).getByRole('link', { name: 'Zurück zur Suche' }).click()
    await expect(page).toHaveURL('/svn/search?sVnStatus=IV')
  })

  test('IV and AV notification views with the motor list; the AV notice', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    const id = await firstId(page, 'sVnStatus=AV')
    await page.goto(`/svn/${id}`)
    await expect(heading(page)).toHaveText(`SVn ${id} – AV (ausser Verkehr)`)
    await expect(
      page.getByText(/Dieses Schiff ist seit dem \d{2}\.\d{2}\.\d{4} ausser Verkehr/),
    ).toBeVisible()

    await actions(page).getByRole('link', { name: 'IV-Meldung anzeigen' }).click()
    await expect(page).toHaveURL(/view=iv/)
    await expect(page.getByRole('heading', { level: 2, name: 'IV-Meldung' })).toBeVisible()
    await expect(page).toHaveTitle(`IV-Meldung – SVn ${id} – AV (ausser Verkehr) – SVN Portal`)
    for (const group of ['Meldung', 'Halter', 'Schiffsdaten', 'Motoren']) {
      await expect(page.getByRole('heading', { level: 3, name: group })).toBeVisible()
    }
    for (const label of [
      'IV-Datum',
      'Versicherer',
      'Erste Inverkehrsetzung',
      'Material',
      'Segelfläche (m²)',
    ]) {
      await expect(page.locator(`dt:text-is("${label}")`)).toHaveCount(1)
    }
    await expect(page.locator('dt:text-is("Besondere Verwendung") + dd')).not.toHaveText('')
    const motors = page.getByRole('table', { name: 'Motoren' })
    const noMotors = page.getByText('Keine Motoren gemeldet.')
    await expect(motors.or(noMotors)).toBeVisible()
    await expectNoA11yViolations(page, 'IV view')

    await actions(page).getByRole('link', { name: 'AV-Meldung anzeigen' }).click()
    await expect(page).toHaveURL(/view=av/)
    await expect(page.getByRole('heading', { level: 2, name: 'AV-Meldung' })).toBeVisible()
    await expect(page.locator('dt:text-is("AV-Datum")')).toHaveCount(1)
    await expectNoA11yViolations(page, 'AV view')

    // Printed: the notification without header, navigation or buttons.
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(sideNav(page)).toBeHidden()
    await expect(actions(page)).toBeHidden()
    await expect(page.getByRole('heading', { level: 2, name: 'AV-Meldung' })).toBeVisible()
    await page.emulateMedia({ media: 'screen' })

    await actions(page).getByRole('link', { name: 'Meldung ausblenden' }).click()
    await expect(page).not.toHaveURL(/view=/)
    await expect(page.getByRole('heading', { level: 2, name: 'Halter' })).toBeVisible()
  })

  test('cancel SVN asks first; "no" changes nothing, OK cancels with a message', async ({
    page,
  }, testInfo) => {
    await loginAs(page, 'clerk@alpina.example')
    const id = await pickSvn(page, testInfo, `sVnStatus=OPEN&${NEWEST}`)
    await gotoHydrated(page, `/svn/${id}`)
    await expect(heading(page)).toHaveText(`SVn ${id} – Offen`)

    // First say no.
    await actions(page).getByRole('button', { name: 'SVN stornieren' }).click()
    if (jsEnabled(testInfo)) {
      await page.getByRole('dialog').getByRole('button', { name: 'Nein, zurück' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(actions(page).getByRole('button', { name: 'SVN stornieren' })).toBeFocused()
    } else {
      await page.getByRole('link', { name: 'Nein, zurück' }).click()
    }
    await expect(heading(page)).toHaveText(`SVn ${id} – Offen`)

    await confirm(
      page,
      'SVN stornieren',
      new RegExp(`SVN ${id} stornieren\\?`),
      'Ja, SVN stornieren',
      'confirmation',
    )
    await expect(flash(page)).toContainText(`Die SVN ${id} wurde storniert.`)
    await expect(heading(page)).toHaveText(`SVn ${id} – Storniert`)
    await expect(actions(page).getByRole('button', { name: 'SVN stornieren' })).toHaveCount(0)
    // The button that had focus is gone: focus is on the page's content, not lost on <body> (with JS;
    // without it the answer is a new page, which starts at the top).
    if (jsEnabled(testInfo)) await expect(page.locator('main#main')).toBeFocused()
  })

  test('a record changed meanwhile: the action says so plainly', async ({ page }, testInfo) => {
    await loginAs(page, 'clerk@alpina.example')
    const id = await pickSvn(page, testInfo, `sVnStatus=OPEN&${NEWEST}`, 1)
    await gotoHydrated(page, `/svn/${id}`)
    // A colleague cancels it in another window.
    const other = await page.context().newPage()
    await gotoHydrated(other, `/svn/${id}`)
    await confirm(other, 'SVN stornieren', new RegExp(`SVN ${id} stornieren\\?`), 'Ja, SVN stornieren')
    await expect(heading(other)).toHaveText(`SVn ${id} – Storniert`)
    await other.close()

    await actions(page).getByRole('button', { name: 'SVN stornieren' }).click()
    if (jsEnabled(testInfo))
      await page.getByRole('dialog').getByRole('button', { name: 'Ja, SVN stornieren' }).click()
    await expect(flash(page)).toContainText('wurde inzwischen von jemand anderem geändert')
    await expect(heading(page)).toHaveText(`SVn ${id} – Storniert`)
  })

  test('create AE (plain POST), then withdraw it with confirmation', async ({ page }, testInfo) => {
    await loginAs(page, 'clerk@alpina.example')
    const id = await pickSvn(page, testInfo, `sVnStatus=IV&${NEWEST}`)
    await gotoHydrated(page, `/svn/${id}`)
    await actions(page).getByRole('button', { name: 'Ausweisentzug beantragen' }).click()
    // The flash first: with JavaScript it is a toast that is gone after 3 s (spec §8).
    await expect(flash(page)).toContainText(`Der Ausweisentzug für SVN ${id} wurde beantragt.`)
    await expect(heading(page)).toHaveText(`SVn ${id} – AE (Ausweisentzug beantragt)`)
    await expect(page.getByRole('heading', { level: 2, name: 'Ausweisentzug (AE)' })).toBeVisible()
    await expect(page.locator('dt:text-is("Beantragt am") + dd')).toHaveText(/\d{2}\.\d{2}\.\d{4}/)

    await confirm(
      page,
      'AE zurückziehen',
      new RegExp(`Ausweisentzug für SVN ${id} zurückziehen\\?`),
      'Ja, AE zurückziehen',
      'AE confirmation',
    )
    await expect(flash(page)).toContainText(`Der Ausweisentzug für SVN ${id} wurde zurückgezogen.`)
    await expect(heading(page)).toHaveText(`SVn ${id} – IV (in Verkehr)`)

    // The history names the clerk for both moves, newest first.
    const rows = history(page).locator('tbody tr')
    await expect(rows.nth(0)).toContainText('Ausweisentzug zurückgezogen')
    await expect(rows.nth(0)).toContainText('AE (Ausweisentzug beantragt) → IV (in Verkehr)')
    await expect(rows.nth(0).locator('td').last()).toHaveText('Lukas Brunner')
    await expect(rows.nth(1)).toContainText('Ausweisentzug beantragt')
    await expect(rows.nth(1).locator('td').last()).toHaveText('Lukas Brunner')
    await expect(rows.last()).toContainText('Erstellt')
  })

  test('history: when, what and who, newest first, canton and system named as such', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    // The oldest executed withdrawal: created by a clerk, registered, AE requested and executed by the canton.
    const id = await firstId(page, 'sVnStatus=AV&sort=sVnId&order=asc')
    await page.goto(`/svn/${id}`)
    const table = history(page)
    await expect(table.getByRole('columnheader')).toHaveText(['Wann', 'Was', 'Wer'])
    const rows = table.locator('tbody tr')
    await expect(rows.last()).toContainText('Erstellt')
    await expect(rows.last()).toContainText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)
    await expect(table).toContainText('IV-Meldung erhalten (in Verkehr)')
    await expect(table).toContainText(/Kanton \(canton-demo\)|System \(automatisch\)/)
    const times = await table
      .locator('tbody time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''))
    expect(times).toEqual([...times].sort().reverse())
    // The table's region takes keyboard focus (it may scroll sideways on a narrow screen).
    await page.getByRole('region', { name: 'Verlauf' }).focus()
    await expect(page.getByRole('region', { name: 'Verlauf' })).toBeFocused()
    await expectNoA11yViolations(page, 'detail with history')
  })

  test('a read-only user sees no actions', async ({ page }) => {
    await loginAs(page, 'reader@alpina.example')
    for (const status of ['OPEN', 'IV']) {
      const id = await firstId(page, `sVnStatus=${status}`)
      await page.goto(`/svn/${id}`)
      await expect(heading(page)).toContainText(`SVn ${id}`)
      for (const name of ['SVN stornieren', 'Ausweisentzug beantragen', 'AE zurückziehen']) {
        await expect(page.getByRole('button', { name })).toHaveCount(0)
      }
      await expect(page.getByRole('link', { name: 'Als Vorlage verwenden' })).toHaveCount(0)
      await expect(actions(page).getByRole('link', { name: 'Zurück zur Suche' })).toBeVisible()
    }
  })

  test("another insurer's id and an unknown id give the 404 page", async ({ browser, page }, testInfo) => {
    const leman = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: jsEnabled(testInfo),
      locale: 'de-CH',
    })
    const lemanPage = await leman.newPage()
    await loginAs(lemanPage, 'clerk@leman.example')
    const foreign = await firstId(lemanPage, 'intent=search')
    await leman.close()

    await loginAs(page, 'clerk@alpina.example')
    for (const id of [foreign, 999999999]) {
      const response = await page.goto(`/svn/${id}`)
      await expect(page).toHaveURL('/404')
      expect(response?.status()).toBe(404)
      await expect(heading(page)).toHaveText('Seite nicht gefunden')
    }
    await expect(page.locator('main')).not.toContainText(String(foreign))
  })
})
