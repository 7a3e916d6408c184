import { type Locator, type Page } from '@playwright/test'
import {
  csrfFromPage,
  expectNoA11yViolations,
  jsEnabled,
  loginAs,
  newPage,
  waitForHydration,
  expect,
  test,
  expectErrorSummary,
  gotoHydrated,
  userMenuSummary,
} from './support.ts'

/**
 * User administration (spec §2, §4, §5, §8). The js and no-js projects run at the same time on the
 * same data: each test creates its own users with unique e-mails and never edits a demo login.
 */

const LIST = '/user/administration'
let counter = 0
/** A unique e-mail per project and test run (both projects share the server). */
function uniqueEmail(tag: string): string {
  counter += 1
  return `${tag}.${test.info().project.name}.${Date.now().toString(36)}${counter}@test.example`
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
/** The dialog's content: the modal with JS, the page's main without. */
function dialog(page: Page, name?: string | RegExp): Locator {
  if (jsEnabled(test.info())) return page.getByRole('dialog', name ? { name } : undefined).first()
  return page.locator('main')
}
const message = (page: Page, text: string | RegExp) =>
  page.locator('[role="status"], [role="alert"]').filter({ hasText: text })
const roleBox = (scope: Locator, label: string) => scope.getByRole('checkbox', { name: label, exact: true })

async function openNew(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'Neuer Benutzer' }).click()
  await expect(page).toHaveURL(/\/user\/administration\/new/)
  await waitForHydration(page)
  const scope = dialog(page, 'Neuer Benutzer')
  if (jsEnabled(test.info())) await expect(scope).toBeVisible()
  else await expect(heading(page)).toHaveText('Neuer Benutzer')
  return scope
}

async function fill(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await scope.getByLabel(label, { exact: false }).first().fill(value)
  }
}

/** Chooses a type: instantly with JS, with the "apply" button without. */
async function chooseType(page: Page, scope: Locator, label: string) {
  await scope.getByRole('radio', { name: label, exact: true }).check()
  if (!jsEnabled(test.info())) await scope.getByRole('button', { name: 'Rollen des Typs übernehmen' }).click()
  await expect(scope.getByRole('radio', { name: label, exact: true })).toBeChecked()
}

async function createUser(page: Page, nachname: string, email: string): Promise<void> {
  const scope = await openNew(page)
  await fill(scope, { Nachname: nachname, 'E-Mail': email })
  await scope.getByRole('button', { name: 'OK', exact: true }).click()
  await expect(message(page, `Benutzer ${nachname} wurde erstellt.`)).toBeVisible()
  await expect(page).toHaveURL(LIST)
}

/** Opens a user's dialog by the list's link ("Vorname Nachname bearbeiten"; created users have no Vorname). */
async function openUser(page: Page, nachname: string): Promise<Locator> {
  await page.getByRole('link', { name: `${nachname} bearbeiten`, exact: true }).click()
  await expect(page).toHaveURL(/\/user\/administration\/\d+/)
  await waitForHydration(page)
  const scope = dialog(page, `Benutzer ${nachname} bearbeiten`)
  if (jsEnabled(test.info())) await expect(scope).toBeVisible()
  else await expect(heading(page)).toHaveText(`Benutzer ${nachname} bearbeiten`)
  return scope
}

