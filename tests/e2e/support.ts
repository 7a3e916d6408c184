import { axeViolations } from '../axe.ts'
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type Cookie,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test'
import { rawTextProblems } from './raw-text.ts'

export { expect }

// --- issue 20: no raw key or placeholder on any page a test reaches ---------------------------

/** What the running test found (a worker runs one test at a time). */
const rawText = { problems: [] as string[], pending: [] as Promise<void>[] }

function recordProblems(where: string, html: string): void {
  for (const problem of rawTextProblems(html)) rawText.problems.push(`${problem} on ${where}`)
}

function checkDocument(response: Response): void {
  const request = response.request()
  if (request.resourceType() !== 'document' || (response.status() >= 300 && response.status() < 400)) return
  if (!(response.headers()['content-type'] ?? '').includes('text/html')) return
  rawText.pending.push(
    response.text().then(
      (html) => recordProblems(`${request.method()} ${response.url()}`, html),
      () => {}, // the page navigated on before the body was read: its successor is checked
    ),
  )
}

/** Checks every HTML page the context loads, and the page as rendered when the test ends. */
export function watchRawText(context: BrowserContext): void {
  context.on('response', checkDocument)
}

/** The rendered page now (after client rendering), e.g. a state reached without a navigation. */
export async function expectNoRawText(page: Page, label = page.url()): Promise<void> {
  const problems = rawTextProblems(await page.content())
  expect(problems, `raw translation keys, placeholders or French spacing on ${label}`).toEqual([])
}

/**
 * The e2e suite's `test`: every server-rendered page a test loads (each navigation, each no-JS form
 * post's answer) and each page as rendered at the end is checked for raw keys and `{{…}}` (issue 20).
 */
export const test = base.extend<{ noRawText: void }>({
  noRawText: [
    async ({ context }, use) => {
      rawText.problems = []
      rawText.pending = []
      watchRawText(context)
      await use()
      for (const page of context.pages()) {
        const html = await page.content().catch(() => null)
        if (html !== null) recordProblems(`${page.url()} (rendered)`, html)
      }
      await Promise.all(rawText.pending)
      expect(
        rawText.problems,
        'raw translation keys, placeholders or French spacing on the pages this test reached',
      ).toEqual([])
    },
    { auto: true },
  ],
})

export const DEMO_PASSWORD = 'demo'
export const VERSION = '5.1.5'
export const SESSION_COOKIE = 'svn_session'
export const CSRF_COOKIE = 'svn_csrf'

/** A string that looks like a JWT (access, refresh or id token). */
export const JWT_PATTERN = /eyJ[\w-]+\.[\w-]+\./

export interface DemoUser {
  email: string
  vorname: string
  nachname: string
  /** domain/access.ts defaultPage() applied to the seed's roles (type defaults + extra roles + groups). */
  defaultPage: string
  /** The side-navigation entry that is selected on the default page (German label). */
  selectedNav: string
}

/**
 * The demo logins of DESIGN §6 (register/seed/demo-data.ts). Roles from register/seed/type-roles.ts:
 * ADMIN users hold only ADMIN (+ GROUP_ADMIN) → first accessible page in DEFAULT_PAGE_ORDER is
 * /user/administration; every other type holds SVN_SUCHEN → /svn/search.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  user('admin@alpina.example', 'Katharina', 'Meier', '/user/administration', 'Benutzerverwaltung'),
  user('clerk@alpina.example', 'Lukas', 'Brunner', '/svn/search', 'SVN suchen'),
  user('reader@alpina.example', 'Sandra', 'Keller', '/svn/search', 'SVN suchen'),
  user('admin@leman.example', 'Sophie', 'Favre', '/user/administration', 'Benutzerverwaltung'),
  user('clerk@leman.example', 'Julien', 'Rochat', '/svn/search', 'SVN suchen'),
  user('broker@seeland.example', 'Marco', 'Schneider', '/svn/search', 'SVN suchen'),
  user('admin@seeland.example', 'Andrea', 'Gerber', '/user/administration', 'Benutzerverwaltung'),
  // MAKLER type (holds SVN_SUCHEN) plus ADMIN: the search page comes first in DEFAULT_PAGE_ORDER.
  user('broker.admin@seeland.example', 'Petra', 'Wyss', '/svn/search', 'SVN suchen'),
]

function user(
  email: string,
  vorname: string,
  nachname: string,
  defaultPage: string,
  selectedNav: string,
): DemoUser {
  return { email, vorname, nachname, defaultPage, selectedNav }
}

export function demoUser(email: string): DemoUser {
  const found = DEMO_USERS.find((u) => u.email === email)
  if (!found) throw new Error(`unknown demo user ${email}`)
  return found
}

/** Whether the test's project runs with JavaScript: the option itself, not the project's name. */
export function jsEnabled(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled !== false
}

