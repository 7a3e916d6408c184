import { type Page } from '@playwright/test'
import { expect, expectNoA11yViolations, loginAs, svnIdLinks, tabTo, test } from './support.ts'

/** Issue 21 (ADR 540): the name filter forgives spelling; the hint says so. Read-only. */

const PAGE_SIZE = 15

/** Types `value` into Name with the keyboard, searches with Enter, and reads the count and every id. */
async function searchName(page: Page, value: string): Promise<{ count: number; ids: number[] }> {
  const name = page.getByLabel('Name', { exact: true })
  await tabTo(page, name)
  await name.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await page.keyboard.type(value)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(value).replace(/%20/g, '\\+')}`, 'i'))
  await expect(name).toHaveValue(value)
  const status = await page.locator('#svn-result-status').innerText()
  // Grouped as Swiss German writes it ("1’234").
  const count = Number(/Gefundene SVN: ([\d’]+)/.exec(status)?.[1]?.replaceAll('’', '') ?? Number.NaN)
  expect(count, status).toBeGreaterThan(0)
  const ids = (await svnIdLinks(page).allInnerTexts()).map((text) => Number(text.trim()))
  // The rest of the matches, page by page, by the pager's links.
  const url = new URL(page.url())
  for (let p = 2; (p - 1) * PAGE_SIZE < count; p++) {
    url.searchParams.set('page', String(p))
    await page.goto(url.pathname + url.search)
    ids.push(...(await svnIdLinks(page).allInnerTexts()).map((text) => Number(text.trim())))
  }
  expect(ids).toHaveLength(count)
  return { count, ids: ids.sort((a, b) => a - b) }
}

test.describe('SVN search forgives the spelling of names', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
  })

  test('the Name and First name hints say that spelling variants are found', async ({ page }) => {
    test.slow() // axe on a shared machine
    const name = page.getByLabel('Name', { exact: true })
    await expect(page.locator('#name-hint')).toHaveText('Jede Schreibweise: Mueller = Müller')
    await expect(name).toHaveAttribute('aria-describedby', /name-hint/)
    await expect(page.locator('#firstName-hint')).toHaveText('Jede Schreibweise: Zoe = Zoé')
    await expectNoA11yViolations(page, 'search: name hints')
  })

  for (const variant of ['Muller', 'Mueller', 'MÜLLER', 'müller']) {
    test(`${variant} finds the same SVN as Müller`, async ({ page }) => {
      test.slow() // two searches over two pages each on a shared machine
      const muller = await searchName(page, 'Müller')
      expect(muller.count).toBe(19) // the demo's Müllers of Alpina (issue 21)
      await page.goto('/svn/search')
      const found = await searchName(page, variant)
      expect(found).toEqual(muller)
      // The names are shown as written: only Müller, whichever spelling was typed.
      const names = await page.locator('main table tbody tr td:nth-child(2)').allInnerTexts()
      expect(new Set(names.map((n) => n.trim()))).toEqual(new Set(['Müller']))
      if (variant === 'Muller') await expectNoA11yViolations(page, 'search: folded name results')
    })
  }
})
