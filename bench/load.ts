/**
 * Load test (issue 10 item 2): the real server (`server.ts`, production build) on PostgreSQL, several
 * demo users of different insurers logged in, then `connections` virtual users for `durationS` seconds
 * doing what clerks do: search with varied filters, open records found, create an SVN through the
 * form (GET for its one-time formToken, POST url-encoded with the CSRF token), open the pickup lists.
 * Budget: 0 errors, 0 5xx. Figures per kind: count, req/s, p50/p99, errors, non-2xx/3xx, 5xx.
 *
 * Each virtual user runs one scenario after the other over a keep-alive connection, with its own
 * cookies (so toast/CSRF cookies are per "browser"); the session cookie is its user's.
 *
 * Overrides for a quick trial: LOAD_CONNECTIONS (default 200), LOAD_DURATION_S (default 60).
 * Runs the production build (startServerProcess), which bench/run.ts makes first where it is stale.
 */
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { CREATE_FIELD_NAMES, valueAt } from '../domain/svn/create.ts'
import { validCreateValues } from '../register/svn/create-testing.ts'
import { CookieJar } from '../idp/testing/harness.ts'
import { loginOverHttp, startServerProcess } from '../server/testing/process.ts'
import type { BenchContext, BenchModule, BenchSection } from './lib/report.ts'

/** Clerks of the three demo insurers (one a broker): each can search, create and pick up. */
export const LOAD_USERS = ['clerk@alpina.example', 'clerk@leman.example', 'broker@seeland.example']

/** Share of scenarios per kind; detail opens a record one of its user's searches found. */
const MIX = { search: 0.4, detail: 0.3, create: 0.1, pickup: 0.2 } as const
type Scenario = keyof typeof MIX

/** Request kinds reported (a create is two requests: the form and its POST). */
const KINDS = ['search', 'detail', 'create form', 'create post', 'pickup list'] as const
type Kind = (typeof KINDS)[number]

const PICKUP_PATHS = ['/svn/untreated', '/svn/iv-av-retrieve', '/ae/rejected']
const NAME_PREFIXES = ['M', 'Me', 'S', 'Sch', 'B', 'K', 'W', 'G', 'Mü', 'Z']
const CANTONS = ['ZH', 'BE', 'LU', 'GE', 'VD', 'TI', 'SG', 'NE']
const STATUSES = ['OPEN', 'UNTREATED', 'RESERVED', 'IV', 'AV', 'CANCELED']
const SORTS = ['sVnId', 'name', 'postCode', 'status']
const REQUEST_TIMEOUT_MS = 30_000
/** Record ids kept per user for detail requests. */
const POOL_SIZE = 500

export interface LoadOptions {
  connections: number
  durationS: number
}

export function loadOptions(env: NodeJS.ProcessEnv = process.env): LoadOptions {
  const int = (value: string | undefined, fallback: number) => {
    const n = Number(value)
    return Number.isInteger(n) && n > 0 ? n : fallback
  }
  return { connections: int(env.LOAD_CONNECTIONS, 200), durationS: int(env.LOAD_DURATION_S, 60) }
}

interface Answer {
  status: number
  location: string | null
  body: string
}

class KindStats {
  latencies: number[] = []
  /** No answer: connection refused/reset, timeout. */
  errors = 0
  /** Answered, but not what a browser would expect (e.g. sent to login, create not redirected). */
  unexpected = 0
  non2xx3xx = 0
  status5xx = 0
}

/** The p-th percentile (0–100) of sorted values, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0
}

/** A "browser" of `user`: its own jar (CSRF, toast cookies) starting from the user's session cookies. */
function browserOf(user: { jar: CookieJar }, url: string): CookieJar {
  const jar = new CookieJar()
  for (const part of user.jar.header(url).split('; ')) {
    const eq = part.indexOf('=')
    if (eq > 0) jar.set(part.slice(0, eq), part.slice(eq + 1))
  }
  return jar
}

/** A complete, valid create form as url-encoded fields; `n` makes the holder's name unique. */
export function createFormBody(n: number, csrf: string, formToken: string): string {
  const values = validCreateValues()
  values.halter.person.name = `Last${n}`
  const body = new URLSearchParams({ intent: 'create', csrf, formToken })
  for (const name of CREATE_FIELD_NAMES) body.set(name, valueAt(values, name))
  return body.toString()
}

/** A search URL with one or two filters of the kinds clerks use, sometimes sorted or on page 2. */
export function searchPath(random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const params = new URLSearchParams()
  const filters: Array<() => void> = [
    () => params.set('name', pick(NAME_PREFIXES)),
    () => params.set('canton', pick(CANTONS)),
    () => params.set('sVnStatus', pick(STATUSES)),
    () => params.set('zipCode', String(10 + Math.floor(random() * 90))),
  ]
  pick(filters)()
  if (random() < 0.4) pick(filters)()
  if (random() < 0.3) {
    params.set('sort', pick(SORTS))
    params.set('order', random() < 0.5 ? 'asc' : 'desc')
  }
  if (random() < 0.2) params.set('page', '2')
  return `/svn/search?${params}`
}

