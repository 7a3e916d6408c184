import { type Page } from '@playwright/test'
import { inScriptablePage } from '../axe.ts'
import { expect, expectNoA11yViolations, jsEnabled, loginAs, test } from './support.ts'

/**
 * Issue 20 item 3 (ADR 811): at 1280×800 with the navigation open every column of every table is
 * visible without sideways scrolling; at 320 px the rows are cards and the page never scrolls
 * sideways (WCAG 1.4.10).
 */
interface TablePage {
  login: string
  path: string
  label: string
}

const CLERK = 'clerk@alpina.example'
const ADMIN = 'admin@alpina.example'

const PAGES: readonly TablePage[] = [
  { login: CLERK, path: '/svn/search?name=M', label: 'search results' },
  // The longest status label ("AE (Ausweisentzug beantragt)") on every row.
  { login: CLERK, path: '/svn/search?status=AE_BEANTRAGT&sort=status', label: 'search results by status' },
  { login: CLERK, path: '/svn/untreated', label: 'untreated SVN files' },
  { login: CLERK, path: '/svn/iv-av-retrieve', label: 'IV/AV files' },
  { login: CLERK, path: '/ae/rejected', label: 'rejected AE files' },
  { login: ADMIN, path: '/user/administration', label: 'user administration' },
  { login: ADMIN, path: '/group/administration', label: 'role groups' },
]

interface TableFit {
  scrollWidth: number
  containerWidth: number
  lastHeaderRight: number
}

/** Every table's own width against its container's, and where its last column header ends. */
async function tableFits(page: Page): Promise<{ tables: TableFit[]; viewport: number; page: number }> {
  return inScriptablePage(page, jsEnabled(test.info()), (target) =>
    target.evaluate(() => ({
      viewport: window.innerWidth,
      page: document.documentElement.scrollWidth,
      tables: [...document.querySelectorAll('main table')].map((table) => {
        const headers = table.querySelectorAll('thead th')
        const last = headers[headers.length - 1]
        return {
          scrollWidth: table.scrollWidth,
          containerWidth: table.parentElement?.clientWidth ?? 0,
          lastHeaderRight: last ? last.getBoundingClientRect().right : 0,
        }
      }),
    })),
  )
}

/** Pickup screens list files only while there are some: other specs delete theirs, so make one. */
const PICKUP = ['/svn/untreated', '/svn/iv-av-retrieve', '/ae/rejected']

async function open(page: Page, entry: TablePage): Promise<void> {
  await page.goto(entry.path)
  if (PICKUP.includes(entry.path) && (await page.locator('main table').count()) === 0) {
    await page.getByRole('button', { name: 'XML erstellen' }).click()
    // With JS the list reloads after the generation; without, the POST redirects back to the screen.
    await expect(page.locator('main table').first()).toBeVisible({ timeout: 20_000 })
  }
  await expect(page.locator('main table').first()).toBeVisible()
}

test.describe('tables fit the screen', () => {
  // Many pages per test, each measured (and without JS copied into a scripting page).
  test.slow()

  for (const login of [CLERK, ADMIN]) {
    test(`at 1280×800 with the navigation open every column is visible (${login})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 })
      await loginAs(page, login)
      for (const entry of PAGES.filter((p) => p.login === login)) {
        await open(page, entry)
        await expect(page.getByRole('button', { name: 'Navigation schliessen' })).toBeVisible()
        const fit = await tableFits(page)
        expect(fit.tables.length, entry.label).toBeGreaterThan(0)
        for (const table of fit.tables) {
          expect(table.scrollWidth, `${entry.label}: table wider than its box`).toBeLessThanOrEqual(
            table.containerWidth,
          )
          expect(table.lastHeaderRight, `${entry.label}: last column header`).toBeLessThanOrEqual(
            fit.viewport,
          )
        }
      }
    })

    test(`at 320 px the rows are cards and the page does not scroll sideways (${login})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 640 })
      await loginAs(page, login)
      for (const entry of PAGES.filter((p) => p.login === login)) {
        await open(page, entry)
        const fit = await tableFits(page)
        expect(fit.page, `${entry.label}: page width at 320 px`).toBeLessThanOrEqual(320)
      }
    })
  }

  test('a result row at 320 px reads "label: value" and stays an accessible table', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await loginAs(page, CLERK)
    await page.goto('/svn/search?name=M')
    const firstRow = page.locator('main table tbody tr').first()
    await expect(firstRow.locator('td[data-label="Status:"]')).toBeVisible()
    // The header row stays: its sort links wrap above the cards.
    await expect(page.getByRole('link', { name: /^Status/ })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: /^Status/ })).toHaveCount(1)
    await expectNoA11yViolations(page, 'search results as cards')
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectNoA11yViolations(page, 'search results as a table')
    // French puts a no-break space before the colon ("Statut :").
    await page.setViewportSize({ width: 320, height: 640 })
    await page.context().addCookies([{ name: 'lng', value: 'fr', url: baseURL }])
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(firstRow.locator('td[data-label="Statut\u00a0:"]')).toBeVisible()
    await expectNoA11yViolations(page, 'search results as cards in French')
  })
})
