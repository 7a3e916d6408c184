import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { auditLog, groupRoles, insurers } from '../../db/schema/register.ts'
import { LOGO_MAX_BYTES } from '../logo/process-logo.ts'
import type { SeededUser } from '../seed/demo.ts'
import { openRegisterTestbed, type RegisterTestbed, type TestIdp } from '../testing.ts'

let handle: DatabaseHandle
let idp: TestIdp
let app: RegisterTestbed['app']
let seeded: SeededUser[]

async function auth(email: string, roles: string[]) {
  const user = seeded.find((u) => u.email === email)
  if (!user) throw new Error(`not seeded: ${email}`)
  return `Bearer ${await idp.token({ sub: user.subject, roles })}`
}

async function json(method: string, path: string, email: string, roles: string[], body?: unknown) {
  return app.request(path, {
    method,
    headers: { Authorization: await auth(email, roles), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function upload(email: string, roles: string[], bytes: Buffer, name = 'logo.png', type = 'image/png') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  return app.request('/versicherung/logo', {
    method: 'POST',
    headers: { Authorization: await auth(email, roles) },
    body: form,
  })
}

async function logoOf(gsCode: string) {
  const [row] = await handle.db
    .select({ logo: insurers.logo, type: insurers.logoMimeType, version: insurers.logoVersion })
    .from(insurers)
    .where(eq(insurers.gsCode, gsCode))
  return row
}

interface Group {
  id: number
  name: string
  guiOrder: number
  roles: string[]
}

beforeAll(async () => {
  ;({ handle, seeded, idp, app } = await openRegisterTestbed())
})

afterAll(async () => {
  await handle?.close()
})

describe('GET/PUT /versicherung/rolegroups', () => {
  it('401 without a token, 403 without GROUP_ADMIN', async () => {
    expect((await app.request('/versicherung/rolegroups')).status).toBe(401)
    expect((await app.request('/versicherung/rolegroups', { method: 'PUT', body: '[]' })).status).toBe(401)
    expect((await json('GET', '/versicherung/rolegroups', 'admin@alpina.example', ['ADMIN'])).status).toBe(
      403,
    )
    expect(
      (await json('PUT', '/versicherung/rolegroups', 'admin@alpina.example', ['ADMIN'], [])).status,
    ).toBe(403)
  })

  it("lists the own insurer's groups by guiOrder", async () => {
    const res = await json('GET', '/versicherung/rolegroups', 'admin@alpina.example', ['GROUP_ADMIN'])
    expect(res.status).toBe(200)
    const groups = (await res.json()) as Group[]
    expect(groups.map((g) => [g.name, g.guiOrder])).toEqual([
      ['Sachbearbeitung SVN', 1],
      ['Ausweisentzug', 2],
      ['Meldungen IV/AV', 3],
      ['Nur lesen', 4],
    ])
    expect(groups[3]?.roles).toEqual(['SVN_SUCHEN', 'AE_SUCHEN'])
    const leman = await json('GET', '/versicherung/rolegroups', 'admin@leman.example', ['GROUP_ADMIN'])
    expect(await leman.json()).toEqual([])
  })

  it('saves roles, name and order, answers the new list and writes the audit log', async () => {
    const groups = (await (
      await json('GET', '/versicherung/rolegroups', 'admin@alpina.example', ['GROUP_ADMIN'])
    ).json()) as Group[]
    const changed = groups.map((g) =>
      g.name === 'Nur lesen'
        ? { ...g, guiOrder: 0, roles: ['AE_SUCHEN', 'IV_AV_MELDUNGEN', 'AE_SUCHEN'] }
        : g,
    )
    const res = await json(
      'PUT',
      '/versicherung/rolegroups',
      'admin@alpina.example',
      ['GROUP_ADMIN'],
      changed,
    )
    expect(res.status).toBe(200)
    const saved = (await res.json()) as Group[]
    expect(saved[0]).toMatchObject({
      name: 'Nur lesen',
      guiOrder: 0,
      roles: ['IV_AV_MELDUNGEN', 'AE_SUCHEN'],
    })
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.entity, 'role_groups'))
    expect(entries).toHaveLength(1)
  })

  it("answers 404 for another insurer's group id and saves nothing", async () => {
    const seeland = (await (
      await json('GET', '/versicherung/rolegroups', 'admin@seeland.example', ['GROUP_ADMIN'])
    ).json()) as Group[]
    const target = seeland[0]
    if (!target) throw new Error('no group')
    const res = await json(
      'PUT',
      '/versicherung/rolegroups',
      'admin@alpina.example',
      ['GROUP_ADMIN'],
      [{ ...target, roles: ['ADMIN'] }],
    )
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'not found' })
    const roles = await handle.db.select().from(groupRoles).where(eq(groupRoles.groupId, target.id))
    expect(roles.map((r) => r.role)).not.toContain('ADMIN')
  })

  it('400 with fieldErrors for invalid roles or names, nothing saved', async () => {
    const groups = (await (
      await json('GET', '/versicherung/rolegroups', 'admin@alpina.example', ['GROUP_ADMIN'])
    ).json()) as Group[]
    const [first, second] = groups
    if (!first || !second) throw new Error('no groups')
    const bad = await json(
      'PUT',
      '/versicherung/rolegroups',
      'admin@alpina.example',
      ['GROUP_ADMIN'],
      [
        { ...first, roles: ['SUPERUSER'] },
        { ...second, name: '' },
        // The audit log's jsonb cannot hold a lone surrogate: refused, not a failed insert.
        ...groups.slice(2, 3).map((g) => ({ ...g, name: 'Gruppe \ud800' })),
      ],
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: 'validation failed',
      fieldErrors: {
        '0.roles.0': ['validation.invalidOption'],
        '1.name': ['validation.required'],
        '2.name': ['validation.invalid'],
      },
    })
    const dup = await json(
      'PUT',
      '/versicherung/rolegroups',
      'admin@alpina.example',
      ['GROUP_ADMIN'],
      [first, { ...second, name: first.name }],
    )
    expect(dup.status).toBe(400)
    // Numbers beyond PostgreSQL's integer are refused, not passed to the query (a 500 the fuzz found).
    const huge = await json(
      'PUT',
      '/versicherung/rolegroups',
      'admin@alpina.example',
      ['GROUP_ADMIN'],
      [
        { ...first, id: 2_147_483_648 },
        { ...second, guiOrder: -2_147_483_649 },
      ],
    )
    expect(huge.status).toBe(400)
    expect(await huge.json()).toEqual({
      error: 'validation failed',
      fieldErrors: { '0.id': ['validation.invalid'], '1.guiOrder': ['validation.invalid'] },
    })
    const after = (await (
      await json('GET', '/versicherung/rolegroups', 'admin@alpina.example', ['GROUP_ADMIN'])
    ).json()) as Group[]
    expect(after).toEqual(groups)
  })
})

