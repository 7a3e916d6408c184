import { type Page } from '@playwright/test'
import { expectNoA11yViolations, jsEnabled, loginAs, tabTo, expect, test } from './support.ts'

/**
 * Role groups (spec §2 "Role groups page"). The js and no-js projects save at the same time, and one
 * save writes every group: so each project uses its own insurer and a group without members.
 */
function setup(): { login: string; group: string; first: string } {
  return jsEnabled(test.info())
    ? { login: 'admin@seeland.example', group: 'Dateiabholung', first: 'Makler' }
    : { login: 'admin@alpina.example', group: 'Meldungen IV/AV', first: 'Sachbearbeitung SVN' }
}

const matrix = (page: Page) => page.getByRole('region', { name: 'Rollen je Gruppe' })
const cell = (page: Page, group: string) =>
  matrix(page).getByRole('checkbox', { name: `Ausweisentzug suchen für ${group}`, exact: true })
const saved = (page: Page) =>
  page.locator('[role="status"]').filter({ hasText: 'Gruppen erfolgreich gespeichert' })

test.describe('role groups', () => {
  test('a matrix of roles by group (guiOrder); a role toggled by keyboard is saved with one button', async ({
    page,
  }) => {
    test.slow()
    const { login, group, first } = setup()
    await loginAs(page, login)
    await page.goto('/group/administration')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gruppenverwaltung')
    // Groups are the columns (after the role column), in guiOrder; roles are the rows.
    await expect(matrix(page).getByRole('columnheader').nth(1)).toHaveText(first)
    await expect(matrix(page).getByRole('rowheader', { name: 'Ausweisentzug suchen' })).toBeVisible()
    await expectNoA11yViolations(page, 'role groups')

    await expect(cell(page, group)).not.toBeChecked()
    await tabTo(page, cell(page, group))
    await page.keyboard.press('Space')
    await expect(cell(page, group)).toBeChecked()
    await tabTo(page, page.getByRole('button', { name: 'Gruppen speichern' }), 200)
    await page.keyboard.press('Enter')
    await expect(saved(page)).toBeVisible()
    await page.reload()
    await expect(cell(page, group)).toBeChecked()

    // Back as it was, for the next run on a kept server.
    await cell(page, group).uncheck()
    await page.getByRole('button', { name: 'Gruppen speichern' }).click()
    await expect(saved(page)).toBeVisible()
    await expect(cell(page, group)).not.toBeChecked()
  })

  test('at 375 px the matrix scrolls inside its region, not the page', async ({ page }) => {
    const { login, group } = setup()
    await page.setViewportSize({ width: 375, height: 800 })
    await loginAs(page, login)
    await page.goto('/group/administration')
    await expect(cell(page, group)).toBeAttached()
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375)
    await expectNoA11yViolations(page, 'role groups at 375 px')
  })
})
