import {
  expectErrorSummary,
  expectNoA11yViolations,
  JWT_PATTERN,
  login,
  loginAs,
  expect,
  test,
} from './support.ts'

// The disabled case (ENABLE_DEBUG_PAGES=false → 404) is covered by app/routes/token-info.test.ts,
// which calls the loader with debugPages false: this suite runs one demo server (debug pages on).

test.describe('token-info debug page', () => {
  test('shows the session’s roles and decoded tokens, never a raw token', async ({ page }) => {
    await loginAs(page, 'admin@alpina.example')
    await page.goto('/token-info')
    await expect(page).toHaveTitle('Token-Info – SVN Portal')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Token-Info (Debug)')
    const roles = page.getByTestId('session-roles')
    await expect(roles.getByText('ADMIN', { exact: true })).toBeVisible()
    await expect(roles.getByText('GROUP_ADMIN', { exact: true })).toBeVisible()

    const accessPayload = page.getByRole('region', { name: 'Access-Token: Payload' })
    await expect(accessPayload).toContainText('"resource_access"')
    await expect(accessPayload).toContainText('"iss"')
    await expect(page.getByRole('region', { name: 'Access-Token: Header' })).toContainText('"alg": "RS256"')
    await expect(page.getByRole('region', { name: 'ID-Token: Payload' })).toContainText(
      '"email": "admin@alpina.example"',
    )
    await expect(page.getByRole('region', { name: 'Benutzerinfo (Register, /users/self)' })).toContainText(
      'admin@alpina.example',
    )
    // The scroll regions are reachable with the keyboard.
    await expect(accessPayload).toHaveAttribute('tabindex', '0')
    expect(await page.content()).not.toMatch(JWT_PATTERN)
    await expectNoA11yViolations(page, 'token-info')
  })

  test('French keeps the colon of the token headings from its word by a no-break space', async ({
    page,
    baseURL,
  }) => {
    await loginAs(page, 'admin@alpina.example')
    await page.context().addCookies([{ name: 'lng', value: 'fr', url: baseURL }])
    await page.goto('/token-info')
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    // The exact text: Playwright's text matchers read a no-break space as a space.
    const headings = await page.getByRole('heading', { level: 4 }).allTextContents()
    expect(headings).toContain('Jeton d’accès\u00a0: En-tête')
    expect(headings).toContain('Jeton d’identité\u00a0: Contenu')
    await expectNoA11yViolations(page, 'token-info in French')
  })

  test('loads the external tokens and user info of the demo provider', async ({ page, baseURL }) => {
    await loginAs(page, 'admin@alpina.example')
    await page.goto('/token-info')
    await page.getByLabel('Auth-Provider-ID').fill('demo-idp')
    await page.getByLabel('Benutzerinfo-URL').fill(`${baseURL}/oidc/broker/demo-idp/userinfo`)
    await page.getByRole('button', { name: 'Externe Tokens laden' }).click()
    await expect(page).toHaveURL(/\/token-info\?providerId=demo-idp&userInfoUrl=/)
    const result = page.getByTestId('external-result')
    await expect(result.getByRole('region', { name: 'Externes Access-Token: Payload' })).toContainText(
      'https://demo-idp.example/realms/demo',
    )
    await expect(result.getByRole('region', { name: 'Externes ID-Token: Payload' })).toContainText(
      'Katharina',
    )
    await expect(result.getByRole('region', { name: /^Antwort von / })).toContainText(
      '"email": "admin@alpina.example"',
    )
    expect(await page.content()).not.toMatch(JWT_PATTERN)
    await expectNoA11yViolations(page, 'token-info with external tokens')
  })

  test('says clearly when no tokens are stored and refuses foreign URLs', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    await page.goto('/token-info?providerId=demo-idp&userInfoUrl=')
    await expect(page.getByTestId('external-result')).toContainText(
      'Für den Anbieter «demo-idp» sind für Ihr Konto keine Tokens gespeichert.',
    )
    // The one notice of a refusal that belongs to no field: "Fehler:" for a screen reader too.
    await expect(page.getByTestId('external-result').getByRole('alert')).toHaveText(
      'Fehler: Für den Anbieter «demo-idp» sind für Ihr Konto keine Tokens gespeichert.',
    )
    await expectNoA11yViolations(page, 'token-info: no tokens stored')
    await page.getByLabel('Auth-Provider-ID').fill('demo-idp')
    await page.getByLabel('Benutzerinfo-URL').fill('http://169.254.169.254/latest/meta-data')
    await page.getByRole('button', { name: 'Externe Tokens laden' }).click()
    // Refused beside its field, before anything is loaded: no result section.
    await expectErrorSummary(page, [
      [
        `Benutzerinfo-URL: Diese Benutzerinfo-URL ist nicht erlaubt. Erlaubt sind nur Adressen bei: ${new URL(page.url()).origin}.`,
        'token-info-userinfo',
      ],
    ])
    await expect(page.getByTestId('external-result')).toHaveCount(0)
    await expect(page.getByLabel('Benutzerinfo-URL')).toHaveValue('http://169.254.169.254/latest/meta-data')
    await expectNoA11yViolations(page, 'token-info with an error')
  })

  test('an empty provider id is named in the summary and beside its field, not in a browser bubble', async ({
    page,
  }) => {
    await loginAs(page, 'reader@alpina.example')
    await page.goto('/token-info')
    // By keyboard: the provider field left empty, Enter sends the form.
    const provider = page.getByLabel('Auth-Provider-ID')
    await provider.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/token-info\?providerId=&userInfoUrl=$/)
    await expectErrorSummary(page, [
      ['Auth-Provider-ID: Bitte füllen Sie dieses Feld aus.', 'token-info-provider'],
    ])
    await expect(provider).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#token-info-provider-error')).toHaveText(
      'Fehler: Bitte füllen Sie dieses Feld aus.',
    )
    await expect(page.getByTestId('external-result')).toHaveCount(0)
    await expectNoA11yViolations(page, 'token-info with an empty provider id')
    await page
      .getByRole('link', { name: 'Auth-Provider-ID: Bitte füllen Sie dieses Feld aus.' })
      .press('Enter')
    await expect(provider).toBeFocused()
  })

  test('needs a login and comes back to the page after it', async ({ page }) => {
    await page.goto('/token-info')
    await login(page, 'reader@alpina.example')
    await expect(page).toHaveURL('/token-info')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Token-Info (Debug)')
  })
})
