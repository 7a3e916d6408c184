import type { ConsoleMessage } from '@playwright/test'
import {
  expect,
  expectNoA11yViolations,
  expectNoRawText,
  jsEnabled,
  loginAs,
  sideNav,
  test,
  waitForHydration,
  watchLanguageFiles,
} from './support.ts'

/**
 * ADR 530: a page carries the texts it rendered and hydrates with them — no language file, no
 * hydration mismatch; the rest of the language comes with the first client-side navigation.
 */
test('a page hydrates with the texts it carries; the language file comes with the next screen', async ({
  page,
}, testInfo) => {
  const errors: string[] = []
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  const languageFiles = watchLanguageFiles(page)

  await loginAs(page, 'clerk@alpina.example')
  await waitForHydration(page)
  const texts = JSON.parse((await page.locator('script#page-texts').textContent()) ?? '') as Record<
    string,
    string | null
  >
  // The texts the search page rendered, and not the whole catalogue.
  expect(Object.values(texts)).toContain('SVN suchen')
  expect(Object.keys(texts).length).toBeGreaterThan(20)
  expect(Object.keys(texts).length).toBeLessThan(400)
  expect(languageFiles).toEqual([])
  await expectNoA11yViolations(page, 'search page')

  // Another screen from the side navigation, by keyboard.
  const target = sideNav(page).locator('a[href="/svn/create"]')
  await target.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/svn/create')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('')
  await expectNoRawText(page, 'create page after navigation')
  await expectNoA11yViolations(page, 'create page after navigation')
  if (jsEnabled(testInfo)) expect(languageFiles).toHaveLength(1)
  else expect(languageFiles).toEqual([])
  expect(errors, 'console errors (a hydration mismatch is one)').toEqual([])
})
