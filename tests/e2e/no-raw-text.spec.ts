import type { Page } from '@playwright/test'
import { LANGUAGES, type Language } from '../../domain/languages.ts'
import { keysIn, rawTextProblems } from './raw-text.ts'
import { expect, expectNoRawText, login, test, gotoHydrated } from './support.ts'

/**
 * Issue 20 item 1 / issue 17 item 13: every route of app/routes.ts that draws a page, in every
 * language, with JS on and off, shows no raw translation key and no `{{placeholder}}` — also in the
 * error states of the forms. The suite's `test` checks every HTML answer on the way as well
 * (support.ts); here each page is also checked as rendered.
 */

/** Pages a clerk sees (clerk@alpina.example: SACHBEARBEITER). */
const CLERK_PAGES = [
  '/svn/search',
  '/svn/search?sVnStatus=OPEN',
  '/svn/search?sVnID=12a',
  '/svn/create?new=1',
  '/svn/import',
  '/svn/untreated',
  '/svn/iv-av-retrieve',
  '/ae/rejected',
  '/token-info',
  '/no-permission',
  '/error',
  '/accessdenied',
  '/refused?back=/svn/search',
  '/404',
  '/no-such-page',
]

/** Pages an administrator sees (admin@alpina.example: ADMIN, GROUP_ADMIN). */
const ADMIN_PAGES = [
  '/user/administration',
  '/user/administration/new',
  '/user/migrate/1001',
  '/group/administration',
  '/logo',
]

async function useLanguage(page: Page, lng: Language): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? ''
  await page.context().addCookies([{ name: 'lng', value: lng, url: baseURL }])
}

async function visit(page: Page, path: string, lng: Language): Promise<void> {
  await gotoHydrated(page, path)
  await expect(page.locator('html')).toHaveAttribute('lang', lng)
  await expectNoRawText(page, `${path} (${lng})`)
}

test.describe('no raw translation keys or placeholders', () => {
  test('the detector finds keys and placeholders, and leaves dotted words that are no keys', () => {
    expect(keysIn('svnCreate.hints.halter.person.personenTyp')).toEqual([
      'svnCreate.hints.halter.person.personenTyp',
    ])
    expect(rawTextProblems('<p>Benutzer: {{total}}</p>')).toEqual(['placeholder {{total}}'])
    expect(rawTextProblems('<input placeholder="common.search.label">')).toEqual([
      'key common.search.label in placeholder',
    ])
    // The narrow table's cell labels are drawn from data-label by CSS.
    expect(rawTextProblems('<td data-label="table.cell.label">x</td>')).toEqual([
      'key table.cell.label in data-label',
    ])
    const allowed = [
      'broker.admin@seeland.example',
      'mail to info@svn.example.ch or www.svn-portal.example.ch',
      'SVN_1001_20260101.xml, svn.import.vorlage.xlsx',
      'am 01.02.2026, Version 5.1.5, z. B. 100.000.003',
      'http://localhost:3500/svn/search',
    ]
    for (const text of allowed) expect(keysIn(text), text).toEqual([])
    // French pages: a colon joined in code without its no-break space (ADR 824).
    const fr = (body: string) => rawTextProblems(`<html lang="fr"><body>${body}</body></html>`)
    expect(fr('<h4>Jeton d’accès: En-tête</h4>')).toEqual(['French spacing "Jeton d’accès: E" in the text'])
    expect(fr('<p>Statut : actif</p>')).toEqual(['French spacing "Statut : a" in the text'])
    expect(fr('<td data-label="Statut:">actif</td>')).toEqual(['French spacing "Statut:" in data-label'])
    expect(
      fr(
        '<p>Statut\u00a0: actif, 14:30, http://localhost:3300/oidc, «\u00a0Test\u00a0»\u00a0?</p><pre>"alg": "RS256"</pre>',
      ),
    ).toEqual([])
    expect(fr('<p>Autorisation\u00a0: <span lang="en">Canton clients: a token</span></p>')).toEqual([])
    // Where an element ends, a colon or question mark is read as at the end.
    expect(fr('<dt>Statut:</dt><dd>actif</dd>')).toEqual(['French spacing "Statut:" in the text'])
    expect(fr('<p>«Test»</p>')).toEqual([
      'French spacing "«Te" in the text',
      'French spacing "«Test»" in the text',
    ])
    expect(fr('<p>Vraiment\u202f? Aide <kbd>?</kbd></p><button lang="de">Deutsch: DE</button>')).toEqual([])
    expect(rawTextProblems('<html lang="de"><body><p>Status: aktiv</p></body></html>')).toEqual([])
  })

  for (const lng of LANGUAGES) {
    test(`every page in ${lng}`, async ({ page }) => {
      // About 25 pages in one test: more than the default 30 s on a busy machine.
      test.setTimeout(180_000)
      await useLanguage(page, lng)
      await page.goto('/')
      await expectNoRawText(page, `/ (${lng})`)
      await page.goto('/landing')
      await expectNoRawText(page, `/landing (${lng})`)

      // The IdP's login page, refused once (its error state), then the clerk's pages.
      await page.goto('/login')
      await page.locator('#login').fill('clerk@alpina.example')
      await page.locator('#password').fill('not-the-password')
      await page.locator('#password').press('Enter')
      await expect(page.locator('.error-summary')).toBeVisible()
      await expectNoRawText(page, `IdP login refused (${lng})`)
      await login(page, 'clerk@alpina.example')
      for (const path of CLERK_PAGES) await visit(page, path, lng)

      // A record's detail page and the create form's error state.
      await page.goto('/svn/search?sVnStatus=IV')
      await page.locator('main table tbody tr td:first-child a').first().click()
      await expect(page).toHaveURL(/\/svn\/\d+/)
      await expectNoRawText(page, `SVN detail (${lng})`)
      await visit(page, '/svn/create?new=1', lng)
      await page.locator('main form button[value="create"]').click()
      await expect(page.locator('main [aria-labelledby="error-summary-title"]')).toBeVisible()
      await expectNoRawText(page, `create refused (${lng})`)

      await page.context().clearCookies()
      await useLanguage(page, lng)
      await login(page, 'admin@alpina.example')
      for (const path of ADMIN_PAGES) await visit(page, path, lng)
      await page.goto('/user/administration')
      await page.locator('main table tbody a').first().click()
      await expect(page).toHaveURL(/\/user\/administration\/\d+/)
      await expectNoRawText(page, `user dialog (${lng})`)
    })
  }
})