test.describe('user administration', () => {
  test('the list sorts by nachname, vorname or e-mail; the toggle flips', async ({ page }) => {
    await loginAs(page, 'admin@leman.example')
    await expect(heading(page)).toHaveText('Benutzerverwaltung')
    await expect(page.getByRole('table')).toContainText('clerk@leman.example')
    await expectNoA11yViolations(page, 'user list')
    await page.getByRole('link', { name: /^E-Mail/ }).click()
    await expect(page).toHaveURL(`${LIST}?sort=email&order=asc`)
    await expect(page.getByRole('columnheader', { name: /E-Mail/ })).toHaveAttribute('aria-sort', 'ascending')
    await page.getByRole('link', { name: /^E-Mail/ }).click()
    await expect(page).toHaveURL(`${LIST}?sort=email&order=desc`)
    await expect(page.getByRole('columnheader', { name: /E-Mail/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  })

  test('create: bad input gives a summary and inline errors with every value kept, then it is saved', async ({
    page,
  }) => {
    // Three axe runs over a form with some 250 countries.
    test.slow()
    await loginAs(page, 'admin@leman.example')
    await page.goto(`${LIST}?sort=email&order=desc`)
    const scope = await openNew(page)
    await expectNoA11yViolations(page, 'new user dialog')
    const email = uniqueEmail('bad')
    await fill(scope, { Vorname: 'Rita', 'E-Mail': 'not-an-address', Telefon: 'Zentrale', PLZ: '123456789' })
    await scope.getByLabel('Land').selectOption('FR')
    // A changed form can be sent invalid, with JS too: the summary then says what is wrong (ADR 817).
    await expect(scope.getByRole('button', { name: 'OK', exact: true })).toBeEnabled()
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(page).toHaveTitle(/^Fehler: Neuer Benutzer/)
    // With JS the summary opens the dialog's content, without JS the page's <main>.
    await expectErrorSummary(
      page,
      [
        ['Nachname: Bitte füllen Sie dieses Feld aus.', 'nachname'],
        ['E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse ein.', 'email'],
        ['Telefon: Bitte geben Sie die Nummer mit Ziffern ein, z. B. +41 44 123 45 67.', 'telefon'],
        ['PLZ: Höchstens 7 Zeichen.', 'plz'],
      ],
      jsEnabled(test.info()) ? { within: '#user-dialog', first: false } : {},
    )
    await expect(scope.getByLabel('Vorname')).toHaveValue('Rita')
    await expect(scope.getByLabel('E-Mail')).toHaveValue('not-an-address')
    await expect(scope.getByLabel('PLZ')).toHaveValue('123456789')
    await expect(scope.getByLabel('Land')).toHaveValue('FR')
    await expect(scope.locator('#nachname-error')).toContainText('Bitte füllen Sie dieses Feld aus.')
    await expect(scope.locator('#plz-error')).toContainText('Höchstens 7 Zeichen.')
    await expect(scope.getByLabel('Telefon')).toHaveValue('Zentrale')
    await expectNoA11yViolations(page, 'new user dialog with errors')

    // A Swiss address needs a Swiss postcode; the rest is now right.
    await fill(scope, { Nachname: 'Zufall', 'E-Mail': email, Telefon: '+41 21 123 45 67', PLZ: '10O3' })
    await scope.getByLabel('Land').selectOption('CH')
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expectErrorSummary(
      page,
      [
        [
          'PLZ: Eine Schweizer PLZ ist eine Zahl von 1000 bis 9999, z. B. 8001. Bei einer Adresse im Ausland geben Sie bitte das Land an.',
          'plz',
        ],
      ],
      jsEnabled(test.info()) ? { within: '#user-dialog', first: false } : {},
    )
    await expect(scope.getByLabel('PLZ')).toHaveValue('10O3')
    await expectNoA11yViolations(page, 'new user dialog with a postcode error')

    await fill(scope, { PLZ: '1003' })
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(message(page, 'Benutzer Rita Zufall wurde erstellt.')).toBeVisible()
    // Back to the list as it was sorted.
    await expect(page).toHaveURL(`${LIST}?sort=email&order=desc`)
    await expect(page.getByRole('table')).toContainText(email)
  })

  test('a user who does not exist: the list says so, and the message stays clear of the header', async ({
    page,
  }) => {
    await loginAs(page, 'admin@leman.example')
    await page.goto(`${LIST}/999999999?sort=email&order=desc`)
    await expect(page).toHaveURL(`${LIST}?sort=email&order=desc`)
    await expect(message(page, 'Diesen Benutzer gibt es nicht (mehr).')).toBeVisible()
    await expectNoA11yViolations(page, 'user list, user not found')
    if (!jsEnabled(test.info())) return
    // An error toast stays. At 375 px the header scrolls with the page: the page starts below the
    // toast, so the user menu reached by keyboard is not hidden under it (2.4.11, ADR 820).
    const toast = page.getByRole('region', { name: 'Meldungen' })
    await expect(toast.getByRole('alert')).toContainText('Diesen Benutzer gibt es nicht (mehr).')
    await page.setViewportSize({ width: 375, height: 800 })
    const menu = userMenuSummary(page)
    await menu.focus()
    await expect
      .poll(async () => {
        const [box, item] = [await toast.boundingBox(), await menu.boundingBox()]
        return item!.y - (box!.y + box!.height)
      })
      .toBeGreaterThanOrEqual(0)
    await expect(menu).toBeInViewport()
    await expectNoA11yViolations(page, 'error toast at 375 px')
  })

  test('a duplicate e-mail is refused with the input kept', async ({ page }) => {
    await loginAs(page, 'admin@leman.example')
    const scope = await openNew(page)
    await fill(scope, {
      Nachname: 'Doppelt',
      Vorname: 'Dora',
      'E-Mail': 'clerk@leman.example',
      Telefon: '021 000',
    })
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(scope.locator('#email-error')).toContainText('Diese E-Mail-Adresse wird bereits verwendet.')
    await expect(scope.getByLabel('Nachname')).toHaveValue('Doppelt')
    await expect(scope.getByLabel('Vorname')).toHaveValue('Dora')
    await expect(scope.getByLabel('Telefon')).toHaveValue('021 000')
    await expect(scope.getByLabel('E-Mail')).toHaveValue('clerk@leman.example')
  })

  test('a type resets the roles to its defaults; implied roles are saved', async ({ page }) => {
    await loginAs(page, 'admin@leman.example')
    const scope = await openNew(page)
    const nachname = `Typ${test.info().project.name.replace('-', '')}${Date.now().toString(36)}`
    await fill(scope, { Nachname: nachname, 'E-Mail': uniqueEmail('type') })
    await chooseType(page, scope, 'Nur lesen')
    await expect(roleBox(scope, 'SVN suchen')).toBeChecked()
    await expect(roleBox(scope, 'Ausweisentzug suchen')).toBeChecked()
    await expect(roleBox(scope, 'SVN erstellen')).not.toBeChecked()
    await expect(roleBox(scope, 'Benutzerverwaltung (ADMIN)')).not.toBeChecked()
    // No role groups at Léman: GROUP_ADMIN is not offered (spec §6).
    await expect(roleBox(scope, 'Gruppenverwaltung (GROUP_ADMIN)')).toHaveCount(0)
    await chooseType(page, scope, 'Administrator')
    await expect(roleBox(scope, 'Benutzerverwaltung (ADMIN)')).toBeChecked()
    await expect(roleBox(scope, 'SVN suchen')).not.toBeChecked()

    await roleBox(scope, 'Ausweisentzug stornieren').check()
    if (jsEnabled(test.info())) {
      // Live: the implied search role is checked and locked.
      await expect(roleBox(scope, 'Ausweisentzug suchen')).toBeChecked()
      await expect(roleBox(scope, 'Ausweisentzug suchen')).toBeDisabled()
    }
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(message(page, `Benutzer ${nachname} wurde erstellt.`)).toBeVisible()

    const edit = await openUser(page, nachname)
    await expect(roleBox(edit, 'Ausweisentzug stornieren')).toBeChecked()
    await expect(roleBox(edit, 'Ausweisentzug suchen')).toBeChecked()
    await expect(roleBox(edit, 'Ausweisentzug suchen')).toBeDisabled()
    await expect(edit.getByRole('radio', { name: 'Administrator', exact: true })).toBeChecked()
  })

  test('edit a user, then delete it after confirming', async ({ page }) => {
    await loginAs(page, 'admin@leman.example')
    const nachname = `Edit${test.info().project.name.replace('-', '')}${Date.now().toString(36)}`
    await createUser(page, nachname, uniqueEmail('edit'))
    let scope = await openUser(page, nachname)
    await expect(scope.getByLabel('Aktiv', { exact: true })).toBeChecked()
    await fill(scope, { Ort: 'Vevey' })
    await scope.getByLabel('Aktiv', { exact: true }).uncheck()
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(message(page, `Benutzer ${nachname} wurde gespeichert.`)).toBeVisible()
    await expect(page).toHaveURL(LIST)
    await expect(page.getByRole('row', { name: new RegExp(nachname) })).toContainText('inaktiv')

    scope = await openUser(page, nachname)
    await expect(scope.getByLabel('Ort')).toHaveValue('Vevey')
    await scope.getByRole('button', { name: 'Benutzer löschen' }).click()
    const question = `Benutzer ${nachname} löschen?`
    if (jsEnabled(test.info())) {
      const confirm = page.getByRole('dialog', { name: question })
      await expect(confirm.getByRole('button', { name: 'Nein, zurück' })).toBeFocused()
      await expectNoA11yViolations(page, 'delete confirmation')
      await confirm.getByRole('button', { name: 'Ja, löschen' }).click()
    } else {
      await expect(heading(page)).toHaveText(question)
      await expectNoA11yViolations(page, 'delete confirmation step')
      await page.getByRole('button', { name: 'Ja, löschen' }).click()
    }
    await expect(message(page, `Benutzer ${nachname} wurde gelöscht.`)).toBeVisible()
    await expect(page).toHaveURL(LIST)
    await expect(page.getByRole('link', { name: `${nachname} bearbeiten` })).toHaveCount(0)
  })

  test('a stale edit is refused with a message, the typed input kept; saved after reloading', async ({
    page,
    browser,
  }, testInfo) => {
    // Two administrators log in, each page is checked for raw keys: more than 30 s on a busy machine.
    test.slow()
    await loginAs(page, 'admin@leman.example')
    const nachname = `Stale${testInfo.project.name.replace('-', '')}${Date.now().toString(36)}`
    await createUser(page, nachname, uniqueEmail('stale'))
    const mine = await openUser(page, nachname)

    // A second administrator saves the same user first.
    const other = await newPage(browser, testInfo)
    try {
      await loginAs(other.page, 'admin@leman.example')
      await other.page.goto(LIST)
      await other.page.getByRole('link', { name: `${nachname} bearbeiten`, exact: true }).click()
      await expect(other.page).toHaveURL(/\/user\/administration\/\d+/)
      await waitForHydration(other.page)
      const theirs = jsEnabled(testInfo)
        ? other.page.getByRole('dialog', { name: `Benutzer ${nachname} bearbeiten` })
        : other.page.locator('main')
      await theirs.getByLabel('Ort').fill('Nyon')
      await theirs.getByRole('button', { name: 'OK', exact: true }).click()
      await expect(message(other.page, `Benutzer ${nachname} wurde gespeichert.`)).toBeVisible()
    } finally {
      await other.context.close()
    }

    await mine.getByLabel('Ort').fill('Morges')
    await mine.getByRole('button', { name: 'OK', exact: true }).click()
    const stale = 'Der Benutzer wurde inzwischen von jemand anderem geändert.'
    await expect(message(page, stale)).toBeVisible()
    await expect(page).toHaveURL(/\/user\/administration\/\d+/)
    await expect(dialog(page).getByLabel('Ort')).toHaveValue('Morges')
    await expectNoA11yViolations(page, 'stale edit refused')

    // Reloading shows the other administrator's state; saving again works.
    await gotoHydrated(page, page.url())
    const fresh = dialog(page, `Benutzer ${nachname} bearbeiten`)
    await expect(fresh.getByLabel('Ort')).toHaveValue('Nyon')
    await fresh.getByLabel('Ort').fill('Morges')
    await fresh.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(message(page, `Benutzer ${nachname} wurde gespeichert.`)).toBeVisible()
  })

  test('broker insurer: type MAKLER offered, broker number required with the MAKLER role', async ({
    page,
  }) => {
    await loginAs(page, 'admin@seeland.example')
    const scope = await openNew(page)
    const nachname = `Makler${test.info().project.name.replace('-', '')}${Date.now().toString(36)}`
    await fill(scope, { Nachname: nachname, 'E-Mail': uniqueEmail('broker') })
    await chooseType(page, scope, 'Makler')
    await expect(roleBox(scope, 'Makler')).toBeChecked()
    await expect(roleBox(scope, 'Gruppenverwaltung (GROUP_ADMIN)')).toBeVisible()
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(scope.locator('#maklerNummer-error')).toContainText('Bitte füllen Sie dieses Feld aus.')
    await expect(scope.getByRole('radio', { name: 'Makler', exact: true })).toBeChecked()
    await fill(scope, { Maklernummer: '4712' })
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(message(page, `Benutzer ${nachname} wurde erstellt.`)).toBeVisible()
    const edit = await openUser(page, nachname)
    await expect(edit.getByLabel('Maklernummer')).toHaveValue('4712')
  })

  test('group roles are shown read-only when the user has some', async ({ page }) => {
    await loginAs(page, 'admin@seeland.example')
    const scope = await openUser(page, 'Marco Schneider')
    await expect(scope.getByRole('heading', { name: 'Rollen aus Gruppen' })).toBeVisible()
    await expect(scope.getByLabel('Maklernummer')).toHaveValue('4711')
    await expectNoA11yViolations(page, 'edit dialog with group roles')
  })
})

test.describe("a broker firm's administrator (spec §2, §6; ADR 140, 141)", () => {
  const MAKLER_LOCKED = 'Als Makler können Sie diese Rolle nicht entfernen.'

  /** Neither the type buttons nor the broker number; MAKLER checked, disabled and explained. */
  async function expectBrokerDialog(scope: Locator) {
    await expect(scope.getByRole('radio')).toHaveCount(0)
    await expect(scope.getByRole('group', { name: 'Benutzertyp' })).toHaveCount(0)
    await expect(scope.getByLabel('Maklernummer')).toHaveCount(0)
    await expect(scope.locator('[name="type"], [name="maklerNummer"]')).toHaveCount(0)
    await expect(roleBox(scope, 'Makler')).toBeChecked()
    await expect(roleBox(scope, 'Makler')).toBeDisabled()
    await expect(scope.getByText(MAKLER_LOCKED)).toBeVisible()
    // The locked box is still posted, by a hidden field.
    await expect(scope.locator('input[type="hidden"][name="roles"][value="MAKLER"]')).toHaveCount(1)
  }

  test('broker number and type hidden from MAKLER users, a broker cannot remove the MAKLER chip', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // Axe twice over a form with some 250 countries, a second login.
    test.slow()
    await loginAs(page, 'broker.admin@seeland.example')
    await gotoHydrated(page, LIST)
    await expect(heading(page)).toHaveText('Benutzerverwaltung')

    const scope = await openNew(page)
    await expectBrokerDialog(scope)
    await expectNoA11yViolations(page, 'new user dialog of a broker')
    const nachname = `Broker${testInfo.project.name.replace('-', '')}${Date.now().toString(36)}`
    const email = uniqueEmail('brokeradmin')
    await fill(scope, { Nachname: nachname, 'E-Mail': email })
    await scope.getByRole('button', { name: 'OK', exact: true }).click()
    await expect(message(page, `Benutzer ${nachname} wurde erstellt.`)).toBeVisible()
    await expect(page).toHaveURL(LIST)
    await expect(page.getByRole('row', { name: new RegExp(nachname) })).toContainText(email)

    const edit = await openUser(page, nachname)
    await expectBrokerDialog(edit)
    await expect(roleBox(edit, 'SVN erstellen')).toBeChecked()
    await expectNoA11yViolations(page, 'edit dialog of a broker')

    // The rule holds on the server: a post without MAKLER (and with a type and broker number the
    // dialog never shows) is refused with the translated reason, and nothing is saved.
    const userUrl = new URL(page.url())
    const form = new URLSearchParams({
      csrf: await csrfFromPage(page),
      intent: 'save',
      version: (await edit.locator('input[name="version"]').getAttribute('value')) ?? '',
      nachname,
      email,
      aktiv: 'on',
      type: 'NURLESEN',
      maklerNummer: '9999',
    })
    form.append('roles', 'SVN_SUCHEN')
    form.append('roles', 'AE_SUCHEN')
    const refused = await page.request.post(userUrl.pathname, {
      headers: {
        Origin: new URL(baseURL!).origin,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      data: form.toString(),
      maxRedirects: 0,
    })
    expect(refused.status()).toBe(400)
    expect(await refused.text()).toContain('Die Rolle Makler kann nicht entfernt werden.')

    await gotoHydrated(page, LIST)
    const again = await openUser(page, nachname)
    await expectBrokerDialog(again)
    await expect(roleBox(again, 'SVN erstellen')).toBeChecked()

    // The insurer's own administrator (no broker number) sees what the server filled in.
    const other = await newPage(browser, testInfo)
    try {
      await loginAs(other.page, 'admin@seeland.example')
      const seen = await openUser(other.page, nachname)
      await expect(seen.getByRole('radio', { name: 'Makler', exact: true })).toBeChecked()
      await expect(seen.getByLabel('Maklernummer')).toHaveValue('4711')
      await expect(roleBox(seen, 'Makler')).toBeChecked()
      await expect(roleBox(seen, 'Makler')).toBeEnabled()
    } finally {
      await other.context.close()
    }
  })
})

test.describe('user dialog with the keyboard', () => {
  test('focus moves in, Escape closes, changes are confirmed, focus returns to the opener', async ({
    page,
  }) => {
    await loginAs(page, 'admin@leman.example')
    const opener = page.getByRole('link', { name: 'Neuer Benutzer' })
    await opener.focus()
    await page.keyboard.press('Enter')
    if (!jsEnabled(test.info())) {
      // Without JS the dialog is a page of its own at the same URL; cancel leads back to the list.
      await expect(page).toHaveURL(`${LIST}/new`)
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Neuer Benutzer' })).toBeVisible()
      await expect(page.getByRole('table')).toHaveCount(0)
      const cancel = page.getByRole('link', { name: 'Abbrechen' })
      await cancel.focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(LIST)
      await expect(page.getByRole('table')).toBeVisible()
      return
    }
    const modal = page.getByRole('dialog', { name: 'Neuer Benutzer' })
    await expect(modal).toBeVisible()
    await expect(modal.getByLabel('Nachname')).toBeFocused()
    // Nothing changed, nothing to save (ADR 817: the only reason OK is disabled).
    await expect(modal.getByRole('button', { name: 'OK', exact: true })).toBeDisabled()
    // The list stays behind the modal; the URL is the dialog's.
    await expect(page).toHaveURL(`${LIST}/new`)
    await expect(page.getByRole('table')).toBeAttached()
    await page.keyboard.press('Escape')
    await expect(modal).toHaveCount(0)
    await expect(page).toHaveURL(LIST)
    await expect(opener).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(modal).toBeVisible()
    await page.keyboard.type('Geändert')
    await expect(modal.getByRole('button', { name: 'OK', exact: true })).toBeEnabled()
    await page.keyboard.press('Escape')
    const ask = page.getByRole('dialog', { name: 'Änderungen verwerfen?' })
    await expect(ask).toBeVisible()
    await expect(ask.getByRole('button', { name: 'Zurück zum Formular' })).toBeFocused()
    await expectNoA11yViolations(page, 'unsaved changes confirmation')
    await page.keyboard.press('Enter')
    await expect(ask).toBeHidden()
    await expect(modal.getByLabel('Nachname')).toHaveValue('Geändert')
    await modal.getByRole('button', { name: 'Abbrechen' }).click()
    await expect(ask.getByRole('button', { name: 'Zurück zum Formular' })).toBeFocused()
    // Discarding closes both dialogs in one render, and the list's route may come before their close
    // events (it did under load). Stopping those events (they never reach the dialogs) leaves the
    // unmount as the only way focus can return, the harder order.
    const letCloseEventsThrough = await page.evaluateHandle(() => {
      const stop = (event: Event) => event.stopImmediatePropagation()
      window.addEventListener('close', stop, { capture: true })
      return () => window.removeEventListener('close', stop, { capture: true })
    })
    await page.keyboard.press('Tab')
    await expect(ask.getByRole('button', { name: 'Verwerfen und schliessen' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(modal).toHaveCount(0)
    await expect(page).toHaveURL(LIST)
    await expect(opener).toBeFocused()
    await letCloseEventsThrough.evaluate((undo) => undo())
  })
})
