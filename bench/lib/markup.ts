/**
 * A portal page's body as plain data (bench/ssr.ts, ADR 532): the bare React Router app renders it
 * back as host elements, so the bench can tell what React DOM and React Router cost for the same
 * markup from what the portal's own code costs on top.
 */

import { decodeEntities } from '../../tests/html-entities.ts'

/** Text, or [tag, attributes, ...children]. */
export type MarkupNode = string | [string, Record<string, string | boolean>, ...MarkupNode[]]

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])
/** Attributes React takes as booleans, named as React writes them (`name=""`). */
const BOOLEAN = new Set([
  'checked',
  'disabled',
  'formNoValidate',
  'hidden',
  'multiple',
  'noValidate',
  'open',
  'readOnly',
  'required',
  'selected',
])
/** `a:b;c-d:e` → `{ a: 'b', cD: 'e' }`, the shape React takes for `style`. */
const styleObject = (css: string) =>
  Object.fromEntries(
    css
      .split(';')
      .map((d) => d.split(':'))
      .filter(([k, v]) => k?.trim() && v !== undefined)
      .map(([k, ...v]) => [
        k!.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
        v.join(':').trim(),
      ]),
  )

function attributes(source: string): Record<string, string | boolean> {
  const props: Record<string, string | boolean> = {}
  for (const [, name, value] of source.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
    const text = decodeEntities(value ?? '')
    if (name === 'class') props.className = text
    else if (name === 'for') props.htmlFor = text
    else if (name === 'style') (props as Record<string, unknown>).style = styleObject(text)
    else if (BOOLEAN.has(name!)) props[name!] = true
    else props[name!] = text
  }
  return props
}

/**
 * The children of `<body>` of a server-rendered page, without its scripts and React's text
 * separators (`<!-- -->`): what a route would render for the same markup.
 */
export function bodyMarkup(html: string): MarkupNode[] {
  const start = html.search(/<body[\s>]/)
  const end = html.lastIndexOf('</body>')
  if (start < 0 || end < 0) throw new Error('bodyMarkup: no <body> in the page')
  const body = html
    .slice(html.indexOf('>', start) + 1, end)
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
  const root: MarkupNode[] = []
  const stack: Array<{ tag: string; children: MarkupNode[] }> = [{ tag: '', children: root }]
  for (const [token, closing, tag, rest] of body.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|[^<]+/g)) {
    const top = stack[stack.length - 1]!
    if (!tag) {
      top.children.push(decodeEntities(token))
    } else if (closing) {
      if (top.tag !== tag) throw new Error(`bodyMarkup: </${tag}> closes <${top.tag}>`)
      stack.pop()
    } else {
      const selfClosing = rest!.endsWith('/')
      const node: MarkupNode = [tag, attributes(selfClosing ? rest!.slice(0, -1) : rest!)]
      top.children.push(node)
      if (!selfClosing && !VOID.has(tag)) stack.push({ tag, children: node as unknown as MarkupNode[] })
    }
  }
  if (stack.length !== 1) throw new Error(`bodyMarkup: <${stack[stack.length - 1]!.tag}> not closed`)
  return root
}

/** Elements in the markup, for the bench's text. */
export const countElements = (nodes: MarkupNode[]): number =>
  nodes.reduce<number>(
    (sum, n) => (typeof n === 'string' ? sum : sum + 1 + countElements(n.slice(2) as MarkupNode[])),
    0,
  )
