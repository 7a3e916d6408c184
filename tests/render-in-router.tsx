import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import de from '../app/locales/de.json' with { type: 'json' }
import { serverTexts, TextsProvider } from '../app/lib/texts.tsx'
import { flatten } from '../app/lib/translate.ts'

/** The German texts, as the server gives a page. */
export const germanTexts = serverTexts('de', flatten(de))

/**
 * Server-renders a node inside a router and the page's texts, as the document without JavaScript gets
 * it: React Router's Form and Link need a router around them. For the components' unit tests.
 */
export function renderInRouter(node: ReactNode, { path = '/', texts = germanTexts } = {}): string {
  const Stub = createRoutesStub([{ path: '*', Component: () => <>{node}</> }])
  return renderToString(
    <TextsProvider value={texts}>
      <Stub initialEntries={[path]} />
    </TextsProvider>,
  )
}

/** The opening tags named `name` that carry every one of `attrs` (attribute order does not matter). */
export function tags(html: string, name: string, ...attrs: string[]): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))]
    .map((m) => m[0])
    .filter((tag) => attrs.every((attr) => tag.includes(attr)))
}
