import { type Page } from '@playwright/test'
import {
  csrfFromPage,
  expectNoA11yViolations,
  gotoHydrated,
  isIdpLoginUrl,
  jsEnabled,
  loginAs,
  openUserMenu,
  sideNav,
  tabTo,
  waitForHydration,
  expect,
  test,
} from './support.ts'

const LOGIN_LINK = 'Zur Anmeldung'

/**
 * Sends a form as a browser does without script (no submit event, so no client-side action), whatever
 * the page's script is; answers the HTTP status of the page that comes back. A synchronous evaluate runs
 * in the no-js project too.
 */
async function postPlainly(page: Page, action: string, fields: Record<string, string>): Promise<number> {
  const answer = page.waitForResponse(
    (r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === action,
  )
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = action
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input')
        input.type = 'hidden'
        input.name = name
        input.value = value
        form.append(input)
      }
      document.body.append(form)
      form.submit()
    },
    { action, fields },
  )
  return (await answer).status()
}

async function expectErrorPage(page: Page, title: string, heading: string) {
  await expect(page).toHaveTitle(`${title} – SVN Portal`)
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  await expect(page.getByRole('main')).toBeVisible()
}

test.describe('route guards', () => {
  for (const { email, path } of [
    { email: 'clerk@alpina.example', path: '/user/administration' },
    { email: 'reader@alpina.example', path: '/svn/create' },
  ]) {
    test(`${email} without the role is sent from ${path} to /no-permission`, async ({ page }) => {
      await loginAs(page, email)
      const response = await page.goto(path)
      await expect(page).toHaveURL('/no-permission')
      expect(response?.status()).toBe(403)
      await expectErrorPage(page, 'Keine Berechtigung', 'Keine Berechtigung')
      await expect(page.getByRole('main')).toContainText('Sie haben keine Berechtigung für diese Seite.')
      // Logged in: the shell is there, no login link.
      await expect(page.locator('header details > summary')).toBeVisible()
      await expect(page.getByRole('link', { name: LOGIN_LINK })).toHaveCount(0)
      await expectNoA11yViolations(page, `/no-permission as ${email}`)
    })
  }

  test('reader@alpina sees no create entry in the navigation', async ({ page }) => {
    await loginAs(page, 'reader@alpina.example')
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect(nav.getByRole('link', { name: 'SVN suchen' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'SVN erstellen' })).toHaveCount(0)
  })

  test('logged out, /no-permission offers the login link', async ({ page }) => {
    await page.goto('/no-permission')
    await expectErrorPage(page, 'Keine Berechtigung', 'Keine Berechtigung')
    const link = page.getByRole('link', { name: LOGIN_LINK })
    await expect(link).toBeVisible()
    await expect(link).toHaveAttribute('href', '/login')
    // Logged out: no side navigation, no user menu.
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0)
    await expect(page.locator('header details')).toHaveCount(0)
    await expectNoA11yViolations(page, '/no-permission logged out')
    await link.click()
    await expect(page).toHaveURL(isIdpLoginUrl)
  })

  test('logged out, a guarded page sends to the IdP login', async ({ page }) => {
    await page.goto('/svn/create')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await expect(page.locator('#login')).toBeVisible()
  })

  for (const path of ['/does/not/exist', '/svn/abc']) {
    test(`unknown path ${path} ends at /404 (logged out)`, async ({ page }) => {
      const response = await page.goto(path)
      await expect(page).toHaveURL('/404')
      expect(response?.status()).toBe(404)
      await expectErrorPage(page, 'Seite nicht gefunden', 'Seite nicht gefunden')
      await expect(page.getByRole('link', { name: LOGIN_LINK })).toBeVisible()
      await expectNoA11yViolations(page, `${path} → /404`)
    })
  }

  test('unknown paths end at /404 inside the shell when logged in', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    for (const path of ['/does/not/exist', '/svn/abc']) {
      const response = await page.goto(path)
      await expect(page).toHaveURL('/404')
      expect(response?.status()).toBe(404)
      await expectErrorPage(page, 'Seite nicht gefunden', 'Seite nicht gefunden')
      await expect(page.getByRole('link', { name: LOGIN_LINK })).toHaveCount(0)
      await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible()
    }
    await expectNoA11yViolations(page, '/404 logged in')
  })

  test('a form the server refuses shows the error page in the shell, where the script runs', async ({
    page,
  }, testInfo) => {
    await loginAs(page, 'clerk@alpina.example')
    await page.goto('/svn/create')
    // An intent the screen does not know: its action throws, the guarded layout's boundary shows it.
    const status = await postPlainly(page, '/svn/create', {
      csrf: await csrfFromPage(page),
      intent: 'unknown',
    })
    expect(status).toBe(400)
    await expectErrorPage(page, 'Fehler', 'Es ist ein Fehler aufgetreten')
    // Still logged in: the shell with its navigation and user menu, no login link.
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible()
    await expect(page.locator('header details > summary')).toBeVisible()
    await expect(page.getByRole('link', { name: LOGIN_LINK })).toHaveCount(0)
    await expectNoA11yViolations(page, 'error page after a refused form')
    if (!jsEnabled(testInfo)) return
    await waitForHydration(page)
    await page.locator('main h1').click()
    await page.keyboard.press('?')
    await expect(page.getByRole('dialog', { name: 'Tastaturkürzel' })).toBeVisible()
  })

  /** Signs the clerk in again as if in another tab: this tab's page keeps the old login's token. */
  async function signInAgainElsewhere(page: Page, email: string) {
    await page.context().clearCookies()
    const other = await page.context().newPage()
    await loginAs(other, email)
    await other.close()
  }

  test('a form of an earlier login is refused with a way back to its page', async ({ page }, testInfo) => {
    const email = 'clerk@alpina.example'
    await loginAs(page, email)
    await gotoHydrated(page, '/svn/create?new=1')
    const stale = await csrfFromPage(page)
    await signInAgainElsewhere(page, email)
    // Saving the draft: a form POST without JavaScript, the router's fetch of /svn/create.data with it.
    const refused = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /^\/svn\/create(\.data)?$/.test(new URL(r.url()).pathname),
    )
    // (Focused directly: tabbing through the whole form is svn-create.spec.ts's part.)
    await page.getByRole('button', { name: 'Entwurf speichern' }).focus()
    await page.keyboard.press('Enter')
    if (jsEnabled(testInfo)) {
      // The router's boundary shows the refusal in the shell it has, at the form's action.
      expect((await refused).status()).toBe(403)
      await expect(page).toHaveURL('/svn/create')
    } else {
      // A page load goes on to the refusal page, with the shell of whoever is logged in now.
      expect((await refused).status()).toBe(303)
      await expect(page).toHaveURL('/refused?back=%2Fsvn%2Fcreate%3Fnew%3D1')
    }
    await expectErrorPage(page, 'Anfrage abgelehnt', 'Anfrage abgelehnt')
    await expect(page.getByRole('main')).toContainText('Es wurde nichts gespeichert.')
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible()
    await expect(page.getByRole('link', { name: LOGIN_LINK })).toHaveCount(0)
    const back = page.getByRole('link', { name: 'Seite neu öffnen' })
    await expect(back).toHaveAttribute('href', '/svn/create?new=1')
    await expectNoA11yViolations(page, 'refusal of a form of an earlier login')
    await tabTo(page, back)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/svn/create?new=1')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SVn Erstellen')
    // The form comes back with the current login's token.
    expect(await csrfFromPage(page)).not.toBe(stale)
    await expectNoA11yViolations(page, 'the form opened again')
  })

  test('background posts of an earlier login leave the page and what was typed', async ({
    page,
  }, testInfo) => {
    const email = 'clerk@alpina.example'
    await loginAs(page, email)
    await gotoHydrated(page, '/svn/create?new=1')
    const stale = await csrfFromPage(page)
    await signInAgainElsewhere(page, email)
    const toggle = sideNav(page).getByRole('button', { name: 'Navigation schliessen', exact: true })
    if (!jsEnabled(testInfo)) {
      // Without JavaScript the toggle is a form of its own, and its page load goes to the refusal page.
      await toggle.focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL('/refused?back=%2Fsvn%2Fcreate%3Fnew%3D1')
      await expectErrorPage(page, 'Anfrage abgelehnt', 'Anfrage abgelehnt')
      await expectNoA11yViolations(page, 'refusal of the navigation toggle')
      return
    }
    const posted = (path: string) =>
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === path)

    // The toggle acts at once; its refused background store changes nothing else.
    const stored = posted('/nav')
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect((await stored).status()).toBe(403)
    await expect(page.locator('#side-nav-list')).toBeHidden()
    await expect(page).toHaveURL('/svn/create?new=1')

    // The draft's automatic save is refused: the form stays; an error toast says why, where the clerk
    // types, and the draft's status gives the way back.
    const name = page.locator('[name="halter.person.name"]')
    const saved = posted('/svn/create.data')
    await name.focus()
    await page.keyboard.type('Muster')
    expect((await saved).status()).toBe(403)
    const toast = page.getByRole('region', { name: 'Meldungen' })
    await expect(toast.getByRole('alert')).toContainText(
      'Fehler: Entwurf nicht gespeichert: Das Formular gehört zu einer früheren',
    )
    await expect(toast).toBeInViewport()
    await expect(page.locator('[data-draft-state="refused"]')).toContainText('Entwurf nicht gespeichert')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SVn Erstellen')
    await expect(name).toHaveValue('Muster')
    await expect(name).toBeFocused()
    await expectNoA11yViolations(page, 'a refused automatic draft save')
    // At 320 px (a 1280 px screen zoomed to 400 %) the toast still leaves the focused field in view
    // (WCAG 1.4.10, 2.4.11): tabbing back to it scrolls it below the toast.
    await page.setViewportSize({ width: 320, height: 640 })
    // The toast's room in the scroll padding follows its new height on the next frame: wait for it.
    await expect
      .poll(() =>
        toast.evaluate(
          (box) =>
            document.documentElement.style.getPropertyValue('--toast-h') ===
            `${(box as HTMLElement).offsetHeight}px`,
        ),
      )
      .toBe(true)
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(name).toBeFocused()
    const [box, field] = [await toast.boundingBox(), await name.boundingBox()]
    expect(field!.y).toBeGreaterThanOrEqual(box!.y + box!.height)
    expect(field!.y + field!.height).toBeLessThanOrEqual(640)
    await expectNoA11yViolations(page, 'a refused automatic draft save at 320 px')
    await page.setViewportSize({ width: 1280, height: 720 })
    // Tabbing in selected the field's text: go on typing after it.
    await page.keyboard.press('End')

    // No further save is sent for this page's token (the debounce is 2 s).
    let posts = 0
    page.on('request', (r) => {
      if (r.method() === 'POST') posts++
    })
    await page.keyboard.type('mann')
    await page.waitForTimeout(3_000)
    expect(posts).toBe(0)
    await expect(name).toHaveValue('Mustermann')
    // Nothing loaded the new login's token into this page: its form stays refused (ADR 706).
    expect(await csrfFromPage(page)).toBe(stale)

    const back = page.locator('[data-draft-state="refused"]').getByRole('link', { name: 'Seite neu öffnen' })
    await expect(back).toHaveAttribute('href', '/svn/create?new=1')
    await tabTo(page, back)
    // (Following it is the refusal page's plain link, tested above.) Leaving the form takes the toast
    // with it: the link before it, "Vorlage suchen", opens the search inside the router.
    await page.keyboard.press('Shift+Tab')
    await expect(page.getByRole('link', { name: 'Vorlage suchen' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/svn/search')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SVn Suche')
    await expect(page.getByText('Entwurf nicht gespeichert')).toHaveCount(0)
    await expectNoA11yViolations(page, 'the search after leaving a refused form')
  })

  test("a resource route's form of an earlier login gets the refusal page too, which hydrates", async ({
    page,
  }) => {
    const email = 'clerk@alpina.example'
    await loginAs(page, email)
    await gotoHydrated(page, '/svn/search')
    await signInAgainElsewhere(page, email)
    // The language switch in the user menu posts to /language, a route without a page of its own.
    await openUserMenu(page)
    await page.getByRole('button', { name: 'Français' }).press('Enter')
    await expect(page).toHaveURL('/refused?back=%2Fsvn%2Fsearch')
    await expectErrorPage(page, 'Anfrage abgelehnt', 'Anfrage abgelehnt')
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/)
    await expect(page.getByRole('link', { name: 'Seite neu öffnen' })).toHaveAttribute('href', '/svn/search')
    await expectNoA11yViolations(page, 'refusal of a resource route')
    await waitForHydration(page)
    // The page's own link is checked as every redirect target is.
    await page.goto('/refused?back=//evil.example/')
    await expect(page.getByRole('link', { name: 'Seite neu öffnen' })).toHaveAttribute('href', '/')
  })

  for (const { email, path, label, file } of [
    { email: 'clerk@alpina.example', path: '/svn/import', label: 'Excel-Datei (.xlsx)', file: 'svn.xlsx' },
    { email: 'admin@alpina.example', path: '/logo', label: 'Logodatei', file: 'logo.png' },
  ]) {
    test(`an upload of an earlier login on ${path} goes to the refusal page, sent once`, async ({ page }) => {
      await loginAs(page, email)
      await gotoHydrated(page, path)
      await signInAgainElsewhere(page, email)
      let uploads = 0
      page.on('request', (r) => {
        if (r.method() === 'POST') uploads++
      })
      // With JavaScript the upload script's 403 leads there; without, the form's page load.
      const input = page.getByLabel(label)
      await input.setInputFiles({
        name: file,
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(64),
      })
      await input.focus()
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(`/refused?back=${encodeURIComponent(path)}`)
      await expectErrorPage(page, 'Anfrage abgelehnt', 'Anfrage abgelehnt')
      await expect(page.getByRole('link', { name: 'Seite neu öffnen' })).toHaveAttribute('href', path)
      expect(uploads).toBe(1)
      await expectNoA11yViolations(page, `refusal of an upload on ${path}`)
    })
  }

  test("a form over the body limit gets the root's page with the limit's message, which hydrates", async ({
    page,
  }) => {
    await loginAs(page, 'clerk@alpina.example')
    await page.goto('/svn/create?new=1')
    // Refused by the root's middleware before the session is read: the root's page, without the shell.
    const status = await postPlainly(page, '/svn/create', {
      csrf: await csrfFromPage(page),
      intent: 'save-draft',
      big: 'x'.repeat(1100 * 1024),
    })
    expect(status).toBe(413)
    await expectErrorPage(page, 'Fehler', 'Es ist ein Fehler aufgetreten')
    await expect(page.getByRole('main')).toContainText('Die gesendeten Daten sind zu gross (höchstens 1 MB).')
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: LOGIN_LINK })).toBeVisible()
    await expectNoA11yViolations(page, 'error page after a body over the limit')
    // The root's error page marks hydration too (ADR 814): a test waiting for it does not hang.
    await waitForHydration(page)
  })

  test('/error and /accessdenied render their own titles', async ({ page }) => {
    await page.goto('/error')
    await expectErrorPage(page, 'Fehler', 'Es ist ein Fehler aufgetreten')
    await expect(page.getByRole('link', { name: LOGIN_LINK })).toBeVisible()
    await expectNoA11yViolations(page, '/error')

    await page.goto('/accessdenied')
    await expectErrorPage(page, 'Zugriff verweigert', 'Zugriff verweigert')
    await expect(page.getByRole('link', { name: LOGIN_LINK })).toBeVisible()
    await expectNoA11yViolations(page, '/accessdenied')
  })
})
