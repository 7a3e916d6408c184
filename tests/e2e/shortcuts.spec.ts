import { type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  jsEnabled,
  login,
  loginAs,
  openUserMenu,
  sideNav,
  expect,
  test,
  gotoHydrated,
} from './support.ts'

const HELP = 'Tastaturkürzel'

async function switchShortcuts(page: Page, to: 'on' | 'off') {
  await openUserMenu(page)
  const url = page.url()
  await page
    .getByRole('button', { name: to === 'off' ? 'Tastaturkürzel ausschalten' : 'Tastaturkürzel einschalten' })
    .click()
  await expect(
    page.getByText(
      to === 'off' ? 'Die Tastaturkürzel sind ausgeschaltet.' : 'Die Tastaturkürzel sind eingeschaltet.',
    ),
  ).toBeVisible()
  await expect(page).toHaveURL(url)
}

test.describe('keyboard shortcuts', () => {
  test('? opens the help, Escape closes it and focus returns', async ({ page }, testInfo) => {
    await loginAs(page, 'clerk@alpina.example')
    if (!jsEnabled(testInfo)) {
      // Shortcuts are a JavaScript comfort: without it the keys do nothing and there is no dialog.
      await page.locator('main h1').click()
      await page.keyboard.press('?')
      await expect(page.locator('dialog')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Tastaturkürzel anzeigen' })).toHaveCount(0)
      return
    }
    const link = sideNav(page).getByRole('link', { name: 'SVN suchen' })
    await link.focus()
    await page.keyboard.press('?')
    const dialog = page.getByRole('dialog', { name: HELP })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Gehe zu: SVN suchen')
    await expect(dialog.getByRole('button', { name: 'Schliessen' })).toBeFocused()
    await expectNoA11yViolations(page, 'shortcut help open')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(link).toBeFocused()
    // The user menu offers the help too; the menu closes, so focus comes back to its button.
    const menu = page.locator('header details > summary')
    await menu.click()
    await page.getByRole('button', { name: 'Tastaturkürzel anzeigen' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Schliessen' }).click()
    await expect(dialog).toBeHidden()
    await expect(menu).toBeFocused()
  })

  test('go-to sequences navigate; keys typed into fields are left alone', async ({ page }, testInfo) => {
    await loginAs(page, 'clerk@alpina.example')
    await gotoHydrated(page, '/token-info')
    if (!jsEnabled(testInfo)) {
      await page.locator('main h1').click()
      await page.keyboard.press('g')
      await page.keyboard.press('s')
      await expect(page).toHaveURL('/token-info')
      return
    }
    const field = page.getByLabel('Auth-Provider-ID')
    await field.focus()
    await page.keyboard.type('g?s/')
    await expect(field).toHaveValue('g?s/')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page).toHaveURL('/token-info')
    // "/" with no search field on the page does nothing harmful.
    await page.locator('main h1').click()
    await page.keyboard.press('/')
    await expect(page).toHaveURL('/token-info')
    await page.keyboard.press('g')
    await page.keyboard.press('s')
    await expect(page).toHaveURL('/svn/search')
    // "/" puts the cursor into the page's first search field.
    await page.locator('main h1').click()
    await page.keyboard.press('/')
    await expect(page.locator('[role="search"] input').first()).toBeFocused()
    await page.locator('main h1').click()
    // A screen the user may not open has no shortcut.
    await page.keyboard.press('g')
    await page.keyboard.press('a')
    await page.waitForTimeout(300)
    await expect(page).toHaveURL('/svn/search')
  })

  test('switched off in the user menu, they have no effect; the setting is kept', async ({
    page,
  }, testInfo) => {
    // Own users per project: the setting is per user and the projects run in parallel.
    const email = jsEnabled(testInfo) ? 'reader@alpina.example' : 'clerk@leman.example'
    await loginAs(page, email)
    await switchShortcuts(page, 'off')
    await openUserMenu(page)
    await expect(page.getByText('Tastaturkürzel: aus')).toBeVisible()
    await expectNoA11yViolations(page, 'user menu, shortcuts off')
    if (jsEnabled(testInfo)) {
      await page.locator('main h1').click()
      await page.keyboard.press('?')
      await page.keyboard.press('g')
      await page.keyboard.press('s')
      await page.waitForTimeout(300)
      await expect(page.getByRole('dialog')).toBeHidden()
      await gotoHydrated(page, '/token-info')
      await page.locator('main h1').click()
      await page.keyboard.press('g')
      await page.keyboard.press('s')
      await page.waitForTimeout(300)
      await expect(page).toHaveURL('/token-info')
    }
    // Kept on the server: a new login sees it.
    await page.context().clearCookies()
    await login(page, email)
    await openUserMenu(page)
    await expect(page.getByText('Tastaturkürzel: aus')).toBeVisible()
    await switchShortcuts(page, 'on')
    await openUserMenu(page)
    await expect(page.getByText('Tastaturkürzel: ein')).toBeVisible()
  })
})
