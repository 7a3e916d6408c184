import { type Page } from '@playwright/test'
import { expectNoA11yViolations, jsEnabled, loginAs, expect, test } from './support.ts'

/**
 * Role groups (spec §2 "Role groups page"). The js and no-js projects save at the same time, and one
 * save writes every group: so each project uses its own insurer and a group without members.
 */
function setup(): { login: string; group: string; first: string } {
  return jsEnabled(test.info())
    ? { login: 'admin@seeland.example', group: 'Dateiabholung', first: 'Makler' }
    : { login: 'admin@alpina.example', group: 'Meldungen IV/AV', first: 'Sachbearbeitung SVN' }
}

const card = (page: Page, name: string) => page.getByRole('region', { name })

test.describe('role groups', () => {
  test('one card per group by guiOrder; a role change is saved with one button', async ({ page }) => {
    const { login, group, first } = setup()
    await loginAs(page, login)
    await page.goto('/group/administration')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppenverwaltung')
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(first)
    await expectNoA11yViolations(page, 'role groups')

    const box = card(page, group).getByRole('checkbox', { name: 'Ausweisentzug suchen', exact: true })
    await expect(box).not.toBeChecked()
    await box.check()
    await page.getByRole('button', { name: 'Gruppen speichern' }).click()
    await expect(
      page.locator('[role="status"]').filter({ hasText: 'Gruppen erfolgreich gespeichert' }),
    ).toBeVisible()
    await page.reload()
    await expect(
      card(page, group).getByRole('checkbox', { name: 'Ausweisentzug suchen', exact: true }),
    ).toBeChecked()

    // Back as it was, for the next run on a kept server.
    await card(page, group).getByRole('checkbox', { name: 'Ausweisentzug suchen', exact: true }).uncheck()
    await page.getByRole('button', { name: 'Gruppen speichern' }).click()
    await expect(
      page.locator('[role="status"]').filter({ hasText: 'Gruppen erfolgreich gespeichert' }),
    ).toBeVisible()
  })
})
