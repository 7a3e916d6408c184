import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { leafElement, startTag, xmlAttribute, xmlText } from './xml.ts'
import { xmllint, xpath } from './testing.ts'

describe('xml escaping', () => {
  it('escapes markup in text and attributes', () => {
    expect(xmlText('a & b < c > d ]]>')).toBe('a &amp; b &lt; c &gt; d ]]&gt;')
    expect(xmlAttribute('"quoted" & <tag>')).toBe('&quot;quoted&quot; &amp; &lt;tag&gt;')
  })

  it('keeps CR, and tab/LF in attributes, as character references', () => {
    expect(xmlText('a\r\nb\tc')).toBe('a&#13;\nb\tc')
    expect(xmlAttribute('a\r\nb\tc')).toBe('a&#13;&#10;b&#9;c')
  })

  it('replaces characters XML 1.0 cannot hold by U+FFFD', () => {
    expect(xmlText('a\u0000b\u0001c\u000bd\u001fe\uFFFEf\uFFFF')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFD',
    )
    expect(xmlText('lone \uD800 high, \uDC00 low')).toBe('lone \uFFFD high, \uFFFD low')
    expect(xmlText('boat ⛵ 🚤')).toBe('boat ⛵ 🚤')
  })

  it('refuses names that are not XML names', () => {
    expect(() => startTag('a b')).toThrow()
    expect(() => startTag('x', { 'on"x': 'y' })).toThrow()
  })

  it('any string survives as element text and attribute (xmllint reads it back)', async () => {
    const samples = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { numRuns: 25, seed: 42 })
    samples.push('&<>"\'\r\n\t]]>\u0000\uD83D', '')
    const body = samples.map((s, i) => `${startTag('v', { i: String(i), a: s })}${xmlText(s)}</v>`).join('\n')
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<r>\n${body}\n</r>\n`
    await expect(xmllint(xml, ['--noout'])).resolves.toBe('')
    const clean = (s: string) =>
      s.replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    for (const i of [0, 3, samples.length - 2]) {
      const expected = clean(samples[i] ?? '')
      expect(await xpath(xml, `string(/r/v[@i="${i}"])`)).toBe(expected)
      expect(await xpath(xml, `string(/r/v[@i="${i}"]/@a)`)).toBe(expected)
    }
    expect(leafElement('x', '<&>')).toBe('<x>&lt;&amp;&gt;</x>')
  })
})
