import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../domain/languages.ts'
import { translate, type RegisterMessageKey } from '../i18n.ts'
import type { OpenApiDocument } from './document.ts'

/**
 * GET /svnwebaccess/docs: the API reference as one server-rendered page (ADR 190), built from the
 * OpenAPI document. No script at all, one stylesheet from our origin: it works without JavaScript
 * and under the portal's CSP as it is. The chrome is translated; the operations speak English like
 * the document.
 */

type Json = Record<string, unknown>

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The document's English words, marked so for a page in another language (WCAG 3.1.2 Language of Parts). */
const english = (html: string) => `<span lang="en">${html}</span>`

/** The document's descriptions (English): escaped, with `code` spans. */
const prose = (text: string) => english(escape(text).replace(/`([^`]+)`/g, '<code>$1</code>'))

const json = (value: unknown) => escape(JSON.stringify(value, null, 2))

/** A catalogue text, escaped. */
type T = (key: RegisterMessageKey, vars?: Record<string, string | number>) => string

/** A scrolling block a keyboard can reach (axe: scrollable-region-focusable); `label` is escaped HTML. */
const block = (label: string, value: unknown) =>
  `<pre tabindex="0" aria-label="${label}">${json(value)}</pre>`

/**
 * A table in a box of its own that scrolls sideways on a narrow screen; the keyboard reaches the box,
 * named by the caption and the operation (a group, not a landmark: there are two per operation).
 * `operation`, `head` and `rows` are escaped HTML.
 */
const table = (
  t: T,
  caption: 'docs.parameters' | 'docs.responses',
  operation: string,
  head: string,
  rows: string,
) =>
  `<div class="table" role="group" tabindex="0" aria-label="${t(caption)}${t('docs.labelSuffix')} ${operation}"><table><caption>${t(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`

export const REFERENCE_CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #fff; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 4rem; }
a { color: #0b4f9c; }
a:focus-visible, pre:focus-visible, summary:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; }
h1 { font-size: 1.75rem; } h2 { font-size: 1.4rem; margin-top: 2.5rem; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.1rem; margin-top: 2rem; } h4 { font-size: 1rem; margin-bottom: 0.25rem; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.875rem; }
pre { background: #f4f4f4; padding: 0.75rem; overflow: auto; max-height: 28rem; border: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5rem 0; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
.method { display: inline-block; min-width: 4.5rem; font-weight: 700; }
nav li { break-inside: avoid; }
@media (min-width: 48rem) { nav ul { columns: 2; } }
/* Paths and JSON in one piece would push the page wider than a phone, or over the next column. */
nav code, code.json { overflow-wrap: anywhere; }
/* A table wider than a phone scrolls in its own box, which the keyboard can reach. */
.table { overflow-x: auto; }
.table:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
.langs { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; columns: auto; }
`

interface Operation {
  operationId: string
  summary: string
  description: string
  tags: string[]
  parameters?: Array<{ name: string; in: string; required: boolean; schema: unknown }>
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> }
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: unknown; example?: unknown }> }
  >
}

function operationsOf(document: OpenApiDocument) {
  const list: Array<{ method: string; path: string; op: Operation }> = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      list.push({ method: method.toUpperCase(), path, op })
    }
  }
  return list
}

