import {
  expectNoA11yViolations,
  gotoOnDate,
  holidayBanner,
  jsEnabled,
  loginAs,
  expect,
  test,
} from './support.ts'

const CHRISTMAS = [
  'Frohe Weihnachten!',
  'Schöne Festtage und erholsame Stunden.',
  'Frohe Weihnachten und einen guten Rutsch ins neue Jahr!',
]

test.describe('holiday banner', () => {
  test('shows on an (injected) holiday, logged out, and not on other days', async ({ page }) => {
    await gotoOnDate(page, '/404', '2026-12-24')
    const banner = holidayBanner(page)
    await expect(banner).toBeVisible()
    expect(CHRISTMAS).toContain((await banner.getByTestId('holiday-greeting').innerText()).trim())
    await expectNoA11yViolations(page, 'banner logged out')
    // The date sticks for this browser (cookie) …
    await page.goto('/404')
    await expect(holidayBanner(page)).toBeVisible()
    // … until another day is injected.
    await gotoOnDate(page, '/404', '2026-12-27')
    await expect(holidayBanner(page)).toHaveCount(0)
    await gotoOnDate(page, '/404', '2026-03-03')
    await expect(holidayBanner(page)).toHaveCount(0)
  })

  test('shows in the logged-in shell on the national day', async ({ page }) => {
    test.setTimeout(60_000)
    // axe on a moving element is slow; the moving banner has its own axe check (paused) below.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await loginAs(page, 'clerk@alpina.example')
    await gotoOnDate(page, '/svn/search', '2026-08-01')
    const banner = holidayBanner(page)
    await expect(banner).toBeVisible()
    await expect(banner).toHaveAttribute('data-holiday', 'nationalDay')
    await expectNoA11yViolations(page, 'banner logged in')
  })

  test('scrolls with JavaScript, pauses with its control; static without JavaScript', async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await gotoOnDate(page, '/404', '2026-01-01')
    const text = holidayBanner(page).getByTestId('holiday-greeting').locator('span')
    const pause = holidayBanner(page).getByRole('button', { name: 'Laufschrift anhalten' })
    if (!jsEnabled(testInfo)) {
      await expect(pause).toHaveCount(0)
      expect(await text.getAttribute('class')).not.toContain('animate')
      return
    }
    await expect(pause).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => text.evaluate((el) => getComputedStyle(el).animationName)).toBe('banner-scroll')
    await pause.click()
    await expect(pause).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => text.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
    await expectNoA11yViolations(page, 'banner paused')
    await pause.click()
    await expect(pause).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => text.evaluate((el) => getComputedStyle(el).animationName)).toBe('banner-scroll')
  })

  test('does not move when reduced motion is asked for', async ({ page }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await gotoOnDate(page, '/404', '2026-12-20')
    const text = holidayBanner(page).getByTestId('holiday-greeting').locator('span')
    if (!jsEnabled(testInfo)) {
      await expect(holidayBanner(page)).toBeVisible()
      expect(await text.getAttribute('class')).not.toContain('animate')
      return
    }
    await expect(holidayBanner(page).getByRole('button', { name: 'Laufschrift anhalten' })).toBeVisible()
    await expect.poll(() => text.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
    await expectNoA11yViolations(page, 'banner reduced motion')
  })
})
