import { measureRoutes } from '../bundles/route-js.ts'
import { expect, expectNoA11yViolations, jsEnabled, loginAs, test, gotoHydrated } from './support.ts'

/**
 * ADR 531: what only a closed dialog needs is fetched when it opens, not with the page — the shell's
 * shortcut help and about dialogs.
 */
test('the shell dialogs come when first needed, not with the page', async ({ page }, testInfo) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  const fetched = (chunk: string) =>
    requested.some((p) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(p))

  await loginAs(page, 'admin@leman.example')
  await gotoHydrated(page, '/user/administration')
  await expect(page.getByRole('table')).toBeVisible()
  expect(fetched('ShortcutsHelpDialog')).toBe(false)
  expect(fetched('AboutDialog')).toBe(false)
  if (!jsEnabled(testInfo)) return

  await page.locator('main h1').click()
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Tastaturkürzel' })
  await expect(help).toBeVisible()
  await expect(help.getByRole('button', { name: 'Schliessen' })).toBeFocused()
  expect(fetched('ShortcutsHelpDialog')).toBe(true)
  expect(fetched('AboutDialog')).toBe(false)
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
})

/**
 * The budgets count a route's first load from the build's manifests (ADR 510); this checks the browser
 * fetches exactly that — nothing more right after hydration, which would be first-load JavaScript too.
 */
test('a page fetches the JavaScript its budget counts, and no more once hydrated', async ({
  page,
}, testInfo) => {
  if (!jsEnabled(testInfo)) return
  const routes = measureRoutes()
  const cases = [
    ['clerk@alpina.example', '/svn/search', 'routes/svn.search'],
    ['clerk@alpina.example', '/svn/create', 'routes/svn.create'],
    ['clerk@alpina.example', '/svn/untreated', 'routes/svn.untreated'],
    ['clerk@alpina.example', '/svn/import', 'routes/svn.import'],
    ['admin@leman.example', '/user/administration', 'routes/user.administration'],
    ['admin@leman.example', '/user/administration/new', 'routes/user.administration.new'],
    ['admin@alpina.example', '/group/administration', 'routes/group.administration'],
    ['admin@alpina.example', '/api-clients', 'routes/api-clients'],
    ['admin@alpina.example', '/logo', 'routes/logo'],
  ] as const
  let user = ''
  for (const [email, url, id] of cases) {
    if (email !== user) {
      await page.context().clearCookies()
      await loginAs(page, email)
      user = email
    }
    const scripts = new Set<string>()
    const onRequest = (r: { url(): string }) => {
      const p = new URL(r.url()).pathname
      if (p.endsWith('.js')) scripts.add(p)
    }
    page.on('request', onRequest)
    await gotoHydrated(page, url)
    await page.waitForLoadState('networkidle')
    page.off('request', onRequest)
    const counted = routes.find((r) => r.id === id)!.files.map((f) => `/${f.file}`)
    expect([...scripts].sort(), url).toEqual([...counted].sort())
  }
})

/**
 * ADR 537: the build writes each script and stylesheet Brotli-compressed (build/client-compressed), and the server sends
 * that form to a browser that takes it; the page then works as with the plain files.
 */
test('the browser gets the scripts and the stylesheet Brotli-compressed, and the page works', async ({
  page,
}, testInfo) => {
  const codings = new Map<string, string | undefined>()
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname
    if (/^\/assets\/.+\.(js|css)$/.test(p)) codings.set(p, r.headers()['content-encoding'])
  })
  await loginAs(page, 'clerk@alpina.example')
  await gotoHydrated(page, '/svn/search')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoA11yViolations(page)
  const stylesheets = [...codings].filter(([p]) => p.endsWith('.css'))
  expect(stylesheets.length).toBeGreaterThan(0)
  for (const [p, coding] of stylesheets) expect(coding, p).toBe('br')
  if (!jsEnabled(testInfo)) return
  // The entry, the shell and the framework, each far above the size where compression pays.
  const scripts = [...codings].filter(([p]) => /\/(entry\.client|shell|framework)-[\w-]+\.js$/.test(p))
  expect(scripts.length).toBe(3)
  for (const [p, coding] of scripts) expect(coding, p).toBe('br')
})