describe('POST /versicherung/logo', () => {
  it('401 without a token, 403 without ADMIN', async () => {
    expect((await app.request('/versicherung/logo', { method: 'POST' })).status).toBe(401)
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .png()
      .toBuffer()
    expect((await upload('clerk@alpina.example', ['SVN_SUCHEN'], png)).status).toBe(403)
    expect((await logoOf('1001'))?.version).toBe(0)
  })

  it('accepts a PNG, keeps its transparency and scales it down to fit 400×160', async () => {
    const png = await sharp({
      create: { width: 1200, height: 300, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 0.5 } },
    })
      .png()
      .toBuffer()
    const res = await upload('admin@alpina.example', ['ADMIN'], png)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ logoVersion: 1 })
    const stored = await logoOf('1001')
    expect(stored?.type).toBe('image/png')
    const meta = await sharp(stored?.logo ?? undefined).metadata()
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 400, 100, true])
    // Served from the versioned logo URL.
    const served = await app.request('/versicherung/logo', {
      headers: { Authorization: await auth('admin@alpina.example', []) },
    })
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('etag')).toBe('"logo-1"')
    const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'logo'))
    expect(entry).toMatchObject({ entity: 'insurer', entityId: '1001' })
  })

  it('accepts a JPEG (even named .png) and stores a JPEG fitting the box', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer()
    const res = await upload('admin@leman.example', ['ADMIN'], jpeg, 'logo.png', 'image/png')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ logoVersion: 1 })
    const stored = await logoOf('1002')
    const meta = await sharp(stored?.logo ?? undefined).metadata()
    expect([stored?.type, meta.format, meta.width, meta.height]).toEqual(['image/jpeg', 'jpeg', 80, 160])
  })

  it('refuses a renamed text file, a corrupt image and a missing file, storing nothing', async () => {
    const before = await logoOf('1001')
    const text = await upload(
      'admin@alpina.example',
      ['ADMIN'],
      Buffer.from('hello, I am text'),
      'logo.jpg',
      'image/jpeg',
    )
    expect(text.status).toBe(400)
    expect(await text.json()).toEqual({ error: 'file.type' })
    const corrupt = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 7),
    ])
    const broken = await upload('admin@alpina.example', ['ADMIN'], corrupt)
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ error: 'file.unreadable' })
    const none = await app.request('/versicherung/logo', {
      method: 'POST',
      headers: { Authorization: await auth('admin@alpina.example', ['ADMIN']) },
      body: new FormData(),
    })
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual({
      error: 'file.required',
      fieldErrors: { file: ['validation.required'] },
    })
    expect(await logoOf('1001')).toEqual(before)
  })

  it('refuses a file over 10485760 bytes, and refuses early by Content-Length', async () => {
    const before = await logoOf('1003')
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(LOGO_MAX_BYTES - 2)])
    const res = await upload('admin@seeland.example', ['ADMIN'], big, 'big.jpg', 'image/jpeg')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'file.size.exceeded' })
    const early = await app.request('/versicherung/logo', {
      method: 'POST',
      headers: {
        Authorization: await auth('admin@seeland.example', ['ADMIN']),
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(50 * 1024 * 1024),
      },
      body: 'tiny',
    })
    expect(early.status).toBe(400)
    expect(await early.json()).toEqual({ error: 'file.size.exceeded' })
    expect(await logoOf('1003')).toEqual(before)
  })
})
