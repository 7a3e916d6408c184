/**
 * A portal page's body, captured by bench/ssr.ts into markup.generated.json, rendered back as plain
 * host elements (ADR 532): what React DOM and React Router cost for that markup with none of our code.
 */
import { createElement, Fragment, type ReactNode } from 'react'
import { useParams } from 'react-router'
import type { MarkupNode } from '../../../lib/markup.ts'

// Optional: the bundle bench builds this app without a capture.
const captured = Object.values(
  import.meta.glob<Record<string, MarkupNode[]>>('../markup.generated.json', {
    eager: true,
    import: 'default',
  }),
)[0]

// Elements are made per request, as a page's JSX makes them.
const element = (node: MarkupNode): ReactNode =>
  typeof node === 'string'
    ? node
    : createElement(node[0], node[1], ...(node.slice(2) as MarkupNode[]).map(element))

export default function Markup() {
  const { page: name = '' } = useParams()
  const page = captured && Object.hasOwn(captured, name) ? captured[name] : undefined
  if (!page) throw new Response('No such captured page', { status: 404 })
  return createElement(Fragment, null, ...page.map(element))
}
