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

/** What the copy page answers its next navigation with: the URL (without fragment) and the markup. */
interface Served {
  url: string
  html: string
}

/**
 * One scripting copy page per browser (so per worker), reused by every check: a new context for each
 * check cost 2–5 s on a loaded 2-core machine (ADR 816). A worker runs one test at a time.
 */
const copies = new WeakMap<Browser, Promise<{ copy: Page; served: Served }>>()

async function openCopy(browser: Browser): Promise<{ copy: Page; served: Served }> {
  const context = await browser.newContext({ javaScriptEnabled: true, locale: 'de-CH' })
  const copy = await context.newPage()
  const served: Served = { url: '', html: '' }
  await copy.route('**/*', async (route) => {
    const request = route.request()
    if (request.isNavigationRequest() && request.url().split('#')[0] === served.url) {
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: served.html })
    } else if (request.resourceType() === 'script') {
      await route.abort()
    } else {
      await route.continue()
    }
  })
  return { copy, served }
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
  if (!copies.has(browser)) copies.set(browser, openCopy(browser))
  const { copy, served } = await (copies.get(browser) as Promise<{ copy: Page; served: Served }>)
  served.html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  served.url = page.url().split('#')[0] ?? page.url()
  const viewport = page.viewportSize()
  if (viewport) await copy.setViewportSize(viewport)
  await copy.goto(served.url)
  // The load event does not wait for web fonts; a measure taken with the fallback font is wrong.
  await copy.evaluate(() => document.fonts.ready.then(() => undefined))
  return copy
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
  // axe.run in the page itself (legacy mode) and only violations gathered (resultTypes): the same rules
  // and findings, same-origin frames included, 2-4× faster than the default, which builds every passing
  // node's selector and sends it to a blank page for axe.finishRun (ADR 816).
  const results = await new AxeBuilder({ page: target })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze()
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }))
}
