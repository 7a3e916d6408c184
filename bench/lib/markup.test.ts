import { describe, expect, it } from 'vitest'
import { bodyMarkup, countElements } from './markup.ts'
import { decodeEntities } from '../../tests/html-entities.ts'

describe('bodyMarkup', () => {
  it('turns the body into React props, without scripts and text separators', () => {
    const html =
      '<!DOCTYPE html><html><head><title>x</title></head><body class="b"><a class="l" href="/s?a=1&amp;b=2">SVN<!-- --> 1</a>' +
      '<input name="n" value="M&#x27;s" required=""/><label for="n" style="min-width:10rem;text-align:left">N</label>' +
      '<svg viewBox="0 0 4 4"><path d="M0 0"/></svg><br><script>window.x=1</script></body></html>'
    const nodes = bodyMarkup(html)
    expect(nodes).toEqual([
      ['a', { className: 'l', href: '/s?a=1&b=2' }, 'SVN 1'],
      ['input', { name: 'n', value: "M's", required: true }],
      ['label', { htmlFor: 'n', style: { minWidth: '10rem', textAlign: 'left' } }, 'N'],
      ['svg', { viewBox: '0 0 4 4' }, ['path', { d: 'M0 0' }]],
      ['br', {}],
    ])
    expect(countElements(nodes)).toBe(6)
  })

  it('refuses markup it cannot nest', () => {
    expect(() => bodyMarkup('<body><div><span></div></body>')).toThrow('</div> closes <span>')
    expect(() => bodyMarkup('<body><div></body>')).toThrow('<div> not closed')
    expect(() => bodyMarkup('<p>no body</p>')).toThrow('no <body>')
  })
})

describe('decodeEntities (tests/html-entities.ts, shared with the e2e raw-text check)', () => {
  it('turns character references and named entities back into text, once', () => {
    expect(decodeEntities('M&#x27;s &#39;a&apos; &lt;b&gt; &quot;c&quot; &#x1F6A4;&#160;&nbsp;x')).toBe(
      "M's 'a' <b> \"c\" \u{1F6A4}\u00a0\u00a0x",
    )
    // Decoded once: an escaped reference stays a reference; unknown names and non-characters stay harmless.
    expect(decodeEntities('&amp;lt; &bogus; &#1114112;')).toBe('&lt; &bogus; \ufffd')
  })
})
