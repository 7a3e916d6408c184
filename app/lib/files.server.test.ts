import { createServer, type ServerResponse, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../domain/roles.ts'
import { userContext } from './auth.server.ts'
import { appContext, type PortalConfig } from './context.ts'
import { attachment, downloadFile, requireFileAccess } from './files.server.ts'
import type { Session } from './session.server.ts'

/** A stand-in register: serves one file in two chunks, the second only when the test says so. */
let server: Server
let registerUrl: string
let held: ServerResponse | null = null
let seenAuth: string | undefined

beforeAll(async () => {
  server = createServer((req, res) => {
    seenAuth = req.headers.authorization
    if (req.url !== '/files/IVAV/IVAV_1001_20260101T080000Z.csv') {
      res.statusCode = 404
      res.setHeader('Content-Type', 'application/json')
      res.end('{"error":"not found"}')
      return
    }
    res.setHeader('Content-Type', 'text/csv; charset=utf-8')
    res.setHeader('Content-Disposition', `attachment; filename="IVAV_1001_20260101T080000Z.csv"`)
    res.setHeader('Set-Cookie', 'register=1')
    res.write('\ufeffa;b\r\n')
    held = res
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  registerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  held?.end()
  await new Promise((resolve) => server.close(resolve))
})

function contextFor(roles: Role[] | null): RouterContextProvider {
  const config: PortalConfig = {
    origin: 'http://portal.test',
    secure: false,
    oidc: { issuer: 'http://idp.test', clientId: 'svn-portal', clientSecret: 's' },
    registerUrl,
    sessionSecret: 'x'.repeat(32),
    debugPages: false,
    version: '5.1.5',
    commit: 'test',
  }
  const context = new RouterContextProvider()
  // The download never touches the portal's database.
  context.set(appContext, { cspNonce: 'n', config, db: null as never })
  const session = roles ? ({ id: 's', data: { accessToken: 'token-1', roles } } as unknown as Session) : null
  context.set(userContext, session)
  return context
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const result = await promise.then(
    () => null,
    (error: unknown) => error,
  )
  expect(result).toBeInstanceOf(Response)
  return result as Response
}

describe('file download', () => {
  it('streams the register body through without waiting for its end, with its file headers', async () => {
    const context = contextFor(['IV_AV_MELDUNGEN'])
    const request = new Request('http://portal.test/files/IVAV/IVAV_1001_20260101T080000Z.csv')
    const { session, type } = await requireFileAccess(context, request, 'IVAV')
    const response = await downloadFile(context, session, request, type, 'IVAV_1001_20260101T080000Z.csv')
    expect(seenAuth).toBe('Bearer token-1')
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="IVAV_1001_20260101T080000Z.csv"',
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Set-Cookie')).toBeNull()
    const reader = response.body?.getReader()
    if (!reader) throw new Error('no body')
    // The first chunk arrives while the register is still sending: nothing is buffered.
    const first = await reader.read()
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(first.value)).toBe('\ufeffa;b\r\n')
    held?.end('1;2\r\n')
    held = null
    let rest = ''
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      rest += new TextDecoder().decode(part.value)
    }
    expect(rest).toBe('1;2\r\n')
  })

  it('answers the 404 page for a file the register does not show', async () => {
    const context = contextFor(['IV_AV_MELDUNGEN'])
    const request = new Request('http://portal.test/files/IVAV/other.csv')
    const { session } = await requireFileAccess(context, request, 'IVAV')
    const response = await thrown(downloadFile(context, session, request, 'IVAV', 'other.csv'))
    expect(response.headers.get('Location')).toBe('/404')
  })

  it("guards like the type's screen: login, known type, the screen's authority", async () => {
    const request = new Request('http://portal.test/files/SVN/x.xml')
    const anonymous = await thrown(requireFileAccess(contextFor(null), request, 'SVN'))
    expect(anonymous.headers.get('Location')).toBe('/login')
    expect(anonymous.headers.get('Set-Cookie')).toContain('svn_return_to=')
    const unknown = await thrown(requireFileAccess(contextFor(['SVN_NICHT_EINGELOEST']), request, 'svn'))
    expect(unknown.headers.get('Location')).toBe('/404')
    const reader = await thrown(requireFileAccess(contextFor(['SVN_SUCHEN', 'AE_SUCHEN']), request, 'SVN'))
    expect(reader.headers.get('Location')).toBe('/no-permission')
    const otherType = await thrown(requireFileAccess(contextFor(['IV_AV_MELDUNGEN']), request, 'AE'))
    expect(otherType.headers.get('Location')).toBe('/no-permission')
  })

  it('names an attachment in ASCII and exactly (RFC 5987) when the register gives no name', () => {
    expect(attachment('SVN_1001_20260101T080000Z.xml')).toBe(
      `attachment; filename="SVN_1001_20260101T080000Z.xml"; filename*=UTF-8''SVN_1001_20260101T080000Z.xml`,
    )
    expect(attachment('Zürich "x".csv')).toBe(
      `attachment; filename="Z_rich _x_.csv"; filename*=UTF-8''Z%C3%BCrich%20%22x%22.csv`,
    )
  })
})
