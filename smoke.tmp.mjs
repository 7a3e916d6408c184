import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] })
const js = process.argv[2] !== 'nojs'
const page = await browser.newPage({ javaScriptEnabled: js })
page.on('console', m => console.log('console:', m.type(), m.text()))
const base = 'http://localhost:3005'
await page.goto(base + '/svn/search')
console.log('at', page.url())
await page.fill('#login', process.argv[3] ?? 'clerk@alpina.example')
await page.fill('#password', 'demo')
await page.keyboard.press('Enter')
await page.waitForLoadState('networkidle')
console.log('after login', page.url(), await page.title())
await page.screenshot({ path: '/tmp/shot1.png', fullPage: true })
await browser.close()
