import { expectNoA11yViolations, expectOwnIcon, expect, test } from './support.ts'

// The register's API reference (issue 19 item 1, ADR 190): public, server-rendered, no script.
test.describe('API reference /svnwebaccess/docs', () => {
  test('an integrator reads the reference by keyboard, in another language, and finds the document', async ({
    page,
  }) => {
    // axe walks every operation of the whole reference on one page: slower than a screen's 30 s.
    test.setTimeout(120_000)
    const response = await page.goto('/svnwebaccess/docs')
    expect(response?.status()).toBe(200)
    // The portal's CSP covers the page as it is: scripts only with a nonce, nothing from other origins.
    const csp = response?.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'self'/)
    expect(csp).not.toMatch(/https?:/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SVN-Register-API: Referenz')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expectNoA11yViolations(page, 'API reference (de)')
    await expectOwnIcon(page)

    // The skip link is the first stop and leads into the content.
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)

    // Another language by keyboard.
    const french = page.getByRole('link', { name: 'Français' })
    await french.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/svnwebaccess\/docs\?lng=fr$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('API du registre SVN\u00a0: référence')
    await expect(page.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'page')

    // From the contents to one operation, then its response schema opened with the keyboard.
    const toSearch = page
      .getByRole('navigation', { name: 'Sommaire' })
      .getByRole('link', { name: 'GET /svn/search' })
    await toSearch.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#getSvnSearch$/)
    const operation = page.getByRole('article', { name: 'GET /svn/search' })
    await expect(operation.getByRole('heading', { level: 3 })).toBeInViewport()
    await expect(operation.getByRole('table', { name: 'Paramètres' })).toContainText('sVnID')
    const responses = operation.getByRole('table', { name: 'Réponses' })
    for (const status of ['200', '400', '401', '403', '503'])
      await expect(responses.getByRole('rowheader', { name: status, exact: true })).toBeVisible()
    await expect(operation).toContainText('SVN_SUCHEN')
    const schema = operation.locator('details').filter({ hasText: 'Schéma 200' })
    await schema.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(schema.locator('pre')).toBeVisible()
    await expect(schema.locator('pre')).toContainText('#/components/schemas/SearchResult')
    await expectNoA11yViolations(page, 'API reference (fr), operation and schema open')

    // The canton routes say their own token and role.
    const iv = page.getByRole('article', { name: 'POST /authority/svn/{id}/iv' })
    await expect(iv).toContainText('BEHOERDE')

    // The machine-readable document, linked from the page, needs no login either.
    const link = page.getByRole('link', { name: 'Document OpenAPI 3.1 (JSON)' })
    const href = await link.getAttribute('href')
    const document = await page.request.get(new URL(href ?? '', page.url()).toString())
    expect(document.status()).toBe(200)
    const body = (await document.json()) as { openapi: string; paths: Record<string, unknown> }
    expect(body.openapi).toMatch(/^3\.1\./)
    expect(Object.keys(body.paths)).toContain('/svn/{id}/history')
  })

  test('fits a phone and a wide screen: no sideways scrolling, no entry running over another', async ({
    page,
  }) => {
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/svnwebaccess/docs')
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        entries: [...document.querySelectorAll('nav li, td')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      }))
      expect(overflow, `at ${width} px`).toEqual({ page: 0, entries: [] })
      // The scrolling table boxes are reachable and named (axe: scrollable-region-focusable).
      if (width === 320) await expectNoA11yViolations(page, 'API reference at 320 px')
    }
  })
})