export function renderReferencePage(document: OpenApiDocument, lang: Language): string {
  const t = (key: RegisterMessageKey, vars?: Record<string, string | number>) =>
    escape(translate(lang, key, vars))
  const operations = operationsOf(document)
  const tags = document.tags.map((tag) => tag.name)
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

  const contents = tags
    .map((tag) => {
      const items = operations
        .filter((o) => o.op.tags[0] === tag)
        .map(
          (o) =>
            `<li><a href="#${o.op.operationId}"><span class="method">${o.method}</span> <code>${escape(o.path)}</code></a></li>`,
        )
        .join('')
      return `<li><a href="#tag-${slug(tag)}" lang="en">${escape(tag)}</a><ul>${items}</ul></li>`
    })
    .join('')

  const schemes = Object.entries(document.components.securitySchemes)
    .map(
      ([name, scheme]) =>
        `<li><code>${escape(name)}</code>${t('docs.labelSuffix')} ${prose((scheme as Json).description as string)}</li>`,
    )
    .join('')

  const sections = tags
    .map((tag) => {
      const ops = operations.filter((o) => o.op.tags[0] === tag).map((o) => renderOperation(o, t))
      return `<section aria-labelledby="tag-${slug(tag)}"><h2 id="tag-${slug(tag)}" lang="en">${escape(tag)}</h2>${ops.join('')}</section>`
    })
    .join('')

  const schemas = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<h3 id="schema-${escape(name)}"><code>${escape(name)}</code></h3>${block(`${t('docs.schema')} ${escape(name)}`, schema)}`,
    )
    .join('')

  const languages = LANGUAGES.map((l) =>
    l === lang
      ? `<li><a href="docs?lng=${l}" aria-current="page" lang="${l}">${LANGUAGE_NAMES[l]}</a></li>`
      : `<li><a href="docs?lng=${l}" lang="${l}" hreflang="${l}">${LANGUAGE_NAMES[l]}</a></li>`,
  ).join('')

  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('docs.title')}</title>
<link rel="stylesheet" href="docs/reference.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<a class="skip" href="#main">${t('docs.skip')}</a>
<header>
<nav aria-label="${t('docs.languages')}"><ul class="langs">${languages}</ul></nav>
<h1>${t('docs.title')}</h1>
<p>${t('docs.intro')}</p>
<p><a href="openapi.json" type="application/json">${t('docs.document')}</a> · ${english(escape(document.info.title))} ${escape(document.info.version)}</p>
</header>
<nav aria-labelledby="contents"><h2 id="contents">${t('docs.contents')}</h2><ul>${contents}<li><a href="#schemas">${t('docs.schemas')}</a></li></ul></nav>
<main id="main" tabindex="-1">
<section aria-labelledby="authentication"><h2 id="authentication">${t('docs.authentication')}</h2>
<p>${t('docs.authenticationText').replaceAll('{header}', '<code>Authorization: Bearer &lt;JWT&gt;</code>')}</p>
<ul>${schemes}</ul></section>
${sections}
<section aria-labelledby="schemas"><h2 id="schemas">${t('docs.schemas')}</h2>${schemas}</section>
</main>
</body>
</html>
`
}

function renderOperation(
  { method, path, op }: { method: string; path: string; op: Operation },
  t: T,
): string {
  const id = op.operationId
  const operation = `${method} ${escape(path)}`
  // The document's description: what the operation does (where it says more than its summary), then
  // "**Required:** …" (document.ts).
  const [details = '', required = ''] = op.description.split('**Required:** ')
  const parts: string[] = [
    `<article aria-labelledby="${id}"><h3 id="${id}"><span class="method">${method}</span> <code>${escape(path)}</code></h3>`,
    `<p>${prose(op.summary)}</p>`,
    ...(details.trim() ? [`<p>${prose(details.trim())}</p>`] : []),
    `<p><strong>${t('docs.required')}${t('docs.labelSuffix')}</strong> ${prose(required)}</p>`,
  ]
  if (op.parameters?.length) {
    const rows = op.parameters
      .map(
        (p) =>
          `<tr><td><code>${escape(p.name)}</code></td><td><code>${escape(p.in)}</code></td><td>${p.required ? t('docs.yes') : t('docs.no')}</td><td><code class="json">${escape(JSON.stringify(p.schema))}</code></td></tr>`,
      )
      .join('')
    parts.push(
      table(
        t,
        'docs.parameters',
        operation,
        `<th scope="col">${t('docs.name')}</th><th scope="col">${t('docs.in')}</th><th scope="col">${t('docs.mandatory')}</th><th scope="col">${t('docs.schema')}</th>`,
        rows,
      ),
    )
  }
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    parts.push(`<h4>${t('docs.requestBody', { type })}</h4>`)
    if (media.schema)
      parts.push(
        `<details><summary>${t('docs.schema')}</summary>${block(`${t('docs.schema')} ${escape(id)}`, media.schema)}</details>`,
      )
    if (media.example !== undefined)
      parts.push(`<p>${t('docs.exampleRequest')}</p>${block(t('docs.exampleRequest'), media.example)}`)
  }
  const rows = Object.entries(op.responses)
    .map(([status, answer]) => {
      const types = Object.keys(answer.content ?? {})
      return `<tr><th scope="row">${escape(status)}</th><td>${prose(answer.description)}</td><td>${types.map((x) => `<code>${escape(x)}</code>`).join(', ') || t('docs.none')}</td></tr>`
    })
    .join('')
  parts.push(
    table(
      t,
      'docs.responses',
      operation,
      `<th scope="col">${t('docs.status')}</th><th scope="col">${t('docs.description')}</th><th scope="col">${t('docs.contentType')}</th>`,
      rows,
    ),
  )
  for (const [status, answer] of Object.entries(op.responses)) {
    for (const media of Object.values(answer.content ?? {})) {
      if (Number(status) >= 300 || !media.schema) continue
      parts.push(
        `<details><summary>${t('docs.schema')} ${escape(status)}</summary>${block(`${t('docs.schema')} ${escape(id)} ${escape(status)}`, media.schema)}</details>`,
      )
      if (media.example !== undefined)
        parts.push(
          `<p>${t('docs.exampleResponse', { status })}</p>${block(t('docs.exampleResponse', { status }), media.example)}`,
        )
    }
  }
  parts.push('</article>')
  return parts.join('\n')
}