/**
 * With JS, waits until the page's script runs (root sets html[data-hydrated]): keys pressed or clicks made
 * before that reach no listener. Without JS there is nothing to wait for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) return
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Opens a portal page and, with JS, waits for its script: a click before hydration takes the no-JS path
 * (a dialog's button posts to the server), and a file chosen or text changed before it reaches no listener.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await waitForHydration(page)
}

/**
 * The language files the page fetches from now on (app/locales/*.json as built, ADR 530): a page
 * carries the texts it shows, so only a client-side navigation fetches one.
 */
export function watchLanguageFiles(page: Page): string[] {
  const fetched: string[] = []
  page.on('request', (r) => {
    if (/\/assets\/(de|fr|it|en)-[\w-]+\.js$/.test(r.url())) fetched.push(r.url())
  })
  return fetched
}

/** The IdP's login form (idp/views/login.ts). */
export function isIdpLoginUrl(url: URL | string): boolean {
  return new URL(String(url)).pathname.startsWith('/oidc/interaction/')
}

/** Brings the page to the IdP login form: stays there if it is shown already, else starts at /login. */
export async function gotoLoginForm(page: Page): Promise<void> {
  if (!page.url().startsWith('http') || !isIdpLoginUrl(page.url())) await page.goto('/login')
  await expect(page).toHaveURL(isIdpLoginUrl)
  await expect(page.locator('#login')).toBeVisible()
}

/** Types into the login form with the keyboard, as a clerk would, and submits with Enter. */
export async function typeCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.locator('#login').focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(email)
  await page.keyboard.press('Tab')
  await expect(page.locator('#password')).toBeFocused()
  await page.keyboard.type(password)
  await page.keyboard.press('Enter')
}

/**
 * Logs in through the IdP login page with the keyboard. Uses the login form if the page shows it
 * already (e.g. after visiting a guarded page), otherwise starts at /login. Resolves back in the portal.
 */
export async function login(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await gotoLoginForm(page)
  await typeCredentials(page, email, password)
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/'))
  await expect(page.locator('main#main')).toBeVisible()
  await waitForHydration(page)
}

/**
 * Signs in and returns on the user's default page. The IdP's form is posted by the context's request
 * client (same cookies as the page) rather than typed: the keyboard login is the journey of
 * login.spec.ts and the specs that call `login`; elsewhere it only cost every test seconds of typing.
 */
export async function loginAs(page: Page, email: string): Promise<DemoUser> {
  const u = demoUser(email)
  const request = page.context().request
  // /login → the IdP's authorisation endpoint → its login form (redirects followed).
  const form = await request.get('/login')
  expect(isIdpLoginUrl(form.url()), `login form, not ${form.url()}`).toBe(true)
  // The form's POST → consent-free grant → the portal's callback → the user's default page.
  const landed = await request.post(`${form.url()}/login`, {
    form: { login: email, password: DEMO_PASSWORD },
  })
  expect(new URL(landed.url()).pathname, `signed in as ${email}`).toBe(u.defaultPage)
  await page.goto(u.defaultPage)
  await expect(page.locator('main#main')).toBeVisible()
  await waitForHydration(page)
  return u
}

