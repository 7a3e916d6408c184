import { axeViolations } from '../axe.ts'
import { expect, test } from './support.ts'

// The accessibility check every other spec relies on must be able to fail: on a page with known faults it
// names each of them, with JavaScript on and (through its script-free copy) off. ADR 816.
test('the axe check finds the faults of a broken page, with JavaScript on and off', async ({ page }) => {
  const url = '/a11y-check-fixture'
  await page.route(`**${url}`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="de"><head><title>Fixture</title></head><body><main>
        <h1>Fixture</h1>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <input id="name">
        <a href="#top"></a>
        <iframe title="Rahmen" srcdoc="<!doctype html><html lang=de><title>In</title><img src=data:image/gif;base64,R0lGODlhAQABAAAAACw=>"></iframe>
      </main></body></html>`,
    }),
  )
  await page.goto(url)
  const found = await axeViolations(page, test.info().project.use.javaScriptEnabled !== false)
  expect(found.map((v) => [v.id, v.targets])).toEqual([
    ['image-alt', ['img', 'iframe img']],
    ['label', ['#name']],
    ['link-name', ['a']],
  ])
})
