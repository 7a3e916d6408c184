import { expectNoA11yViolations, jsEnabled, loginAs, expect, test } from './support.ts'

/**
 * Migration to the identity provider (spec §2 "User migrate page", DESIGN §5). Each project migrates
 * its own insurer, so one project's run never takes the other's users: js migrates Alpina (the seed's
 * new.clerk@alpina.example has no account yet), no-js Léman after creating a user there first.
 */

test.describe('user migration', () => {
  test('asks first (GET changes nothing), migrates on POST and lists the setup links', async ({ page }) => {
    const js = jsEnabled(test.info())
    const admin = js ? 'admin@alpina.example' : 'admin@leman.example'
    const gsCode = js ? '1001' : '1002'
    let email = 'new.clerk@alpina.example'
    await loginAs(page, admin)
    if (!js) {
      email = `migrate.${Date.now().toString(36)}@test.example`
      await page.goto('/user/administration/new')
      await page.getByLabel('Nachname').fill('Migration')
      await page.getByLabel('E-Mail').fill(email)
      await page.getByRole('button', { name: 'OK', exact: true }).click()
      await expect(
        page.getByRole('status').filter({ hasText: 'Benutzer Migration wurde erstellt.' }),
      ).toBeVisible()
    }

    await page.goto(`/user/migrate/${gsCode}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benutzer migrieren')
    await expect(page.getByRole('table')).toHaveCount(0)
    await expectNoA11yViolations(page, 'migrate confirmation')
    await page.getByRole('button', { name: 'Benutzer migrieren' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `VG(${gsCode}) erfolgreich migriert!` }),
    ).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: email })
    await expect(row).toContainText(/\/oidc\/setup\/[\w-]+/)
    await expectNoA11yViolations(page, 'migrate result')
  })

  test('another insurer’s code is refused before anything happens', async ({ page }) => {
    await loginAs(page, 'admin@leman.example')
    await page.goto('/user/migrate/1001')
    await expect(
      page.getByText('Sie können nur die Benutzer Ihrer eigenen Gesellschaft migrieren.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Benutzer migrieren' })).toHaveCount(0)
  })
})