function hiddenField(html: string, name: string): string | null {
  return new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? null
}

export const run: BenchModule = async (ctx: BenchContext): Promise<BenchSection[]> => {
  const options = loadOptions()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'svn-load-'))
  const server = await startServerProcess({ dataDir, databaseUrl: ctx.pgUrl })
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections })
  const origin = new URL(server.url)
  try {
    ctx.log(`load: server ready in ${Math.round(server.readyMs)} ms at ${server.url}; logging in`)
    const users = await Promise.all(
      LOAD_USERS.map(async (login) => ({
        login,
        jar: await loginOverHttp(server.url, login, 'demo'),
        ids: [] as number[],
        /** The pickup lists this user may open (found in the warm-up). */
        pickups: [] as string[],
      })),
    )

    const stats = new Map<Kind, KindStats>(KINDS.map((k) => [k, new KindStats()]))
    const failures: string[] = []
    let measuring = false

    function send(
      kind: Kind,
      cookies: CookieJar,
      method: 'GET' | 'POST',
      pathname: string,
      body?: string,
    ): Promise<Answer | null> {
      const started = performance.now()
      const s = stats.get(kind)!
      return new Promise((resolve) => {
        const headers: http.OutgoingHttpHeaders = {
          cookie: cookies.header(`${server.url}${pathname}`),
          'accept-language': 'de',
        }
        if (body !== undefined) {
          headers['content-type'] = 'application/x-www-form-urlencoded'
          headers['content-length'] = Buffer.byteLength(body)
          headers.origin = origin.origin
        }
        const req = http.request(
          { agent, host: origin.hostname, port: origin.port, method, path: pathname, headers },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => {
              const status = res.statusCode ?? 0
              // CookieJar reads fetch headers: hand it the Set-Cookie lines as such.
              cookies.store({
                headers: new Headers(
                  (res.headers['set-cookie'] ?? []).map((c): [string, string] => ['set-cookie', c]),
                ),
              } as Response)
              if (measuring) {
                s.latencies.push(performance.now() - started)
                if (status < 200 || status >= 400) s.non2xx3xx++
                if (status >= 500) s.status5xx++
              }
              resolve({
                status,
                location: res.headers.location ?? null,
                body: Buffer.concat(chunks).toString(),
              })
            })
            res.on('error', (error) => fail(error))
          },
        )
        const fail = (error: Error) => {
          if (measuring) {
            s.errors++
            if (failures.length < 10) failures.push(`${kind} ${pathname}: ${error.message}`)
          }
          resolve(null)
        }
        req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')))
        req.on('error', fail)
        req.end(body)
      })
    }

    /** Counts an answer that is not what the scenario expects (only while measuring). */
    function expect(kind: Kind, answer: Answer | null, ok: boolean, pathname: string): boolean {
      if (answer === null) return false
      if (!ok && measuring) {
        stats.get(kind)!.unexpected++
        if (failures.length < 10)
          failures.push(
            `${kind} ${pathname}: ${answer.status} ${answer.location ?? answer.body.slice(0, 120)}`,
          )
      }
      return ok
    }

    let created = 0
    const scenarios: Record<Scenario, (user: (typeof users)[number], cookies: CookieJar) => Promise<void>> = {
      async search(user, cookies) {
        const target = searchPath(Math.random)
        const answer = await send('search', cookies, 'GET', target)
        if (!expect('search', answer, answer?.status === 200, target) || !answer) return
        for (const m of answer.body.matchAll(/href="\/svn\/(\d+)\?back=/g)) {
          if (user.ids.length >= POOL_SIZE) user.ids[Math.floor(Math.random() * POOL_SIZE)] = Number(m[1])
          else user.ids.push(Number(m[1]))
        }
      },
      async detail(user, cookies) {
        const id = user.ids[Math.floor(Math.random() * user.ids.length)]
        if (id === undefined) return scenarios.search(user, cookies)
        const target = `/svn/${id}`
        const answer = await send('detail', cookies, 'GET', target)
        expect('detail', answer, answer?.status === 200, target)
      },
      async create(user, cookies) {
        const form = await send('create form', cookies, 'GET', '/svn/create?new=1')
        const csrf = form && hiddenField(form.body, 'csrf')
        const formToken = form && hiddenField(form.body, 'formToken')
        if (!expect('create form', form, form?.status === 200 && !!csrf && !!formToken, '/svn/create')) return
        const answer = await send(
          'create post',
          cookies,
          'POST',
          '/svn/create',
          createFormBody(++created, csrf!, formToken!),
        )
        const id = /^\/svn\/(\d+)$/.exec(answer?.location ?? '')?.[1]
        if (expect('create post', answer, answer?.status === 302 && id !== undefined, '/svn/create'))
          user.ids.push(Number(id))
      },
      async pickup(user, cookies) {
        const target = user.pickups[Math.floor(Math.random() * user.pickups.length)]!
        const answer = await send('pickup list', cookies, 'GET', target)
        expect('pickup list', answer, answer?.status === 200, target)
      },
    }
    const weights = Object.entries(MIX) as Array<[Scenario, number]>
    const pickScenario = (): Scenario => {
      let r = Math.random()
      for (const [name, weight] of weights) if ((r -= weight) < 0) return name
      return 'search'
    }

    // Warm-up: every user reaches search, create and a pickup list (else the run would count redirects).
    for (const user of users) {
      const cookies = browserOf(user, server.url)
      for (const target of ['/svn/search?sVnStatus=OPEN', '/svn/create?new=1', ...PICKUP_PATHS]) {
        const answer = await send('search', cookies, 'GET', target)
        if (PICKUP_PATHS.includes(target)) {
          if (answer?.status === 200) user.pickups.push(target)
        } else if (answer?.status !== 200) {
          throw new Error(`load: ${user.login} gets ${answer?.status ?? 'no answer'} for ${target}`)
        }
      }
      if (user.pickups.length === 0) throw new Error(`load: ${user.login} may open no pickup list`)
      await scenarios.search(user, cookies)
    }

    ctx.log(`load: ${options.connections} connections for ${options.durationS} s`)
    const loadBefore = os.loadavg()[0] ?? 0
    measuring = true
    const started = performance.now()
    const end = started + options.durationS * 1000
    await Promise.all(
      Array.from({ length: options.connections }, async (_, i) => {
        const user = users[i % users.length]!
        const cookies = browserOf(user, server.url)
        while (performance.now() < end) await scenarios[pickScenario()](user, cookies)
      }),
    )
    const elapsedS = (performance.now() - started) / 1000
    measuring = false
    const loadAfter = os.loadavg()[0] ?? 0

    return [report(ctx, options, stats, { elapsedS, created, failures, loadBefore, loadAfter })]
  } finally {
    agent.destroy()
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

function report(
  ctx: BenchContext,
  options: LoadOptions,
  stats: Map<Kind, KindStats>,
  run: { elapsedS: number; created: number; failures: string[]; loadBefore: number; loadAfter: number },
): BenchSection {
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`
  const rows: string[] = []
  const total = new KindStats()
  for (const kind of [...KINDS, 'all' as const]) {
    const s = kind === 'all' ? total : stats.get(kind)!
    if (kind !== 'all') {
      total.latencies.push(...s.latencies)
      total.errors += s.errors
      total.unexpected += s.unexpected
      total.non2xx3xx += s.non2xx3xx
      total.status5xx += s.status5xx
    }
    const sorted = [...s.latencies].sort((a, b) => a - b)
    const label = kind === 'all' ? '**all**' : kind
    rows.push(
      `| ${label} | ${sorted.length} | ${(sorted.length / run.elapsedS).toFixed(1)} | ${ms(percentile(sorted, 50))} | ` +
        `${ms(percentile(sorted, 99))} | ${s.errors} | ${s.unexpected} | ${s.non2xx3xx} | ${s.status5xx} |`,
    )
  }
  const errors = total.errors + total.unexpected
  const mix = Object.entries(MIX)
    .map(([k, v]) => `${k} ${Math.round(v * 100)} %`)
    .join(', ')
  const markdown = [
    `${options.connections} connections for ${options.durationS} s (measured ${run.elapsedS.toFixed(1)} s) ` +
      `against one server process (\`server.ts\`, production build) on PostgreSQL with ${ctx.records} ` +
      `bulk SVN plus the demo data. Users: ${LOAD_USERS.join(', ')}. Scenario mix: ${mix}; a create is ` +
      `two requests (the form for its one-time token, then the url-encoded POST with the CSRF token, ` +
      `answered 302 to the new record). The client runs on the same machine as the server and the ` +
      `database. ${run.created} SVN created during the run. Load average ${run.loadBefore.toFixed(1)} ` +
      `before, ${run.loadAfter.toFixed(1)} after.`,
    '',
    '| kind | requests | req/s | p50 | p99 | errors | unexpected | non-2xx/3xx | 5xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    'errors: no answer (connection failure, 30 s timeout). unexpected: an answer a browser would not ' +
      'expect (e.g. sent to the login, a create not redirected to its record).',
    ...(run.failures.length ? ['', 'First failures:', '', ...run.failures.map((f) => `- \`${f}\``)] : []),
  ].join('\n')
  return {
    id: 'load',
    title: 'Load: search, detail, create, pickup list',
    markdown,
    budgets: [
      {
        name: `Load ${options.connections} connections × ${options.durationS} s: errors`,
        goal: '0',
        measured: String(errors),
        met: errors === 0,
        note: `${total.errors} without answer, ${total.unexpected} unexpected`,
      },
      {
        name: `Load ${options.connections} connections × ${options.durationS} s: 5xx`,
        goal: '0',
        measured: String(total.status5xx),
        met: total.status5xx === 0,
      },
    ],
  }
}
