import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { users } from '../../db/schema/register.ts'
import { addDays, zurichDay } from '../../domain/svn/dates.ts'
import { withCheckDigit } from '../../domain/svn/stem-number.ts'
import type { MeldungSchiff } from '../../domain/svn/types.ts'
import { executeAe, fetchAe, registerAv, registerIv, rejectAe, reserve } from '../authority/service.ts'
import type { AuditActor } from '../svn/actor.ts'
import { applicantOf } from '../svn/actor.ts'
import {
  cancelSvnRequest,
  createAeRequest,
  createSvns,
  transitionMany,
  type Creator,
  type NewSvn,
} from '../svn/service.ts'
import { sweep } from '../svn/sweep.ts'
import { seedFilesDemo } from './files-demo.ts'
import { prng, type Random } from './prng.ts'
import { BOATS, COMPANIES, FIRST_NAMES, LAST_NAMES, MOTORS, PLACES, STREETS } from './svn-demo-data.ts'

/** How a demo record lives: the moves it goes through, ending in the status of its name. */
const STORIES = {
  OPEN: 0.1,
  CANCELED: 0.06,
  UNTREATED: 0.06,
  RESERVED: 0.04,
  IV: 0.38,
  IV_AE_REJECTED: 0.06,
  AE_REQUESTED: 0.05,
  AE_FETCHED: 0.04,
  AV_REGISTERED: 0.1,
  AV_AE_EXECUTED: 0.04,
  AV_AE_EXPIRED: 0.03,
  DELETABLE_CANCELED: 0.02,
  DELETABLE_AV: 0.02,
} as const
type Story = keyof typeof STORIES

/** Steps in the one order every story follows; each step runs batched per day. */
const STEPS = [
  'create',
  'reserve',
  'iv',
  'cancel',
  'create-ae',
  'fetch-ae',
  'reject-ae',
  'execute-ae',
  'av',
] as const
type Step = (typeof STEPS)[number]

/** Records per insurer (gsCode) and, at the broker insurer, per broker number. */
const VOLUME: {
  gsCode: string
  count: number
  creators: { email: string; maklerNr: string | null; share: number }[]
}[] = [
  { gsCode: '1001', count: 900, creators: [{ email: 'clerk@alpina.example', maklerNr: null, share: 1 }] },
  { gsCode: '1002', count: 650, creators: [{ email: 'clerk@leman.example', maklerNr: null, share: 1 }] },
  {
    gsCode: '1003',
    count: 450,
    creators: [
      { email: 'broker@seeland.example', maklerNr: '4711', share: 0.6 },
      { email: 'admin@seeland.example', maklerNr: '5230', share: 0.25 },
      { email: 'admin@seeland.example', maklerNr: null, share: 0.15 },
    ],
  },
]

interface Plan {
  creatorKey: string
  input: NewSvn
  steps: Partial<Record<Step, number>>
  iv?: { schiff: Partial<MeldungSchiff> }
  avGrund?: number
  rejectReason?: string
  id?: number
}

function ascii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
}

/**
 * A realistic new SVN (holder, boat, plate, contact, insurance data) valid by the create schema on any
 * day up to 30 days after `gueltigAb`. The bulk seed passes name pickers with a longer tail.
 */
