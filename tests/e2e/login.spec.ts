import { type Request } from '@playwright/test'
import {
  DEMO_USERS,
  demoUser,
  expectNoA11yViolations,
  expectOwnIcon,
  expectShell,
  gotoLoginForm,
  isIdpLoginUrl,
  login,
  typeCredentials,
  expect,
  test,
  expectErrorSummary,
} from './support.ts'

test.describe('login', () => {
  for (const u of DEMO_USERS) {
    test(`${u.email} lands on ${u.defaultPage} inside the shell`, async ({ page }) => {
      await login(page, u.email)
      await expect(page).toHaveURL(u.defaultPage)
      await expectShell(page, u)
      await expectNoA11yViolations(page, `${u.defaultPage} as ${u.email}`)
    })
  }

  test('the IdP login page is accessible, and after a wrong password shows an error summary', async ({
    page,
  }) => {
    await gotoLoginForm(page)
    await expect(page).toHaveTitle(/^Anmelden – SVN Portal$/)
    await expect(page.locator('#login')).toHaveAttribute('autocomplete', 'username')
    await expect(page.locator('#password')).toHaveAttribute('autocomplete', 'current-password')
    await expectNoA11yViolations(page, 'IdP login')
    await expectOwnIcon(page)

    await typeCredentials(page, 'clerk@alpina.example', 'wrong-password')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await expect(page).toHaveTitle(/^Fehler: /)
    const summary = page.locator('.error-summary')
    await expect(summary).toBeVisible()
    await expect(summary.getByRole('heading', { level: 2 })).toHaveText('Es gibt ein Problem')
    await expect(
      summary.getByRole('link', { name: 'E-Mail-Adresse oder Passwort ist falsch' }),
    ).toHaveAttribute('href', '#login')
    await expectErrorSummary(page, [['E-Mail-Adresse: E-Mail-Adresse oder Passwort ist falsch', 'login']])
    // No script on the IdP's pages: the summary takes the focus by autofocus, with JS on or off.
    await expect(summary).toBeFocused()
    await expect(page.locator('#login')).toHaveValue('clerk@alpina.example')
    await expect(page.locator('#login')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#password')).toHaveValue('')
    await expectNoA11yViolations(page, 'IdP login with error')

    // The form still works after the error: the right password logs in.
    await typeCredentials(page, 'clerk@alpina.example', 'demo')
    await expect(page).toHaveURL('/svn/search')
  })

  test('a wanted URL survives the trip to the IdP', async ({ page }) => {
    await page.goto('/group/administration')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await login(page, 'admin@alpina.example')
    await expect(page).toHaveURL('/group/administration')
    await expect(page.locator('nav a[aria-current="page"]')).toHaveText('Gruppenverwaltung')
  })

  test('a wanted URL keeps its query string', async ({ page }) => {
    await page.goto('/svn/search?schildNr=ZH%201234')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await login(page, 'clerk@alpina.example')
    await expect(page).toHaveURL('/svn/search?schildNr=ZH%201234')
  })

  test('a wanted URL the user may not open is dropped for the default page', async ({ page }) => {
    await page.goto('/user/administration')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await login(page, 'clerk@alpina.example')
    await expect(page).toHaveURL('/svn/search')
  })

  for (const wanted of [
    '/logout',
    '/svn/../logout',
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
  ]) {
    test(`the wanted target ${JSON.stringify(wanted)} is never followed`, async ({ page, baseURL }) => {
      const u = demoUser('admin@alpina.example')
      await page.goto(`/login?returnTo=${encodeURIComponent(wanted)}`)
      await login(page, u.email)
      await expect(page).toHaveURL(u.defaultPage)
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
      expect(page.url()).not.toContain('evil.example')
    })
  }

  test('/idp/{provider} leads to the IdP login with the provider as kc_idp_hint', async ({ page }) => {
    const requests: Request[] = []
    page.on('request', (request) => requests.push(request))
    await page.goto('/idp/someprovider')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await expect(page.locator('#login')).toBeVisible()
    const paths = requests.map((r) => new URL(r.url()).pathname)
    expect(paths).toContain('/landing')
    const authorization = requests.find((r) => {
      const url = new URL(r.url())
      return url.pathname.startsWith('/oidc/') && url.searchParams.has('client_id')
    })
    expect(authorization, `authorization request in ${paths.join(' → ')}`).toBeDefined()
    const params = new URL(authorization!.url()).searchParams
    expect(params.get('kc_idp_hint')).toBe('someprovider')
    expect(params.get('response_type')).toBe('code')
    expect(params.get('code_challenge_method')).toBe('S256')
    // The hint is accepted: the login still works and lands on the default page.
    await login(page, 'reader@alpina.example')
    await expect(page).toHaveURL('/svn/search')
  })

  test('the skip link is the first focusable element and jumps to main', async ({ page }) => {
    const u = demoUser('clerk@leman.example')
    await login(page, u.email)
    // Start from a fresh document load so focus begins at the top.
    await page.goto(u.defaultPage)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' })
    await expect(skip).toBeFocused()
    await expect(skip).toHaveAttribute('href', '#main')
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
  })

  test('the IdP login page has a skip link first as well', async ({ page }) => {
    await gotoLoginForm(page)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
  })
})
