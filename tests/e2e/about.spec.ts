import {
  ctrlShiftClicks,
  expectNoA11yViolations,
  jsEnabled,
  loginAs,
  VERSION,
  expect,
  test,
} from './support.ts'

test.describe('hidden action', () => {
  test('ten clicks with Ctrl and Shift open the about dialog (JavaScript only)', async ({
    page,
  }, testInfo) => {
    await loginAs(page, 'admin@seeland.example')
    if (!jsEnabled(testInfo)) {
      await ctrlShiftClicks(page, 10)
      await expect(page.locator('dialog')).toHaveCount(0)
      await expect(page.locator('main h1')).toBeVisible()
      return
    }
    const dialog = page.getByRole('dialog', { name: 'Über das SVN Portal' })
    await ctrlShiftClicks(page, 9)
    await expect(dialog).toBeHidden()
    await ctrlShiftClicks(page, 1)
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(VERSION)
    await expect(dialog).toContainText('Register')
    await expect(dialog).toContainText('eingebettet')
    await expect(dialog).toContainText('Identitätsanbieter')
    await expectNoA11yViolations(page, 'about dialog')
    await dialog.getByRole('button', { name: 'Schliessen' }).click()
    await expect(dialog).toBeHidden()
    // Plain clicks reset the count.
    await ctrlShiftClicks(page, 5)
    await page.locator('main h1').click()
    await ctrlShiftClicks(page, 5)
    await expect(dialog).toBeHidden()
    await ctrlShiftClicks(page, 5)
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })
})
