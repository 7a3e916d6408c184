import type { Database } from '../../db/client.ts'
import { isIsoDay } from '../../domain/svn/dates.ts'
import type { AuditActor } from '../svn/actor.ts'
import { sweep } from '../svn/sweep.ts'
import type { TransitionOutcome } from '../svn/transition.ts'
import { SchiffSchema } from './schemas.ts'
import {
  UnknownReasonError,
  executeAe,
  fetchAe,
  registerAv,
  registerIv,
  rejectAe,
  reserve,
} from './service.ts'

export const CANTON_HELP = `Canton side of the SVN register (DESIGN §5).

Usage: npm run canton -- <command> [args]

Runs against the configured database (DATABASE_URL, else PGlite in DATA_DIR) and calls the same
services as the /svnwebaccess/authority endpoints directly — no HTTP, no token. With PGlite, stop the
server first (one process per data directory).

Commands (ids: one or more SVN ids):
  reserve <id…>                      OPEN → RESERVED
  iv <id…> [--date yyyy-mm-dd] [--schiff JSON]
                                     OPEN/RESERVED → IV, stores the IV notification (boat data, motors;
                                     fields not given are taken from the SVN)
  av <id…> --grund N [--date yyyy-mm-dd]
                                     IV → AV, stores the AV notification
  fetch-ae <id…>                     AE: sets fetchedAE (AE → AV by itself 60 days later)
  reject-ae <reasonCode> <id…>       AE → IV, rejectedAE and reasonAE (code list Rueckweisungsgrund)
  execute-ae <id…>                   AE → AV, stores the AV notification
  sweep [--now ISO-timestamp] [--retention-years N]
                                     time rules: UNTREATED, AE → AV after 60 days, DELETABLE
`

const CLI_ACTOR: AuditActor = { subject: 'canton-cli' }

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name)
  if (index < 0) return undefined
  const value = args[index + 1]
  args.splice(index, 2)
  return value
}

function ids(args: string[]): number[] {
  if (args.length === 0 || !args.every((a) => /^\d{1,9}$/.test(a))) throw new UsageError('expected SVN ids')
  return args.map(Number)
}

class UsageError extends Error {}

function report(outcomes: TransitionOutcome[]): { output: string; ok: boolean } {
  const lines = outcomes.map((o) =>
    o.result === 'ok'
      ? `${o.id}: ${o.from} → ${o.to}`
      : o.result === 'conflict'
        ? `${o.id}: not allowed from ${o.status}`
        : `${o.id}: not found`,
  )
  return { output: lines.join('\n'), ok: outcomes.every((o) => o.result === 'ok') }
}

/** Parses and runs one canton command; `output` is what to print. Exported for tests. */
export async function runCantonCommand(
  db: Database,
  argv: readonly string[],
): Promise<{ output: string; ok: boolean }> {
  const [command, ...rest] = argv
  const args = [...rest]
  const move = { actor: CLI_ACTOR }
  try {
    switch (command) {
      case 'reserve':
        return report(await reserve(db, ids(args), move))
      case 'iv': {
        const datum = option(args, '--date')
        if (datum !== undefined && !isIsoDay(datum)) throw new UsageError('--date must be yyyy-mm-dd')
        const schiffJson = option(args, '--schiff')
        const schiff = schiffJson ? SchiffSchema.parse(JSON.parse(schiffJson)) : undefined
        return report(
          await registerIv(
            db,
            ids(args).map((svnId) => ({ svnId, datum, schiff })),
            move,
          ),
        )
      }
      case 'av': {
        const datum = option(args, '--date')
        if (datum !== undefined && !isIsoDay(datum)) throw new UsageError('--date must be yyyy-mm-dd')
        const grund = Number(option(args, '--grund'))
        if (!Number.isInteger(grund)) throw new UsageError('--grund N is required')
        return report(
          await registerAv(
            db,
            ids(args).map((svnId) => ({ svnId, datum, grund })),
            move,
          ),
        )
      }
      case 'fetch-ae':
        return report(await fetchAe(db, ids(args), move))
      case 'reject-ae': {
        const [reason, ...idArgs] = args
        if (!reason) throw new UsageError('expected a reason code')
        return report(await rejectAe(db, ids(idArgs), reason, move))
      }
      case 'execute-ae':
        return report(await executeAe(db, ids(args), move))
      case 'sweep': {
        const nowText = option(args, '--now')
        const years = option(args, '--retention-years')
        const now = nowText ? new Date(nowText) : new Date()
        if (Number.isNaN(now.getTime())) throw new UsageError('--now must be an ISO timestamp')
        const result = await sweep(db, { now, retentionYears: years ? Number(years) : undefined })
        return {
          output: `untreated: ${result.untreated}, AE expired to AV: ${result.expiredAe}, deletable: ${result.deletable}`,
          ok: true,
        }
      }
      default:
        return { output: `unknown command ${command ?? ''}\n\n${CANTON_HELP}`, ok: false }
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof UnknownReasonError || error instanceof SyntaxError)
      return { output: `error: ${error.message}`, ok: false }
    if (error instanceof Error && error.name === 'ZodError')
      return { output: `error: ${error.message}`, ok: false }
    throw error
  }
}