/** Runs axe (WCAG 2.2 AA + best practice) on the page as it is now; any violation fails. */
export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<void> {
  const summary = await axeViolations(page, jsEnabled(test.info()))
  expect(summary, `axe violations on ${label}:\n${JSON.stringify(summary, null, 2)}`).toEqual([])
  // Each state checked by axe is a state a user sees: no raw key or placeholder in it either.
  await expectNoRawText(page, label)
}

/** The page names an icon of our own that loads, so the browser asks for no /favicon.ico (a 404). */
export async function expectOwnIcon(page: Page): Promise<void> {
  const href = await page.locator('link[rel="icon"]').getAttribute('href')
  expect(href).toBe('/favicon.svg')
  const icon = await page.request.get(href ?? '')
  expect(icon.status()).toBe(200)
  expect(icon.headers()['content-type']).toContain('image/svg+xml')
}

export async function cookies(page: Page | BrowserContext): Promise<Cookie[]> {
  const context = 'context' in page ? page.context() : page
  return context.cookies()
}

export async function cookie(page: Page | BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await cookies(page)).find((c) => c.name === name)
}

export async function sessionCookie(page: Page | BrowserContext): Promise<Cookie | undefined> {
  return cookie(page, SESSION_COOKIE)
}

/** The shell's header: product title, version label and (logged in) the user menu's summary. */
export function header(page: Page) {
  return page.getByRole('banner')
}

export function sideNav(page: Page) {
  return page.getByRole('navigation', { name: 'Hauptnavigation' })
}

export function userMenuSummary(page: Page) {
  return page.locator('header details > summary')
}

/** Asserts the logged-in shell: header with name and version, side navigation with the selected entry. */
export async function expectShell(page: Page, u: DemoUser): Promise<void> {
  await expect(header(page)).toContainText('SVN Portal')
  await expect(header(page)).toContainText(`Version ${VERSION}`)
  await expect(userMenuSummary(page)).toContainText(`${u.vorname} ${u.nachname}`)
  const nav = sideNav(page)
  await expect(nav).toBeVisible()
  const current = nav.locator('a[aria-current="page"]')
  await expect(current).toHaveCount(1)
  await expect(current).toHaveText(u.selectedNav)
  await expect(current).toHaveAttribute('href', u.defaultPage)
  await expect(page.locator('main h1')).toHaveCount(1)
}

/** A fresh context of the same project (JS on/off follows the project). */
export async function newPage(
  browser: Browser,
  testInfo: TestInfo,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: jsEnabled(testInfo),
    locale: 'de-CH',
    ...(viewport ? { viewport } : {}),
  })
  watchRawText(context)
  return { context, page: await context.newPage() }
}

/** The anti-forgery token rendered into the portal's forms. */
export async function csrfFromPage(page: Page): Promise<string> {
  const value = await page.locator('input[name="csrf"]').first().getAttribute('value')
  expect(value, 'csrf field on the page').toBeTruthy()
  return value ?? ''
}

// --- issue 8: banner, dialogs, shortcuts, hidden action --------------------------------------

/**
 * Opens `path` pretending today is `isoDate` (debug pages only, ADR 402): `?today=` sets the
 * `svn_debug_today` cookie, so later pages of the same context keep the date; `''` clears it.
 */
export async function gotoOnDate(page: Page, path: string, isoDate: string): Promise<void> {
  const url = new URL(path, 'http://x')
  url.searchParams.set('today', isoDate)
  await gotoHydrated(page, url.pathname + url.search)
}

/** The holiday banner (an aside labelled "Feiertagsgruss"). */
export function holidayBanner(page: Page) {
  return page.getByRole('complementary', { name: 'Feiertagsgruss' })
}

