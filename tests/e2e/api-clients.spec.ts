import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { validCreateValues } from '../../register/svn/create-testing.ts'
import {
  expect,
  expectErrorSummary,
  expectNoA11yViolations,
  jsEnabled,
  loginAs,
  newPage,
  svnSearchIds,
  tabTo,
  test,
  waitForHydration,
  gotoHydrated,
} from './support.ts'

/**
 * Issue 19 "Done when": an insurer's administrator creates an API client, sees its secret once; the
 * client's token searches and creates SVN of its own insurer only, the SVN's history names the client,
 * and revoking the client refuses the token (401). Both projects share one server: names are unique.
 */

const SELF = '/api-clients'
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

function unique(tag: string): string {
  return `${tag} ${test.info().project.name} ${Date.now().toString(36)}`
}

/** Fills the create form with the keyboard: Tab to the field, type, Space on each role's checkbox. */
async function typeNewClient(page: Page, name: string, roles: string[]): Promise<void> {
  const nameField = page.getByRole('textbox', { name: 'Name' })
  await tabTo(page, nameField)
  await page.keyboard.type(name)
  for (const role of roles) {
    const box = page.getByRole('checkbox', { name: role, exact: true })
    await tabTo(page, box)
    await page.keyboard.press('Space')
    await expect(box).toBeChecked()
  }
  await tabTo(page, page.getByRole('button', { name: 'API-Client erstellen' }))
  await page.keyboard.press('Enter')
}

