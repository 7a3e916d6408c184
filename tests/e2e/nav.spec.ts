import { type Page } from '@playwright/test'
import {
  expectNoA11yViolations,
  jsEnabled,
  login,
  newPage,
  sideNav,
  expect,
  test,
  waitForHydration,
} from './support.ts'

const CLOSE = 'Navigation schliessen'
const OPEN = 'Navigation öffnen'

/** The toggle's POST: a form's without JS, a script's fetch with JS (answered 204). */
function isNavPost(url: string, method: string) {
  return new URL(url).pathname === '/nav' && method === 'POST'
}

function navList(page: Page) {
  return page.locator('#side-nav-list')
}

/** The toggle a user can see (without JS and without a stored choice, CSS hides one of two). */
function toggle(page: Page, name: string) {
  return sideNav(page).getByRole('button', { name, exact: true })
}

async function expectOpen(page: Page) {
  await expect(navList(page)).toBeVisible()
  await expect(toggle(page, CLOSE)).toBeVisible()
  await expect(toggle(page, CLOSE)).toHaveAttribute('aria-expanded', 'true')
  await expect(toggle(page, CLOSE)).toHaveAttribute('aria-controls', 'side-nav-list')
  await expect(toggle(page, OPEN)).toHaveCount(0)
}

async function expectClosed(page: Page) {
  await expect(navList(page)).toBeHidden()
  await expect(toggle(page, OPEN)).toBeVisible()
  await expect(toggle(page, OPEN)).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle(page, OPEN)).toHaveAttribute('aria-controls', 'side-nav-list')
  await expect(toggle(page, CLOSE)).toHaveCount(0)
}

/**
 * Uses the toggle. With JS it acts at once and stores the choice with a background POST (awaited
 * here so a reload sees it); without JS it is a form POST that redirects back to the page.
 */
async function useToggle(page: Page, name: string, js: boolean) {
  const url = page.url()
  if (js) {
    // Before hydration the toggle is a plain form: its POST would answer with a redirect, not 204.
    await waitForHydration(page)
    const stored = page.waitForResponse((r) => isNavPost(r.url(), r.request().method()))
    await toggle(page, name).click()
    expect((await stored).status()).toBe(204)
  } else {
    const posted = page.waitForRequest((r) => isNavPost(r.url(), r.method()))
    await toggle(page, name).click()
    await posted
    await page.waitForLoadState()
  }
  await expect(page).toHaveURL(url)
}

test.describe('side navigation', () => {
  test('the toggle closes and opens the navigation, and the choice persists', async ({ page }, testInfo) => {
    const js = jsEnabled(testInfo)
    await login(page, 'clerk@alpina.example')
    await expect(page).toHaveURL('/svn/search')
    await expect(sideNav(page)).toBeVisible()
    await expectOpen(page)
    await expect(sideNav(page).locator('a[aria-current="page"]')).toHaveText('SVN suchen')
    await expectNoA11yViolations(page, 'nav open')

    if (js) {
      // Instant: the list hides before (and whether or not) the background POST answers.
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      const matcher = (url: URL) => url.pathname === '/nav'
      await page.route(matcher, async (route) => {
        await held
        await route.continue()
      })
      await toggle(page, CLOSE).click()
      await expectClosed(page)
      const stored = page.waitForResponse((r) => isNavPost(r.url(), r.request().method()))
      release()
      expect((await stored).status()).toBe(204)
      await page.unroute(matcher)
      await expect(page).toHaveURL('/svn/search')
    } else {
      await useToggle(page, CLOSE, js)
      await expect(page).toHaveURL('/svn/search')
    }
    await expectClosed(page)
    await expectNoA11yViolations(page, 'nav closed')

    await page.reload()
    await expectClosed(page)
    await page.goto('/svn/create')
    await expectClosed(page)

    await useToggle(page, OPEN, js)
    await expect(page).toHaveURL('/svn/create')
    await expectOpen(page)
    await page.reload()
    await expectOpen(page)
    await expect(sideNav(page).locator('a[aria-current="page"]')).toHaveText('SVN erstellen')
  })

  test('at 768 px with no stored choice the navigation starts closed', async ({ browser }, testInfo) => {
    const js = jsEnabled(testInfo)
    const { context, page } = await newPage(browser, testInfo, { width: 768, height: 1000 })
    try {
      await login(page, 'clerk@alpina.example')
      await expect(page).toHaveURL('/svn/search')
      await expect(sideNav(page)).toBeVisible()
      await expectClosed(page)
      await expectNoA11yViolations(page, 'nav closed at 768 px')

      await useToggle(page, OPEN, js)
      await expectOpen(page)
      await expectNoA11yViolations(page, 'nav open at 768 px')

      await sideNav(page).getByRole('link', { name: 'SVN erstellen' }).click()
      await expect(page).toHaveURL('/svn/create')
      if (js) {
        // Choosing a link on a narrow screen closes the menu (spec §2); focus goes to the page.
        await expectClosed(page)
        await expect(page.locator('main#main')).toBeFocused()
      } else {
        // Without JS the stored choice (open) holds on the next page.
        await expectOpen(page)
      }
      await expect(sideNav(page).locator('a[aria-current="page"]')).toHaveAttribute('href', '/svn/create')
    } finally {
      await context.close()
    }
  })

  test('at 769 px with no stored choice the navigation starts open', async ({ browser }, testInfo) => {
    const { context, page } = await newPage(browser, testInfo, { width: 769, height: 1000 })
    try {
      await login(page, 'reader@alpina.example')
      await expectOpen(page)
    } finally {
      await context.close()
    }
  })
})
