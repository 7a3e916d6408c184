import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { DatabaseHandle } from '../../db/client.ts'
import { LANGUAGES } from '../../domain/languages.ts'
import { openRegisterTestbed } from '../testing.ts'
import { checkResponse } from './conformance.ts'
import {
  OPENAPI_VERSION,
  buildOpenApiDocument,
  openApiPath,
  routesOf,
  staleDescriptions,
  undescribedRoutes,
  type OpenApiDocument,
} from './document.ts'
import { OPERATIONS } from './operations.ts'

let handle: DatabaseHandle
let app: Awaited<ReturnType<typeof openRegisterTestbed>>['app']
let document: OpenApiDocument

beforeAll(async () => {
  ;({ handle, app } = await openRegisterTestbed())
  document = buildOpenApiDocument(app, { version: OPENAPI_VERSION })
})
afterAll(async () => {
  await handle.close()
})

type Operation = {
  summary: string
  security: unknown[]
  'x-required-roles': string[]
  description: string
  parameters?: Array<{ name: string; in: string; schema: unknown }>
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> }
  responses: Record<
    string,
    { headers?: object; content?: Record<string, { schema?: object; example?: unknown }> }
  >
}

function operations(doc: OpenApiDocument): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(
      ([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation],
    ),
  )
}

describe('drift: routes and the document', () => {
  it('describes every route of createRegisterApp (add an entry to register/openapi/operations.ts)', () => {
    expect(undescribedRoutes(app)).toEqual([])
    expect(staleDescriptions(app)).toEqual([])
    expect(operations(document)).toHaveLength(routesOf(app).size)
  })

  it('names exactly the route that lacks a description', () => {
    const more = new Hono()
    more.route('/', app)
    more.get('/undocumented/:id', (c) => c.text('x'))
    expect(undescribedRoutes(more)).toEqual(['GET /undocumented/:id'])
  })

  it('gives every operation roles, security, an example and the error answers its middlewares cause', () => {
    for (const [key, op] of operations(document)) {
      expect(op.summary, key).not.toBe('')
      expect(op.description, key).toMatch(/\*\*Required:\*\* \S/)
      const spec = Object.entries(OPERATIONS).find(([k]) => {
        const [m = '', p = ''] = k.split(' ')
        return `${m} ${openApiPath(p)}` === key
      })?.[1]
      expect(spec, key).toBeDefined()
      if (op.security.length === 0) {
        expect(key, 'only the documentation is public').toMatch(/ \/(openapi\.json|docs)/)
        continue
      }
      for (const status of ['401', '403', '503'])
        expect(op.responses[status], `${key} ${status}`).toBeDefined()
      // An API client's token reaches every route of the user token, and its rate limit answers 429.
      if (op.security.some((s) => 'accessToken' in (s as object)))
        expect(op.responses['429'], `${key} 429`).toMatchObject({ headers: { 'Retry-After': {} } })
      else expect(op.responses['429'], `${key} 429`).toBeUndefined()
      if (!key.startsWith('GET ')) expect(op.responses['413'], `${key} 413`).toBeDefined()
      // A checked input (a body, or a parameter with a validator's schema) can be refused with 400.
      const checked = op.parameters?.some((p) => JSON.stringify(p.schema) !== '{"type":"string"}')
      if (checked || op.requestBody) expect(op.responses['400'], `${key} 400`).toBeDefined()
      // Every JSON answer of success shows an example of itself.
      for (const [status, answer] of Object.entries(op.responses)) {
        const media = answer.content?.['application/json']
        if (Number(status) < 300 && media) expect(media.example, `${key} ${status} example`).toBeDefined()
      }
    }
  })

  it('says which roles each operation needs, from the middlewares that check them', () => {
    const op = (method: string, path: string) =>
      (document.paths[path] as Record<string, Operation>)[method] as Operation
    expect(op('put', '/svn/cancel/{id}')['x-required-roles']).toEqual(['SVN_STORNIEREN'])
    expect(op('get', '/users')['x-required-roles']).toEqual(['ADMIN'])
    expect(op('post', '/svn/massenimport')['x-required-roles']).toEqual(['SVN_ERSTELLEN'])
    expect(op('post', '/authority/svn/{id}/iv')['x-required-roles']).toEqual(['BEHOERDE'])
    expect(op('post', '/authority/svn/{id}/iv').security).toEqual([{ authorityToken: [] }])
    expect(op('get', '/svn/search').security).toEqual([{ accessToken: [] }])
  })

  it('takes request schemas from the validators the routes use', () => {
    const search = (document.paths['/svn/search'] as Record<string, Operation>).get as Operation
    expect(search.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('query:sVnID')
    const iv = (document.paths['/authority/svn/{id}/iv'] as Record<string, Operation>).post as Operation
    expect(Object.keys(iv.requestBody?.content ?? {})).toEqual(['application/json'])
    expect(iv.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ pattern: '^\\d{1,9}$' }),
      }),
    ])
  })

  it('has examples that match their own schemas', () => {
    const components = document.components.schemas
    const check = (schema: object, example: unknown) =>
      z
        .fromJSONSchema(
          JSON.parse(
            JSON.stringify({ ...schema, $defs: components }).replaceAll(
              '"#/components/schemas/',
              '"#/$defs/',
            ),
          ) as Parameters<typeof z.fromJSONSchema>[0],
        )
        .safeParse(example)
    for (const [key, op] of operations(document)) {
      for (const [status, answer] of Object.entries(op.responses)) {
        for (const media of Object.values(answer.content ?? {})) {
          if (media.example === undefined || !media.schema) continue
          const result = check(media.schema, media.example)
          expect(result.success, `${key} ${status}: ${result.error?.message}`).toBe(true)
        }
      }
    }
  })
})