export function holder(
  r: Random,
  gueltigAb: string,
  names = { last: () => r.pick(LAST_NAMES), first: () => r.pick(FIRST_NAMES) },
): NewSvn {
  const [plz, ort, kanton] = r.pick(PLACES)
  const company = r.next() < 0.08
  const name = company ? r.pick(COMPANIES) : names.last()
  const vorname = company ? null : names.first()
  const strasse = `${r.pick(STREETS)} ${r.int(1, 120)}`
  const [markeTyp, art] = r.pick(BOATS)
  const besVerwendung = r.next() < 0.9 ? 0 : r.int(1, 4)
  const collective = besVerwendung === 3
  const email = company
    ? `info@${ascii(name).slice(0, 16)}.example`
    : `${ascii(vorname ?? '')}.${ascii(name)}@mail.example`
  const telefon = `+41 7${r.int(6, 9)} ${r.int(100, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`
  return {
    halter: {
      person: {
        personenTyp: company ? 'JURISTISCH' : 'NATUERLICH',
        name,
        geburtsname: !company && r.next() < 0.15 ? r.pick(LAST_NAMES) : null,
        vorname,
        geburtsdatum: company
          ? null
          : `${r.int(1940, 2004)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
        heimatstaat: company ? null : r.next() < 0.85 ? 'CH' : r.pick(['DE', 'FR', 'IT', 'AT', 'LI']),
      },
      adresse: {
        strasse,
        plz,
        ort,
        staat: kanton === 'FL' ? 'LI' : 'CH',
        coKontakt: r.next() < 0.05 ? `c/o ${r.pick(LAST_NAMES)}` : null,
      },
    },
    schiff: {
      stammNr: collective ? null : Number(withCheckDigit(String(r.int(10_000_000, 99_999_999)))),
      schaleNr: collective
        ? null
        : `CH-${ascii(markeTyp).slice(0, 3).toUpperCase()}${r.int(10000, 99999)}${r.pick(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L'])}${r.int(10, 24)}`,
      art: collective ? null : art,
      markeTyp: collective ? null : markeTyp,
    },
    schild: { kanton, schildNr: r.next() < 0.85 ? r.int(100, 99_999) : null },
    kontakt: {
      name: vorname ? `${vorname} ${name}` : name,
      strasse,
      plz,
      ort,
      staat: 'CH',
      telefon,
      fax: null,
      email,
    },
    versicherungsdaten: {
      referenz: `POL-${r.int(100_000, 999_999)}`,
      ivGrund: r.next() < 0.6 ? 57 : r.pick([50, 52, 53, 54, 58, 59]),
      gueltigAb,
      besVerwendung,
    },
    wikCGueltigAb: r.next() < 0.05 ? gueltigAb : null,
  }
}

function ivSchiff(r: Random, input: NewSvn, kanton: string | null): Partial<MeldungSchiff> {
  const boat = BOATS.find(([make]) => make === input.schiff.markeTyp)
  const length = boat?.[3] ?? 5
  const art = input.schiff.art ?? 3
  const motorCount = art === 1 ? 0 : art === 2 ? r.int(0, 1) : r.int(1, 2)
  return {
    schildKanton: kanton,
    schildNr: input.schild.schildNr ?? r.int(100, 99_999),
    material: boat?.[2] ?? 'GFK',
    laenge: Math.round(length * (0.95 + r.next() * 0.1) * 100) / 100,
    breite: Math.round(length * 0.33 * 100) / 100,
    anzPersonen: Math.max(2, Math.round(length)),
    ladung: Math.round(length * 80),
    typenscheinNr: `TS-${r.int(10000, 99999)}`,
    segelflaeche: art === 2 ? Math.round(length * length * 0.5) : null,
    standort: `Hafen ${input.halter.adresse.ort ?? ''}`.trim(),
    motor: Array.from({ length: motorCount }, () => {
      const [markeTyp, leistung] = r.pick(MOTORS)
      return { markeTyp, motorNr: `${r.int(1_000_000, 9_999_999)}`, leistung }
    }),
  }
}

/** Day offsets (relative to today) of each step for a story; gueltigAb offset first. */
function timeline(r: Random, story: Story): { g: number; steps: Partial<Record<Step, number>> } {
  const at = (value: number) => Math.min(0, value)
  switch (story) {
    case 'OPEN': {
      const g = r.int(-25, 60)
      return { g, steps: { create: at(Math.min(g, 0) - r.int(1, 20)) } }
    }
    case 'CANCELED': {
      const g = r.int(-300, 30)
      const create = Math.min(g, 0) - r.int(5, 30)
      return { g, steps: { create, cancel: at(create + r.int(1, 20)) } }
    }
    case 'UNTREATED': {
      const g = r.int(-400, -35)
      return { g, steps: { create: g - r.int(5, 30) } }
    }
    case 'RESERVED': {
      const create = -r.int(10, 60)
      return { g: r.int(10, 120), steps: { create, reserve: create + r.int(1, 9) } }
    }
    case 'DELETABLE_CANCELED': {
      const g = r.int(-1700, -1300)
      return { g, steps: { create: g - 10, cancel: g - 10 + r.int(1, 20) } }
    }
    case 'DELETABLE_AV': {
      const g = r.int(-2000, -1700)
      const iv = g + r.int(0, 4)
      return { g, steps: { create: g - r.int(5, 30), iv, av: iv + r.int(30, 200) } }
    }
    default:
      break
  }
  // Stories that start with a registered boat.
  const g = story === 'IV' ? r.int(-1000, -5) : r.int(-1000, -200)
  const iv = at(g + r.int(0, 4))
  const steps: Partial<Record<Step, number>> = { create: g - r.int(5, 30), iv }
  switch (story) {
    case 'IV_AE_REJECTED': {
      const ae = r.int(iv + 10, -20)
      const fetch = ae + r.int(1, 5)
      Object.assign(steps, { 'create-ae': ae, 'fetch-ae': fetch, 'reject-ae': at(fetch + r.int(1, 10)) })
      break
    }
    case 'AE_REQUESTED':
      steps['create-ae'] = -r.int(1, 30)
      break
    case 'AE_FETCHED': {
      const ae = -r.int(20, 50)
      Object.assign(steps, { 'create-ae': ae, 'fetch-ae': at(ae + r.int(1, 10)) })
      break
    }
    case 'AV_REGISTERED':
      steps.av = r.int(Math.max(iv + 30, -900), -1)
      break
    case 'AV_AE_EXECUTED': {
      const ae = -r.int(100, 600)
      const fetch = ae + r.int(1, 10)
      Object.assign(steps, { 'create-ae': ae, 'fetch-ae': fetch, 'execute-ae': fetch + r.int(5, 40) })
      break
    }
    case 'AV_AE_EXPIRED': {
      const ae = -r.int(80, 150)
      Object.assign(steps, { 'create-ae': ae, 'fetch-ae': ae + r.int(1, 5) })
      break
    }
    default:
      break
  }
  return { g, steps }
}

/**
 * Few, large batches keep the seed fast (PGlite pays per statement): moves are batched per half
 * year, AE moves per month and AE fetches of the last 90 days per week, since fetch dates drive the
 * 60-day AE rule. IV and AV dates stay exact per record.
 */
function batchDay(step: Step, offset: number): number {
  const recent = offset >= -90
  const size =
    step === 'fetch-ae'
      ? recent
        ? 7
        : 90
      : step === 'create-ae' || step === 'reject-ae' || step === 'execute-ae'
        ? recent
          ? 30
          : 90
        : 180
  return Math.floor(offset / size) * size
}

/** Insurer moves run as the creator; canton moves do not care whose record it is. */
const INSURER_STEPS: readonly Step[] = ['create', 'cancel', 'create-ae']

function storiesFor(r: Random, count: number): Story[] {
  const entries = Object.entries(STORIES) as [Story, number][]
  const stories = entries.flatMap(([story, share]) => Array<Story>(Math.round(share * count)).fill(story))
  while (stories.length < count) stories.push('IV')
  stories.length = count
  // Fisher–Yates, so ids do not cluster by status.
  for (let i = stories.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1))
    ;[stories[i], stories[j]] = [stories[j] as Story, stories[i] as Story]
  }
  return stories
}

/**
 * About 2 000 demo SVN over the three demo insurers and every status (DESIGN §6), created and moved
 * through the same services the API and the canton side use, in batches per day, then one sweep at
 * `now` for UNTREATED, expired AE and DELETABLE, and then the pickup files waiting (files-demo.ts;
 * `files: false` leaves them out). Needs the register demo (insurers, users, codes).
 */
export async function seedSvnDemo(
  db: Database,
  options: { now?: Date; files?: boolean } = {},
): Promise<number> {
  const now = options.now ?? new Date()
  const today = zurichDay(now)
  const dayAt = (offset: number) => new Date(now.getTime() + offset * 86_400_000)
  const r = prng(20_240_601)

  const emails = [...new Set(VOLUME.flatMap((v) => v.creators.map((c) => c.email)))]
  const userRows = await db.select().from(users).where(inArray(users.email, emails))
  const creators = new Map<string, Creator & { applicant: string }>()
  const plans: Plan[] = []
  for (const volume of VOLUME) {
    const stories = storiesFor(r, volume.count)
    stories.forEach((story, index) => {
      let share = index / volume.count
      const creator = volume.creators.find((c) => (share -= c.share) < 0) ?? volume.creators[0]
      if (!creator) throw new Error('demo: no creator')
      const user = userRows.find((u) => u.email === creator.email)
      if (!user) throw new Error(`demo: user ${creator.email} missing`)
      const creatorKey = `${volume.gsCode}/${creator.maklerNr}`
      if (!creators.has(creatorKey)) {
        creators.set(creatorKey, {
          gsCode: volume.gsCode,
          maklerNr: creator.maklerNr,
          benutzer: user.email,
          actor: { userId: user.id, subject: user.idpSubject ?? user.email },
          applicant: applicantOf({ user }),
        })
      }
      const { g, steps } = timeline(r, story)
      const input = holder(r, addDays(today, g))
      plans.push({
        creatorKey,
        input,
        steps,
        iv: steps.iv !== undefined ? { schiff: ivSchiff(r, input, input.schild.kanton) } : undefined,
        avGrund: r.pick([50, 54, 58, 59]),
        rejectReason: String(r.int(1, 6)),
      })
    })
  }

  const canton: AuditActor = { subject: 'canton-demo' }
  for (const step of STEPS) {
    // Group by (week, creator) so each batch is one service call at that moment.
    const groups = new Map<string, Plan[]>()
    for (const plan of plans) {
      const offset = plan.steps[step]
      if (offset === undefined) continue
      const creatorKey = INSURER_STEPS.includes(step) ? plan.creatorKey : ''
      const key = `${batchDay(step, offset)}|${creatorKey}|${step === 'reject-ae' ? plan.rejectReason : ''}`
      groups.set(key, [...(groups.get(key) ?? []), plan])
    }
    for (const [key, group] of groups) {
      const offset = Number(key.split('|')[0])
      const at = dayAt(offset)
      const creator = creators.get(group[0]?.creatorKey ?? '')
      if (!creator) throw new Error('demo: creator lost')
      // Canton batches span insurers; scope 'insurer' is only used by insurer steps.
      const ids = group.map((p) => p.id).filter((id): id is number => id !== undefined)
      const scope = { kind: 'insurer', gsCode: creator.gsCode, maklerNr: undefined } as const
      switch (step) {
        case 'create': {
          const created = await createSvns(
            db,
            group.map((p) => p.input),
            creator,
            at,
          )
          created.forEach((id, i) => {
            const plan = group[i]
            if (plan) plan.id = id
          })
          break
        }
        case 'reserve':
          await reserve(db, ids, { actor: canton, at })
          break
        case 'iv':
          await registerIv(
            db,
            group.map((p) => ({
              svnId: p.id ?? 0,
              datum: addDays(today, p.steps.iv ?? 0),
              schiff: p.iv?.schiff,
            })),
            { actor: canton, at },
          )
          break
        case 'cancel':
          await transitionMany(db, ids, cancelSvnRequest({ actor: creator.actor, scope, at }))
          break
        case 'create-ae':
          await transitionMany(
            db,
            ids,
            createAeRequest({ actor: creator.actor, scope, at, applicant: creator.applicant }),
          )
          break
        case 'fetch-ae':
          await fetchAe(db, ids, { actor: canton, at })
          break
        case 'reject-ae':
          await rejectAe(db, ids, group[0]?.rejectReason ?? '1', { actor: canton, at })
          break
        case 'execute-ae':
          await executeAe(db, ids, { actor: canton, at })
          break
        case 'av':
          await registerAv(
            db,
            group.map((p) => ({
              svnId: p.id ?? 0,
              grund: p.avGrund ?? 50,
              datum: addDays(today, p.steps.av ?? 0),
            })),
            {
              actor: canton,
              at,
            },
          )
          break
      }
    }
  }
  await sweep(db, { now })
  if (options.files !== false) await seedFilesDemo(db, { now })
  return plans.length
}
