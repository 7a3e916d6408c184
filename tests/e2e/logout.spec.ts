import { type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  isIdpLoginUrl,
  jsEnabled,
  loginAs,
  SESSION_COOKIE,
  sessionCookie,
  typeCredentials,
  userMenuSummary,
  expect,
  test,
} from './support.ts'

/**
 * From the shell: user menu → "Abmelden" (a POST form) → the IdP ends its session without asking
 * (ADR 722) → the portal's /logout page. With JavaScript the IdP's page submits itself; without, it
 * offers one focused "Weiter" button and no way to stay signed in.
 */
async function logoutViaMenu(page: Page) {
  await userMenuSummary(page).click()
  const button = page.locator('header details').getByRole('button', { name: 'Abmelden' })
  await expect(button).toBeVisible()
  await expect(button.locator('xpath=ancestor::form[1]')).toHaveAttribute('method', 'post')
  await expect(button.locator('xpath=ancestor::form[1]')).toHaveAttribute('action', '/logout')
  const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/logout' && r.method() === 'POST')
  await button.click()
  await posted
  await finishIdpLogout(page)
}

async function finishIdpLogout(page: Page) {
  if (!jsEnabled(test.info())) {
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/oidc/'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abmeldung wird abgeschlossen')
    await expect(page).toHaveTitle('Abmelden – SVN Portal')
    await expect(page.getByRole('button')).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Nein, angemeldet bleiben' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Weiter' })).toBeFocused()
    await expectNoA11yViolations(page, 'IdP logout without JavaScript')
    await page.keyboard.press('Enter')
  }
  await expect(page).toHaveURL('/logout')
}

async function expectLoggedOutPage(page: Page) {
  await expect(page).toHaveTitle('Abgemeldet – SVN Portal')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abmeldung')
  // The page's own status message (the toast live region is a second, empty role=status).
  await expect(
    page.getByRole('status').filter({ hasText: 'Sie wurden erfolgreich abgemeldet.' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Erneut anmelden' })).toHaveAttribute('href', '/login')
  await expect(page.locator('header details')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0)
}

test.describe('logout', () => {
  test('logout via the user menu ends both sessions without a second question', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    expect(await sessionCookie(page), 'session cookie after login').toBeDefined()

    await logoutViaMenu(page)
    await expectLoggedOutPage(page)
    await expectNoA11yViolations(page, 'portal /logout after logout')

    expect((await page.context().cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE)

    // The marker is consumed: a reload is no longer "freshly logged out" and goes to login.
    await page.goto('/svn/search')
    await expect(page).toHaveURL(isIdpLoginUrl)
    // The IdP session ended too: the login form is shown, no silent login.
    await expect(page.locator('#login')).toBeVisible()
    await expect(page.locator('#password')).toHaveValue('')
    expect(await sessionCookie(page)).toBeUndefined()
  })

  test('after logout the "log in again" link leads to the IdP login form', async ({ page }) => {
    await loginAs(page, 'reader@alpina.example')
    await logoutViaMenu(page)
    await expectLoggedOutPage(page)
    await page.getByRole('link', { name: 'Erneut anmelden' }).click()
    await expect(page).toHaveURL(isIdpLoginUrl)
    await expect(page.locator('#login')).toBeVisible()
  })

  test('GET /logout while logged in does not log out but offers the logout button', async ({ page }) => {
    await loginAs(page, 'clerk@leman.example')
    const before = await sessionCookie(page)
    await page.goto('/logout')
    await expect(page).toHaveURL('/logout')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abgemeldet')
    const button = page.getByRole('main').getByRole('button', { name: 'Abmelden' })
    await expect(button).toBeVisible()
    await expect(page.getByText('Sie wurden erfolgreich abgemeldet.')).toHaveCount(0)
    await expectNoA11yViolations(page, 'GET /logout logged in')

    expect((await sessionCookie(page))?.value).toBe(before?.value)
    await page.goto('/svn/search')
    await expect(page).toHaveURL('/svn/search')
    await expect(userMenuSummary(page)).toContainText('Julien Rochat')

    // The button on that page logs out as well.
    await page.goto('/logout')
    await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click()
    await finishIdpLogout(page)
    await expectLoggedOutPage(page)
  })

  test('after logout, /login asks for the password again (issue 17 item 9)', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    await logoutViaMenu(page)
    await page.goto('/login')
    // No silent single sign-on: the IdP shows its form, and only the password gets back in.
    await expect(page).toHaveURL(isIdpLoginUrl)
    await expect(page.locator('#password')).toBeVisible()
    await expect(page.locator('#password')).toHaveValue('')
    await expectNoA11yViolations(page, 'IdP login after logout')
    await typeCredentials(page, 'clerk@alpina.example', 'wrong-password')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await expect(page.locator('#password')).toBeVisible()
    await loginAs(page, 'clerk@alpina.example')
    expect(await sessionCookie(page)).toBeDefined()
  })

  test('GET /logout logged out (no fresh logout) goes to login', async ({ page }) => {
    await page.goto('/logout')
    await expect(page).toHaveURL(isIdpLoginUrl)
  })

  test('the portal session is destroyed before the trip to the IdP', async ({ page }) => {
    await loginAs(page, 'broker@seeland.example')
    await logoutViaMenu(page)
    // The portal session is destroyed before the trip to the IdP.
    expect(await sessionCookie(page)).toBeUndefined()
  })
})