describe('the check of real answers', () => {
  it('refuses an undocumented status, a wrong shape and an undocumented content type', async () => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    expect(await checkResponse(document, 'GET', '/svn/draft', json({ error: 'x' }, 418))).toMatch(
      /GET \/svn\/draft: status 418 is not documented/,
    )
    expect(await checkResponse(document, 'GET', '/svn/search', json({ rows: [], total: 'many' }))).toMatch(
      /body does not match/,
    )
    expect(
      await checkResponse(document, 'GET', '/svn/search', json({ rows: [], total: 0, extra: 1 })),
    ).toMatch(/body does not match/)
    expect(await checkResponse(document, 'GET', '/svn/search', json({ rows: [], total: 0 }))).toBeNull()
    expect(
      await checkResponse(
        document,
        'GET',
        '/svn/search',
        new Response('<p>', { headers: { 'Content-Type': 'text/html' } }),
      ),
    ).toMatch(/content type text\/html is not documented/)
    expect(await checkResponse(document, 'GET', '/svn/nothing', json({}))).toMatch(
      /not in the OpenAPI document/,
    )
  })
})

describe('served', () => {
  it('GET /openapi.json without a token: OpenAPI 3.1 with every path', async () => {
    const res = await app.request('/openapi.json')
    expect(res.status).toBe(200)
    const body = (await res.json()) as OpenApiDocument
    expect(body.openapi).toMatch(/^3\.1\./)
    expect(Object.keys(body.paths)).toEqual(Object.keys(document.paths))
    expect(body.components.securitySchemes.accessToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    })
  })

  it('GET /docs without a token: a page without scripts, in the asked language, with every operation', async () => {
    const res = await app.request('/docs?lng=fr')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).not.toMatch(/<script|style=|(src|href)="https?:/)
    // Every colon the page joins is the catalogue's: French keeps it by a no-break space (ADR 824).
    expect(html).toContain('<strong>Autorisation\u00a0:</strong>')
    expect(html).toContain('aria-label="Réponses\u00a0: GET /svn/search"')
    // The document's English on a French page is marked so (WCAG 3.1.2).
    expect(html).toContain('<h2 id="tag-users" lang="en">Users</h2>')
    expect(html).toContain('<p><span lang="en">Searches SVN')
    // An operation's description is shown, not only its summary (the search's paging rules).
    expect(html).toContain('<p><span lang="en">Considers the first 100 matches')
    // The header to send is code in every language, not a quotation in the sentence's typography.
    expect(html).toContain('dans l’en-tête <code>Authorization: Bearer &lt;JWT&gt;</code>.')
    expect(html).toMatch(/<li><code>\w+<\/code>\u00a0: /)
    expect(html).not.toMatch(/[^\u00a0]:<\/strong>|aria-label="[^"]*[^\u00a0]: |<li><code>\w+<\/code>: /)
    for (const [key, op] of operations(document)) {
      const [method = '', path = ''] = key.split(' ')
      expect(html, key).toContain(`<span class="method">${method}</span> <code>${path}</code>`)
      expect(html, key).toContain(
        op.summary.replace(/`([^`]+)`/g, '<code>$1</code>').replaceAll("'", '&#39;'),
      )
    }
    const css = await app.request('/docs/reference.css')
    expect(css.headers.get('Content-Type')).toMatch(/^text\/css/)
  })

  it('GET /docs in every language: the header to send is code, no placeholder is left', async () => {
    for (const lng of LANGUAGES) {
      const html = await (await app.request(`/docs?lng=${lng}`)).text()
      expect(html, lng).toContain('<code>Authorization: Bearer &lt;JWT&gt;</code>.')
      expect(html, lng).not.toContain('{header}')
    }
  })
})
