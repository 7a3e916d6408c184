import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { configureLog } from '../domain/log.ts'
import { finalErrorHandler } from './errors.ts'

const servers: { close(): void }[] = []
afterEach(() => servers.splice(0).forEach((s) => s.close()))

/** An app whose one route fails, as createServer composes it (env from NODE_ENV, unset here). */
async function failingApp(withHandler: boolean): Promise<string> {
  const app = express()
  app.get('/boom', () => {
    throw Object.assign(new Error('secret detail at /srv/app/x.ts'), { status: 500 })
  })
  app.get('/bad', () => {
    throw Object.assign(new Error('cannot decode'), { status: 400 })
  })
  if (withHandler) app.use(finalErrorHandler({ dev: false }))
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((r) => server.once('listening', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('no stack traces in responses unless development is asked for (ADR 700)', () => {
  const saved = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = saved
  })

  it("Express alone shows the stack when NODE_ENV is unset; the server's final handler never does", async () => {
    delete process.env.NODE_ENV
    const lines: string[] = []
    const previous = configureLog({ write: (l) => lines.push(l) })
    try {
      const plain = await failingApp(false)
      expect(await (await fetch(`${plain}/boom`)).text()).toMatch(/at .*errors\.test\.ts/)

      const base = await failingApp(true)
      const res = await fetch(`${base}/boom`)
      expect(res.status).toBe(500)
      const body = await res.text()
      expect(body).toBe('Internal Server Error')
      const bad = await fetch(`${base}/bad`)
      expect([bad.status, await bad.text()]).toEqual([400, 'Bad Request'])
    } finally {
      configureLog(previous)
    }
    // the operator still finds the reason in the log
    expect(lines.join('')).toContain('secret detail')
  })
})
