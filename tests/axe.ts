import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'

/** The axe rule tags every accessibility check uses (ACCESSIBILITY.md): WCAG 2.2 AA plus best practice. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  help: string
  targets: string[]
}

/** A script-free copy page and what it answers its next navigation with (URL without fragment, markup). */
interface Copy {
  page: Page
  served: { url: string; html: string }
}

/**
 * One copy per browser (so per worker), reused by every check: with a new context for each check, the
 * no-JS checks of four specs spent 48 s opening copies; with one copy, 23 s (ADR 816). Checks must not
 * run at the same time on one browser (none do: a worker runs one test at a time, each check awaited).
 * The context takes the `use` options of the test that opens it; no spec sets its own.
 */
const copies = new WeakMap<Browser, Promise<Copy>>()

async function openCopy(browser: Browser): Promise<Copy> {
  const context = await browser.newContext({ javaScriptEnabled: true, locale: 'de-CH' })
  const page = await context.newPage()
  // A crashed page is not closed in Playwright's eyes; closing it lets the next check open a new copy.
  page.on('crash', () => void context.close())
  const served = { url: '', html: '' }
  await page.route('**/*', async (route) => {
    const request = route.request()
    if (request.isNavigationRequest() && request.url().split('#')[0] === served.url) {
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: served.html })
    } else if (request.resourceType() === 'script') {
      await route.abort()
    } else {
      await route.continue()
    }
  })
  return { page, served }
}

/** The browser's copy, opened again when the last one failed to open, was closed or crashed. */
async function copyFor(browser: Browser): Promise<Copy> {
  const cached = await copies.get(browser)?.catch(() => undefined)
  if (cached && !cached.page.isClosed()) return cached
  await cached?.page.context().close()
  const opening = openCopy(browser)
  copies.set(browser, opening)
  return opening
}

/**
 * With javaScriptEnabled: false Chromium refuses axe's page.evaluate (it hangs). There the DOM as
 * it is now (server-rendered, no scripts ran) is loaded into a scripting page of the same size, at
 * the same URL, with the page's <script> elements removed, and axe runs on that copy.
 */
async function axeTarget(page: Page, javaScriptEnabled: boolean): Promise<Page> {
  if (javaScriptEnabled) return page
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser for the axe copy')
  const copy = await copyFor(browser)
  copy.served.html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  copy.served.url = page.url().split('#')[0] ?? page.url()
  // Every project has a viewport; without one the copy would keep the last check's size.
  const viewport = page.viewportSize()
  if (viewport) await copy.page.setViewportSize(viewport)
  await copy.page.goto(copy.served.url)
  // The load event does not wait for web fonts; a measure taken with the fallback font is wrong.
  await copy.page.evaluate(() => document.fonts.ready.then(() => undefined))
  return copy.page
}

/**
 * Runs `measure` in the page as it is now: in the page itself with JS, in the script-free copy above
 * without (layout checks that need the DOM's numbers, e.g. scrollWidth).
 */
export async function inScriptablePage<T>(
  page: Page,
  javaScriptEnabled: boolean,
  measure: (target: Page) => Promise<T>,
): Promise<T> {
  return measure(await axeTarget(page, javaScriptEnabled))
}

/** axe (WCAG 2.2 AA + best practice) on the page as it is now: the violations, empty when clean. */
export async function axeViolations(page: Page, javaScriptEnabled: boolean): Promise<AxeViolation[]> {
  const target = await axeTarget(page, javaScriptEnabled)
  // In the page itself (no blank page for axe.finishRun) and with nodes for violations only: 2–4× faster
  // (ADR 816). `options` replaces what `withTags` would set, so the tags go into it as runOnly.
  const results = await new AxeBuilder({ page: target })
    .options({ runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze()
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
}
