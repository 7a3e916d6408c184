import { expect, jsEnabled, loginAs, test, waitForHydration } from './support.ts'

/**
 * ADR 531: what only a closed dialog or a first change needs is fetched then, not with the page — the
 * shell's shortcut help and about dialogs, and the user dialog's check for its OK button.
 */
test('the shell dialogs and the user check come when first needed, not with the page', async ({
  page,
}, testInfo) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  const fetched = (chunk: string) =>
    requested.some((p) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(p))

  await loginAs(page, 'admin@leman.example')
  await page.goto('/user/administration')
  await waitForHydration(page)
  await expect(page.getByRole('table')).toBeVisible()
  expect(fetched('ShortcutsHelpDialog')).toBe(false)
  expect(fetched('AboutDialog')).toBe(false)
  if (!jsEnabled(testInfo)) return

  await page.locator('main h1').click()
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Tastaturkürzel' })
  await expect(help).toBeVisible()
  await expect(help.getByRole('button', { name: 'Schliessen' })).toBeFocused()
  expect(fetched('ShortcutsHelpDialog')).toBe(true)
  expect(fetched('AboutDialog')).toBe(false)
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()

  await page.getByRole('link', { name: 'Neuer Benutzer' }).click()
  const modal = page.getByRole('dialog', { name: 'Neuer Benutzer' })
  await expect(modal.getByLabel('Nachname')).toBeFocused()
  // An unchanged form is never OK: its check is not needed yet.
  await expect(modal.getByRole('button', { name: 'OK', exact: true })).toBeDisabled()
  expect(fetched('user-validity')).toBe(false)
  await page.keyboard.type('M')
  await expect.poll(() => fetched('user-validity')).toBe(true)
})
