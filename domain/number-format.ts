/**
 * Numbers as the clerk's language writes them in Switzerland (ADR 824): thousands grouped with ’ in
 * German, Italian and English ("5’000"), with a narrow no-break space in French ("5 000"), and the
 * decimal comma in French ("7,5"). Built from fixed characters, not from the runtime's locale data:
 * the server and the browser draw the same number, so hydration never meets another separator
 * (Node's and a browser's ICU differ between versions). Shared by the portal and the register.
 */
const GROUP: Record<string, string> = { fr: '\u202f' }
const DECIMAL: Record<string, string> = { fr: ',' }

// Plain digits with a '.' in every runtime: grouping off, the same fraction digits as Intl's default.
const PLAIN = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 3 })

export function formatNumber(value: number, lng: string): string {
  const plain = PLAIN.format(value)
  const sign = plain.startsWith('-') ? '-' : ''
  const [whole = '', fraction] = plain.slice(sign.length).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, GROUP[lng] ?? '\u2019')
  return `${sign}${grouped}${fraction === undefined ? '' : `${DECIMAL[lng] ?? '.'}${fraction}`}`
}
