import { type Page } from '@playwright/test'
import {
  cookie,
  expectNoA11yViolations,
  isIdpLoginUrl,
  loginAs,
  userMenuSummary,
  expect,
  test,
} from './support.ts'

const LANGUAGES = [
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'it', name: 'Italiano' },
  { code: 'en', name: 'English' },
]

async function expectLanguageButtons(page: Page, current: string) {
  for (const { code, name } of LANGUAGES) {
    const button = page.getByRole('button', { name, exact: true })
    await expect(button).toHaveAttribute('lang', code)
    await expect(button).toHaveAttribute('value', code)
    if (code === current) await expect(button).toHaveAttribute('aria-current', 'true')
    else await expect(button).not.toHaveAttribute('aria-current')
  }
}

test.describe('language', () => {
  test('logged out, switching language keeps the page and translates it', async ({ page }) => {
    await page.goto('/no-permission')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keine Berechtigung')
    await expectLanguageButtons(page, 'de')
    await expect(page.getByRole('group', { name: 'Sprache' })).toBeVisible()

    await page.getByRole('button', { name: 'Français', exact: true }).click()
    await expect(page).toHaveURL('/no-permission')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pas d’autorisation')
    await expect(page).toHaveTitle('Pas d’autorisation – SVN Portal')
    await expect(page.getByRole('link', { name: 'Aller au contenu principal' })).toHaveAttribute(
      'href',
      '#main',
    )
    await expectLanguageButtons(page, 'fr')
    expect((await cookie(page, 'lng'))?.value).toBe('fr')
    await expectNoA11yViolations(page, '/no-permission in French')

    // The choice sticks across pages, and the IdP's login page follows it.
    await page.goto('/404')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await page.goto('/login')
    await expect(page).toHaveURL(isIdpLoginUrl)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  })

  test('logged in, the user menu switches language with the keyboard and keeps the page', async ({
    page,
  }) => {
    const u = await loginAs(page, 'clerk@alpina.example')
    const summary = userMenuSummary(page)
    const details = page.locator('header details')
    await expect(details).not.toHaveAttribute('open')
    await summary.focus()
    await page.keyboard.press('Enter')
    await expect(details).toHaveAttribute('open', '')
    await expect(details.locator('p', { hasText: `${u.vorname} ${u.nachname}` })).toBeVisible()
    await expect(details.getByRole('button', { name: 'Abmelden' })).toBeVisible()
    await expectLanguageButtons(page, 'de')
    await expectNoA11yViolations(page, 'user menu open')

    await page.keyboard.press('Tab')
    await expect(details.getByRole('button', { name: 'Deutsch', exact: true })).toBeFocused()
    await page.keyboard.press('Tab')
    const francais = details.getByRole('button', { name: 'Français', exact: true })
    await expect(francais).toBeFocused()
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(u.defaultPage)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page).toHaveTitle('Recherche SVn – SVN Portal')
    const nav = page.getByRole('navigation', { name: 'Navigation principale' })
    await expect(nav).toBeVisible()
    await expect(nav.locator('a[aria-current="page"]')).toHaveText('Rechercher des SVN')
    await summary.click()
    await expect(details.getByRole('button', { name: 'Se déconnecter' })).toBeVisible()
    await expectLanguageButtons(page, 'fr')
    await expectNoA11yViolations(page, 'user menu open, French')
  })

  test('logged in, a query string survives the language switch', async ({ page }) => {
    await loginAs(page, 'admin@alpina.example')
    await page.goto('/group/administration?x=1')
    await userMenuSummary(page).click()
    await page.getByRole('button', { name: 'Italiano', exact: true }).click()
    await expect(page).toHaveURL('/group/administration?x=1')
    await expect(page.locator('html')).toHaveAttribute('lang', 'it')
  })
})