/** Opens the user menu (a <details>) if it is closed. */
export async function openUserMenu(page: Page): Promise<void> {
  const details = page.locator('header details')
  if ((await details.getAttribute('open')) === null) await userMenuSummary(page).click()
  await expect(details).toHaveAttribute('open', '')
}

/** The hidden action (spec §2): `times` clicks with Ctrl and Shift held on `target`. */
export async function ctrlShiftClicks(page: Page, times: number, selector = 'main h1'): Promise<void> {
  await waitForHydration(page)
  for (let i = 0; i < times; i++)
    await page
      .locator(selector)
      .first()
      .click({ modifiers: ['Control', 'Shift'] })
}

/** The SVN search results' id links (first column), in table order. */
export function svnIdLinks(page: Page) {
  return page.locator('main table tbody tr td:first-child a')
}

/** Runs an SVN search by URL and returns the ids of the shown page. */
export async function svnSearchIds(page: Page, query: string): Promise<number[]> {
  await gotoHydrated(page, `/svn/search?${query}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('SVn Suche')
  return (await svnIdLinks(page).allInnerTexts()).map((text) => Number(text.trim()))
}

/**
 * Picks a record for a test that changes it: the js and no-js projects run at the same time on the
 * same data, so js takes even ids and no-js odd ones; `rank` skips that many of the fitting ones.
 */
export async function pickSvn(page: Page, testInfo: TestInfo, query: string, rank = 0): Promise<number> {
  const ids = await svnSearchIds(page, query)
  const parity = jsEnabled(testInfo) ? 0 : 1
  const fitting = ids.filter((id) => id % 2 === parity)
  const id = fitting[rank]
  expect(id, `a record for ${testInfo.project.name} in ${query}`).toBeDefined()
  return id ?? 0
}

/** Presses Tab until `target` has the focus (keyboard-only journeys); fails after `max` presses. */
export async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    // (The expect's own probe works in both projects. Without JavaScript an evaluate works too, but
    // one that awaits a page timer never returns: checked on 2026-12-01, ADR 814 addendum.)
    const focused = await expect(target)
      .toBeFocused({ timeout: 100 })
      .then(
        () => true,
        () => false,
      )
    if (focused) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

// --- issue 20 item 2: error summaries in the GOV.UK pattern ----------------------------------

/** The error summary of portal and IdP pages (app/components/form/ErrorSummary.tsx, idp/views). */
export function errorSummary(page: Page) {
  return page.locator('main [aria-labelledby="error-summary-title"]')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A refused form (ACCESSIBILITY 3, 4): the title starts with the error prefix, the summary is the first
 * thing in <main> (or in the open dialog), each entry "Label: what to do" in form order links to its
 * field's real control, and with JS the summary has the focus.
 */
export async function expectErrorSummary(
  page: Page,
  entries: readonly (readonly [text: string, target: string])[],
  options: { prefix?: string; heading?: string; within?: string; first?: boolean } = {},
): Promise<void> {
  const { prefix = 'Fehler: ', heading = 'Es gibt ein Problem', within = 'main', first = true } = options
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(prefix)}`))
  const summary = page.locator(`${within} [aria-labelledby="error-summary-title"]`)
  await expect(summary.getByRole('heading', { level: 2 })).toHaveText(heading)
  // First thing in main: nothing is read before the summary's heading.
  if (first) await expect(page.locator(within)).toHaveText(new RegExp(`^\\s*${escapeRegExp(heading)}`))
  const links = summary.getByRole('link')
  await expect(links).toHaveText(entries.map(([text]) => text))
  for (const [i, [, target]] of entries.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', `#${target}`)
    await expect(page.locator(`:is(input, select, textarea)[id="${target}"]`)).toHaveCount(1)
  }
  if (jsEnabled(test.info())) await expect(summary).toBeFocused()
}
