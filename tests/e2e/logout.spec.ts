import { type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  isIdpLoginUrl,
  loginAs,
  SESSION_COOKIE,
  sessionCookie,
  userMenuSummary,
  expect,
  test,
} from './support.ts'

/** From the shell: user menu → "Abmelden" (a POST form) → the IdP's end-session confirmation. */
async function startLogout(page: Page) {
  await userMenuSummary(page).click()
  const button = page.locator('header details').getByRole('button', { name: 'Abmelden' })
  await expect(button).toBeVisible()
  await expect(button.locator('xpath=ancestor::form[1]')).toHaveAttribute('method', 'post')
  await expect(button.locator('xpath=ancestor::form[1]')).toHaveAttribute('action', '/logout')
  const posted = page.waitForRequest((r) => new URL(r.url()).pathname === '/logout' && r.method() === 'POST')
  await button.click()
  await posted
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/oidc/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Möchten Sie sich abmelden?')
  await expect(page).toHaveTitle('Abmelden – SVN Portal')
}

/** Confirms on the IdP page with the keyboard and lands on the portal's /logout page. */
async function confirmLogout(page: Page) {
  const confirm = page.getByRole('button', { name: 'Ja, abmelden' })
  await confirm.focus()
  await page.keyboard.press('Enter')
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
  test('logout via the user menu and the IdP confirmation ends both sessions', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    expect(await sessionCookie(page), 'session cookie after login').toBeDefined()

    await startLogout(page)
    await expect(page.getByRole('button', { name: 'Nein, angemeldet bleiben' })).toBeVisible()
    await expectNoA11yViolations(page, 'IdP logout confirmation')

    await confirmLogout(page)
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
    await startLogout(page)
    await confirmLogout(page)
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Möchten Sie sich abmelden?')
    await confirmLogout(page)
    await expectLoggedOutPage(page)
  })

  test('GET /logout logged out (no fresh logout) goes to login', async ({ page }) => {
    await page.goto('/logout')
    await expect(page).toHaveURL(isIdpLoginUrl)
  })

  test('the portal session is destroyed before the trip to the IdP', async ({ page }) => {
    await loginAs(page, 'broker@seeland.example')
    await startLogout(page)
    // The portal session is destroyed before the trip to the IdP.
    expect(await sessionCookie(page)).toBeUndefined()
  })
})
