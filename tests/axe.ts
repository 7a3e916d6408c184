import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The axe rule tags every accessibility check uses (ACCESSIBILITY.md): WCAG 2.2 AA plus best practice. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  help: string
  targets: string[]
}

/**
 * With javaScriptEnabled: false Chromium refuses axe's page.evaluate (it hangs). There the DOM as
 * it is now (server-rendered, no scripts ran) is loaded into a scripting page of the same size, at
 * the same URL, with the page's <script> elements removed, and axe runs on that copy.
 */
async function axeTarget(
  page: Page,
  javaScriptEnabled: boolean,
): Promise<{ target: Page; dispose: () => Promise<void> }> {
  if (javaScriptEnabled) return { target: page, dispose: async () => {} }
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  const url = page.url().split('#')[0] ?? page.url()
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser for the axe copy')
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
    locale: 'de-CH',
  })
  const copy = await context.newPage()
  await copy.route('**/*', async (route) => {
    const request = route.request()
    if (request.isNavigationRequest() && request.url().split('#')[0] === url) {
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
    } else if (request.resourceType() === 'script') {
      await route.abort()
    } else {
      await route.continue()
    }
  })
  await copy.goto(url)
  // The load event does not wait for web fonts; a measure taken with the fallback font is wrong.
  await copy.evaluate(() => document.fonts.ready.then(() => undefined))
  return { target: copy, dispose: () => context.close() }
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
  const { target, dispose } = await axeTarget(page, javaScriptEnabled)
  try {
    return await measure(target)
  } finally {
    await dispose()
  }
}

/** axe (WCAG 2.2 AA + best practice) on the page as it is now: the violations, empty when clean. */
export async function axeViolations(page: Page, javaScriptEnabled: boolean): Promise<AxeViolation[]> {
  const { target, dispose } = await axeTarget(page, javaScriptEnabled)
  try {
    const results = await new AxeBuilder({ page: target }).withTags(AXE_TAGS).analyze()
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  } finally {
    await dispose()
  }
}
