import { type Page } from '@playwright/test'
import {
  errorSummary,
  expectErrorSummary,
  expectNoA11yViolations,
  jsEnabled,
  loginAs,
  sideNav,
  svnIdLinks,
  svnSearchIds,
  tabTo,
  waitForHydration,
  expect,
  test,
} from './support.ts'

/** Read-only journeys on the search screen (the detail spec changes records; this one never does). */

const results = (page: Page) => page.locator('main table')
const rows = (page: Page) => page.locator('main table tbody tr')
const column = (page: Page, index: number) => page.locator(`main table tbody tr td:nth-child(${index})`)
const searchButton = (page: Page) => page.getByRole('button', { name: 'Suchen', exact: true })

async function expectEvery(page: Page, index: number, expected: (text: string) => boolean, what: string) {
  const texts = await column(page, index).allInnerTexts()
  expect(texts.length, `rows for ${what}`).toBeGreaterThan(0)
  const wrong = texts.filter((text) => !expected(text.trim()))
  expect(wrong, what).toEqual([])
}

test.describe('SVN search', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
  })

  test('empty form: all filters, search and reset, the menu entry selected', async ({ page }) => {
    await expect(page).toHaveTitle('SVn Suche – SVN Portal')
    const form = page.getByRole('search', { name: 'SVN suchen' })
    for (const label of [
      'SVN-Nummer',
      'Schildnummer',
      'Stammnummer',
      'Schalennummer',
      'Name',
      'Vorname',
      'PLZ',
    ]) {
      await expect(form.getByLabel(label, { exact: true })).toBeVisible()
    }
    const canton = form.getByLabel('Kanton')
    await expect(canton.locator('option')).toHaveCount(28)
    const status = form.getByLabel('Status')
    await expect(status.locator('option')).toHaveCount(8)
    await expect(status.locator('option', { hasText: 'Löschbar' })).toHaveCount(0)
    await expect(searchButton(page)).toHaveAttribute('name', 'intent')
    await expect(form.getByRole('link', { name: 'Zurücksetzen' })).toHaveAttribute('href', '/svn/search')
    await expect(results(page)).toHaveCount(0)
    await expect(sideNav(page).locator('a[aria-current="page"]')).toHaveText('SVN suchen')
    await expectNoA11yViolations(page, 'search: empty form')
  })

  test('invalid input: messages per field, error summary, "Fehler: " title, values kept', async ({
    page,
  }) => {
    await page.getByLabel('SVN-Nummer').fill('12a')
    await page.getByLabel('Stammnummer').fill('123.456')
    await page.getByLabel('Name', { exact: true }).fill('x'.repeat(31))
    await searchButton(page).click()
    await expect(page).toHaveTitle(/^Fehler: SVn Suche/)
    const summary = errorSummary(page)
    await expectErrorSummary(page, [
      ['SVN-Nummer: Nur Ziffern sind erlaubt.', 'sVnID'],
      ['Stammnummer: Ungültige Stammnummer: 9 bis 12 Ziffern mit gültiger Prüfziffer.', 'stammNr'],
      ['Name: Höchstens 30 Zeichen.', 'name'],
    ])
    const id = page.getByLabel('SVN-Nummer')
    await expect(id).toHaveValue('12a')
    await expect(id).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#sVnID-error')).toHaveText('Fehler: Nur Ziffern sind erlaubt.')
    await expect(page.getByLabel('Stammnummer')).toHaveValue('123.456')
    await expect(results(page)).toHaveCount(0)
    await summary.getByRole('link', { name: 'Name: Höchstens 30 Zeichen.' }).click()
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused()
    await expectNoA11yViolations(page, 'search: errors')
    // Searching again unchanged: the same errors, and with JS the summary takes focus again (ADR 821).
    await page.keyboard.press('Enter')
    await expectErrorSummary(page, [
      ['SVN-Nummer: Nur Ziffern sind erlaubt.', 'sVnID'],
      ['Stammnummer: Ungültige Stammnummer: 9 bis 12 Ziffern mit gültiger Prüfziffer.', 'stammNr'],
      ['Name: Höchstens 30 Zeichen.', 'name'],
    ])
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('x'.repeat(31))
  })

  test('by status and canton; results table, count, caption; no results', async ({ page }) => {
    await page.getByLabel('Status').selectOption('OPEN')
    await page.getByLabel('Kanton').selectOption('ZH')
    await searchButton(page).click()
    await expect(page).toHaveURL(/sVnStatus=OPEN/)
    await expect(page).toHaveURL(/canton=ZH/)
    await expect(results(page)).toBeVisible()
    await expect(page.locator('main table thead th')).toHaveText([
      /SVN-Nr\./,
      /Name/,
      /Vorname/,
      /Strasse/,
      /PLZ/,
      /Ort/,
      /Kanton/,
      /Kontrollschild/,
      /Marke\/Typ/,
      /Referenz/,
      /Status/,
    ])
    await expect(page.locator('main table caption')).toContainText('Gefundene SVN')
    await expect(page.locator('#svn-result-status')).toContainText(/Gefundene SVN: \d+/)
    await expectEvery(page, 11, (t) => t === 'Offen', 'status Offen')
    await expectEvery(page, 7, (t) => t === 'ZH', 'canton ZH')
    await expect(page.getByLabel('Status')).toHaveValue('OPEN')
    await expectNoA11yViolations(page, 'search: results')

    // Reset is a link to the empty form.
    await page.getByRole('link', { name: 'Zurücksetzen' }).click()
    await expect(page).toHaveURL('/svn/search')
    await expect(page.getByLabel('Status')).toHaveValue('')
    await expect(page.getByLabel('Kanton')).toHaveValue('')
    await expect(results(page)).toHaveCount(0)

    await page.goto('/svn/search?name=Zzzzqqq')
    await expect(page.locator('#svn-result-status')).toHaveText(
      'Keine SVN gefunden. Bitte ändern Sie die Suchkriterien.',
    )
    await expect(results(page)).toHaveCount(0)
  })

  test('by id, plate, name, first name, postcode (prefix), and Stammnummer with any separators', async ({
    page,
  }) => {
    await svnSearchIds(page, 'sVnStatus=IV')
    const first = rows(page).first()
    const cells = (await first.locator('td').allInnerTexts()).map((t) => t.trim())
    const [id, name, firstName, , postCode, , , plate] = cells
    const schildNr = (plate ?? '').split(' ')[1] ?? ''

    // Each filter on its own finds this record.
    for (const [field, value] of [
      ['SVN-Nummer', id],
      ['Schildnummer', schildNr],
      ['Name', (name ?? '').slice(0, 3).toLowerCase()],
      ['Vorname', firstName],
      ['PLZ', (postCode ?? '').slice(0, 2)],
    ] as const) {
      await page.goto('/svn/search')
      await page.getByLabel(field, { exact: true }).fill(value ?? '')
      await searchButton(page).click()
      await expect(results(page), `search by ${field}`).toBeVisible()
      if (field === 'SVN-Nummer') await expect(rows(page)).toHaveCount(1)
      if (field === 'Name')
        await expectEvery(page, 2, (t) => t.toLowerCase().startsWith(value ?? ''), 'name prefix')
      if (field === 'PLZ') await expectEvery(page, 5, (t) => t.startsWith(value ?? ''), 'postcode prefix')
      if (field !== 'Name' && field !== 'PLZ' && field !== 'Vorname') {
        await expect(svnIdLinks(page).filter({ hasText: new RegExp(`^${id}$`) })).toHaveCount(1)
      }
    }

    // The Stammnummer and Schalennummer are on the detail view.
    await page.goto(`/svn/${id}`)
    const stamm = (await page.locator('dt:text-is("Stammnummer") + dd').first().innerText()).trim()
    const schale = (await page.locator('dt:text-is("Schalennummer") + dd').first().innerText()).trim()
    expect(stamm).toMatch(/^\d{3}(\.\d{3})+$/)
    const digits = stamm.replace(/\D/g, '')
    // Typed with spaces and apostrophes: the server accepts any separators; the field shows dots.
    const typed = `${digits.slice(0, 3)} ${digits.slice(3, 6)}'${digits.slice(6)}`
    await page.goto('/svn/search')
    await page.getByLabel('Stammnummer').fill(typed)
    await searchButton(page).click()
    // A boat may have several SVN (the create spec issues one from this record as a template).
    await expect(svnIdLinks(page).filter({ hasText: new RegExp(`^${id}$`) })).toHaveCount(1)
    await expect(page.getByLabel('Stammnummer')).toHaveValue(stamm)

    await page.goto('/svn/search')
    await page.getByLabel('Schalennummer').fill(schale)
    await searchButton(page).click()
    await expect(svnIdLinks(page).filter({ hasText: new RegExp(`^${id}$`) })).toHaveCount(1)
  })

  test('the Stammnummer is grouped as typed with JS, and left as typed without', async ({ page }) => {
    const field = page.getByLabel('Stammnummer')
    await waitForHydration(page)
    await field.pressSequentially('1234567890')
    // Without JS nothing rewrites the input; the server accepts either form (covered by the search tests).
    await expect(field).toHaveValue(jsEnabled(test.info()) ? '1.234.567.890' : '1234567890')
  })

  test('sort both ways by a column; a sort returns to page 1', async ({ page }) => {
    const ascending = await svnSearchIds(page, 'sVnStatus=IV&page=2')
    const idHeader = page.locator('main table thead th').first()
    await expect(idHeader).toHaveAttribute('aria-sort', 'ascending')
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))

    await idHeader.getByRole('link').click()
    await expect(page).toHaveURL(/sort=sVnId&order=desc/)
    await expect(page).not.toHaveURL(/page=/)
    await expect(page.locator('main table thead th').first()).toHaveAttribute('aria-sort', 'descending')
    const descending = (await svnIdLinks(page).allInnerTexts()).map(Number)
    expect(descending).toEqual([...descending].sort((a, b) => b - a))
    expect(descending[0]).toBeGreaterThan(ascending[0] ?? 0)
    await expect(page.locator('nav[aria-label="Seitennavigation"] [aria-current="page"]')).toHaveText('1')

    const nameHeader = page.locator('main table thead th').nth(1)
    await nameHeader.getByRole('link').click()
    await expect(page).toHaveURL(/sort=name&order=asc/)
    await expect(page.locator('main table thead th').nth(1)).toHaveAttribute('aria-sort', 'ascending')
    await expect(page.locator('main table thead th').first()).not.toHaveAttribute('aria-sort', /.*/)
    const namesUp = (await column(page, 2).allInnerTexts()).map((t) => t.trim())
    await page.locator('main table thead th').nth(1).getByRole('link').click()
    await expect(page).toHaveURL(/sort=name&order=desc/)
    await expect(page.locator('main table thead th').nth(1)).toHaveAttribute('aria-sort', 'descending')
    const namesDown = (await column(page, 2).allInnerTexts()).map((t) => t.trim())
    expect(namesUp[0]?.localeCompare(namesDown[0] ?? '', 'de')).toBeLessThan(0)
  })

  test('more than 99 matches: the notice, 15 rows a page, page 2 in the title', async ({ page }) => {
    await svnSearchIds(page, 'sVnStatus=IV')
    const status = page.locator('#svn-result-status')
    // One count and one request to narrow the search, not two counts that disagree.
    await expect(status.locator('p')).toHaveText([
      'Mehr als 100 SVN gefunden; angezeigt werden die ersten 100.',
      'Bitte grenzen Sie die Suche mit weiteren Kriterien ein.',
    ])
    await expect(rows(page)).toHaveCount(15)
    await expect(page).toHaveTitle('SVn Suche – Seite 1 von 7 – SVN Portal')
    const pager = page.getByRole('navigation', { name: 'Seitennavigation' })
    await expect(pager.getByRole('link', { name: /^Seite \d$/ })).toHaveCount(7)
    await pager.getByRole('link', { name: 'Seite 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page).toHaveTitle('SVn Suche – Seite 2 von 7 – SVN Portal')
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2')
    await expect(rows(page)).toHaveCount(15)
    await expectNoA11yViolations(page, 'search: page 2 with the notice')
  })

  test('the last page holds the rest of the first 100; a page that is none shows page 1', async ({
    page,
  }) => {
    const first = await svnSearchIds(page, 'sVnStatus=IV')
    const last = await svnSearchIds(page, 'sVnStatus=IV&page=7')
    expect(last).toHaveLength(10)
    await expect(page).toHaveTitle('SVn Suche – Seite 7 von 7 – SVN Portal')
    const pager = page.getByRole('navigation', { name: 'Seitennavigation' })
    await expect(pager.locator('[aria-current="page"]')).toHaveText('7')
    await expectNoA11yViolations(page, 'search: the last page, 10 rows')
    // An edited URL: past the seven pages, or past the last page of a short result.
    for (const query of ['sVnStatus=IV&page=99', 'sVnStatus=IV&page=0', `sVnID=${first[0]}&page=3`]) {
      const ids = await svnSearchIds(page, query)
      expect(ids[0], query).toBe(first[0])
      await expect(page, query).toHaveTitle(/– Seite 1 von \d – SVN Portal$/)
    }
  })

  test('a row opens the detail; back to search returns to the same search', async ({ page }) => {
    await svnSearchIds(page, 'sVnStatus=IV&sort=name&order=desc&page=2')
    const searchUrl = page.url()
    const id = (await svnIdLinks(page).nth(2).innerText()).trim()
    if (jsEnabled(test.info())) {
      // With JS a click anywhere on the row opens it.
      await rows(page).nth(2).locator('td').nth(3).click()
    } else {
      await svnIdLinks(page).nth(2).click()
    }
    await expect(page).toHaveURL(new RegExp(`/svn/${id}\\?back=`))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`SVn ${id}`)
    await expect(sideNav(page).locator('a[aria-current="page"]')).toHaveText('SVN suchen')
    await page.getByRole('link', { name: 'Zurück zur Suche' }).click()
    await expect(page).toHaveURL(searchUrl)
    await expect(page.getByLabel('Status')).toHaveValue('IV')
    await expect(page.locator('nav[aria-label="Seitennavigation"] [aria-current="page"]')).toHaveText('2')
  })

  test('keyboard only: fill a filter, search with Enter, open a result', async ({ page }) => {
    const name = page.getByLabel('Name', { exact: true })
    await tabTo(page, name)
    await page.keyboard.type('M')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/name=M/)
    await expect(name).toHaveValue('M')
    // With JS the search runs in place and the focus stays where it was.
    if (jsEnabled(test.info())) await expect(name).toBeFocused()
    const first = svnIdLinks(page).first()
    const id = (await first.innerText()).trim()
    await tabTo(page, first)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/svn/${id}\\?`))
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`SVn ${id}`)
    // The result's link is gone with the list: focus is on the new page's content (with JS; a page
    // load without it starts at the top), so the next Tab reaches its first control, not the header.
    if (jsEnabled(test.info())) await expect(page.locator('main#main')).toBeFocused()
  })
})