/** The client-credentials grant at the embedded IdP's token endpoint (docs/api.md). */
async function clientToken(request: APIRequestContext, clientId: string, secret: string): Promise<string> {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString(
    'base64',
  )
  const response = await request.post('/oidc/token', {
    headers: { Authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials' },
  })
  expect(response.status(), await response.text()).toBe(200)
  const body = (await response.json()) as { access_token?: string; token_type?: string; expires_in?: number }
  expect(body.token_type).toBe('Bearer')
  // docs/api.md: 5 minutes, as a person's access token.
  expect(body.expires_in).toBeGreaterThan(0)
  expect(body.expires_in).toBeLessThanOrEqual(300)
  expect(body.access_token).toBeTruthy()
  return body.access_token ?? ''
}

/** Confirms a rotate or revoke: the dialog with JS (focus on "keep"), the server's confirmation step without. */
async function confirm(page: Page, testInfo: TestInfo, title: string, ok: string, what: string) {
  if (jsEnabled(testInfo)) {
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Unverändert lassen' })).toBeFocused()
    await expectNoA11yViolations(page, `${what} dialog`)
    await dialog.getByRole('button', { name: ok, exact: true }).click()
  } else {
    await expect(heading(page)).toHaveText(title)
    await expectNoA11yViolations(page, `${what} confirmation page`)
    await page.getByRole('button', { name: ok, exact: true }).click()
  }
}

test.describe('API clients', () => {
  test('create (secret once), token searches and creates for its insurer, history names it, revoke → 401', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000)
    const name = unique('Policensystem')

    // An SVN of another insurer (Léman), for the tenant check below.
    const leman = await newPage(browser, testInfo)
    await loginAs(leman.page, 'clerk@leman.example')
    const lemanIds = await svnSearchIds(leman.page, 'sort=sVnId&order=desc')
    expect(lemanIds.length).toBeGreaterThan(0)
    const foreignId = lemanIds[0] ?? 0
    await leman.context.close()

    await loginAs(page, 'admin@alpina.example')
    await gotoHydrated(page, SELF)
    await expect(heading(page)).toHaveText('API-Clients')
    await expectNoA11yViolations(page, 'api clients list')

    // No role chosen: the error summary and the role group's message; nothing stored.
    await typeNewClient(page, name, [])
    await expectErrorSummary(page, [['Rollen: Wählen Sie mindestens eine Rolle.', 'roles']])
    await expectNoA11yViolations(page, 'api clients, invalid create')
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name)

    // With a subset of the grantable roles.
    await page.getByRole('textbox', { name: 'Name' }).fill('')
    await typeNewClient(page, name, ['SVN suchen', 'SVN erstellen'])
    await expect(heading(page)).toHaveText(`API-Client «${name}» erstellt`)
    const clientId = (await page.locator('#api-client-id').innerText()).trim()
    const secret = (await page.locator('#api-client-secret').innerText()).trim()
    expect(clientId).toMatch(/^svn-/)
    expect(secret.length).toBeGreaterThanOrEqual(20)
    if (jsEnabled(testInfo)) await expect(page.getByRole('button', { name: 'Secret kopieren' })).toBeVisible()
    else await expect(page.getByRole('button', { name: 'Secret kopieren' })).toHaveCount(0)
    await expectNoA11yViolations(page, 'api client created, secret shown')

    // Shown once: the list (and a reload of it) names the client but never its secret.
    await page.getByRole('link', { name: 'Zurück zu den API-Clients' }).click()
    await expect(page).toHaveURL(SELF)
    await page.reload()
    await waitForHydration(page)
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText(clientId)
    await expect(row).toContainText('SVN suchen, SVN erstellen')
    await expect(row).toContainText('Aktiv')
    expect(await page.content()).not.toContain(secret)

    // The client's token: search, create, another insurer's record is not found.
    const token = await clientToken(request, clientId, secret)
    const auth = { Authorization: `Bearer ${token}` }
    const search = await request.get('/svnwebaccess/svn/search?name=Muster', { headers: auth })
    expect(search.status()).toBe(200)
    // Another insurer's record is not in the client's search either.
    const foreignSearch = await request.get(`/svnwebaccess/svn/search?sVnID=${foreignId}`, { headers: auth })
    expect(foreignSearch.status()).toBe(200)
    expect(await foreignSearch.json()).toMatchObject({ rows: [], total: 0 })

    const holder = `Apiclient${testInfo.project.name.replace(/-/g, '')}${Date.now().toString(36)}`
    const values = validCreateValues()
    values.halter.person.name = holder
    const created = await request.post('/svnwebaccess/svn/create', {
      headers: auth,
      data: { formToken: `e2e-${holder}`, values },
    })
    expect(created.status(), await created.text()).toBe(201)
    const svnId = ((await created.json()) as { svnID: number }).svnID
    expect(svnId).toBeGreaterThan(0)

    const found = await request.get(`/svnwebaccess/svn/search?name=${holder}`, { headers: auth })
    expect(found.status()).toBe(200)
    expect(JSON.stringify(await found.json())).toContain(String(svnId))
    const own = await request.get(`/svnwebaccess/svn/details?svnId=${svnId}`, { headers: auth })
    expect(own.status()).toBe(200)
    const foreign = await request.get(`/svnwebaccess/svn/details?svnId=${foreignId}`, { headers: auth })
    expect(foreign.status()).toBe(404)
    expect(await foreign.text()).not.toContain('halter')
    const foreignHistory = await request.get(`/svnwebaccess/svn/${foreignId}/history`, { headers: auth })
    expect(foreignHistory.status()).toBe(404)

    // The SVN's history on its detail page names the client (as the insurer's clerk sees it).
    const clerk = await newPage(browser, testInfo)
    await loginAs(clerk.page, 'clerk@alpina.example')
    await clerk.page.goto(`/svn/${svnId}`)
    const history = clerk.page.getByRole('table', { name: 'Verlauf' })
    await expect(history.getByRole('row').filter({ hasText: 'Erstellt' })).toContainText(
      `API-Client «${name}»`,
    )
    await expectNoA11yViolations(clerk.page, 'detail with the client in its history')
    await clerk.context.close()

    // Rotate: the new secret is shown once; tokens of the old one are refused from the next request.
    await page.getByRole('button', { name: `Neues Secret ${name}` }).click()
    await confirm(page, testInfo, `Neues Secret für «${name}»?`, 'Neues Secret erstellen', 'rotate')
    await expect(heading(page)).toHaveText(`Neues Secret für «${name}»`)
    await expect(page.locator('#api-client-id')).toHaveText(clientId)
    const newSecret = (await page.locator('#api-client-secret').innerText()).trim()
    expect(newSecret).not.toBe(secret)
    await expectNoA11yViolations(page, 'api client rotated, new secret shown')
    expect((await request.get('/svnwebaccess/svn/search?name=Muster', { headers: auth })).status()).toBe(401)
    const oldSecret = await request.post('/oidc/token', {
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
      form: { grant_type: 'client_credentials' },
    })
    expect(oldSecret.status()).toBe(401)
    const rotated = { Authorization: `Bearer ${await clientToken(request, clientId, newSecret)}` }
    expect((await request.get('/svnwebaccess/svn/search?name=Muster', { headers: rotated })).status()).toBe(
      200,
    )
    await page.getByRole('link', { name: 'Zurück zu den API-Clients' }).click()
    await expect(page).toHaveURL(SELF)

    // Revoke: a dialog with JS, the server's confirmation step without.
    await waitForHydration(page)
    await page.getByRole('button', { name: `Widerrufen ${name}` }).click()
    await confirm(page, testInfo, `«${name}» widerrufen?`, 'Widerrufen', 'revoke')
    await expect(
      page.locator('[role="status"], [role="alert"]').filter({ hasText: `«${name}» widerrufen` }),
    ).toBeVisible()
    await expect(page).toHaveURL(SELF)
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Widerrufen am')
    await expectNoA11yViolations(page, 'api clients after revoke')

    const refused = await request.get('/svnwebaccess/svn/search?name=Muster', { headers: rotated })
    expect(refused.status()).toBe(401)
    const noToken = await request.post('/oidc/token', {
      headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${newSecret}`).toString('base64')}` },
      form: { grant_type: 'client_credentials' },
    })
    expect(noToken.status()).toBe(401)
  })
})
