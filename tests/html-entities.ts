const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/**
 * Text as a reader gets it from HTML source: character references (`&#x27;`, `&#39;`) and the named
 * entities React writes turned back into characters; an unknown name stays as written. For the e2e
 * raw-text check and the SSR bench's captured markup, which read the server's HTML without a browser.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
    // Beyond Unicode: no character, as a browser shows it.
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'
  })
}
