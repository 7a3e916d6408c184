import { axeViolations } from '../axe.ts'
import { expect, jsEnabled, test } from './support.ts'

const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='
const TINY = 'style="width:10px;height:10px;padding:0;border:0;margin:0"'

/** A page with known faults, or the same page mended. */
function fixture(faulty: boolean): string {
  const main = faulty
    ? `<img id="bild" src="${GIF}">
       <input id="name">
       <a id="leer" href="#top"></a>
       <p><button id="eins" ${TINY} aria-label="Eins"></button><button id="zwei" ${TINY} aria-label="Zwei"></button></p>`
    : `<img src="${GIF}" alt="">
       <label>Name <input id="name"></label>
       <a href="#top">Nach oben</a>`
  return `<!doctype html><html lang="de"><head><title>Fixture</title></head><body><main><h1>Fixture</h1>${main}</main></body></html>`
}

// The accessibility check every other spec relies on must be able to fail: on a page with known faults it
// names each of them (target-size too, a rule axe leaves off unless its tag is asked for), with
// JavaScript on and, through its script-free copy, off. The mended page at the same URL is then clean,
// so the copy reused between checks shows the page as it is now (ADR 816).
test('the axe check finds the faults of a broken page, with JavaScript on and off', async ({ page }) => {
  const url = '/a11y-check-fixture'
  const javaScriptEnabled = jsEnabled(test.info())
  let faulty = true
  await page.route(`**${url}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: fixture(faulty) }),
  )
  await page.goto(url)
  const found = await axeViolations(page, javaScriptEnabled)
  expect(found.map((v) => [v.id, v.targets])).toEqual([
    ['image-alt', ['#bild']],
    ['label', ['#name']],
    ['link-name', ['#leer']],
    ['target-size', ['#eins', '#zwei']],
  ])

  faulty = false
  await page.goto(url)
  expect(await axeViolations(page, javaScriptEnabled)).toEqual([])
})
