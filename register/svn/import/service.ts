import { eq } from 'drizzle-orm'
import { logEvent } from '../../../domain/log.ts'
import type { Database } from '../../../db/client.ts'
import { svnImportErrors } from '../../../db/schema/svn.ts'
import type { Language } from '../../../domain/languages.ts'
import {
  CREATE_FIELDS,
  createSvnSchema,
  valuesFrom,
  WIK_C_ROLE,
  type CreateFieldName,
  type CreateSvn,
} from '../../../domain/svn/create.ts'
import type { ImportProblem, ImportResult } from '../../../domain/svn/import.ts'
import type { Caller } from '../../context.ts'
import { writeAudit } from '../../db/audit.ts'
import { hasMessage, translate, type RegisterMessageKey } from '../../i18n.ts'
import { createSvns, type Creator } from '../service.ts'
import { headerOf } from './columns.ts'
import { readImportFile } from './read-workbook.ts'
import { isExampleRow, writeErrorWorkbook, type RejectedRow } from './workbooks.ts'

export interface ImportRequest {
  bytes: Buffer
  /** The user's language: headers of refusals and the error column are written in it. */
  lang: Language
  /** Europe/Zurich day the create rules use (valid-from not older than 30 days). */
  today: string
  at?: Date
}

export type ImportOutcome =
  { ok: true; result: ImportResult } | { ok: false; problem: ImportProblem; columns?: string[] }

/** Every column but WIK-C must be in the header (ADR 171); WIK-C is optional. */
const REQUIRED_COLUMNS: readonly CreateFieldName[] = CREATE_FIELDS.filter((f) => !f.wikC).map((f) => f.name)

function errorFileName(lang: Language, at: Date): string {
  return `${translate(lang, 'import.file.errors', { date: at.toISOString().slice(0, 10) })}.xlsx`
}

/**
 * POST svn/massenimport after the upload was received (DESIGN §5 "Mass import"): the file is checked
 * and read in full first — a refused file stores nothing. Then every row goes through the create
 * schema; the valid rows are created in one transaction, together with the caller's error workbook
 * (replaced, or removed when every row was valid) and one audit entry for the import.
 * `creator` (tenancy fields from the caller) is the create path's: register/svn/create.ts creatorOf.
 */
export async function importSvnFile(
  db: Database,
  caller: Caller,
  creator: Creator,
  request: ImportRequest,
): Promise<ImportOutcome> {
  const { lang, today } = request
  const at = request.at ?? new Date()
  const started = performance.now()
  const read = await readImportFile(request.bytes, { required: REQUIRED_COLUMNS })
  if (!read.ok) {
    const columns =
      read.problem === 'missingColumns'
        ? read.columns?.map((name) => headerOf(name as CreateFieldName, lang))
        : read.columns
    return columns ? { ok: false, problem: read.problem, columns } : { ok: false, problem: read.problem }
  }

  const { sheet } = read
  const canWikC = caller.roles.includes(WIK_C_ROLE)
  const schema = createSvnSchema({ today, canWikC })
  const present = CREATE_FIELDS.filter((f) => sheet.fields.includes(f.name))
  const valid: CreateSvn[] = []
  const rejected: RejectedRow[] = []
  let rows = 0
  for (const row of sheet.rows) {
    if (isExampleRow(row.values, present)) continue
    rows += 1
    const messages: string[] = []
    const say = (
      name: CreateFieldName,
      key: RegisterMessageKey,
      params: Record<string, string | number> = {},
    ) =>
      messages.push(
        translate(lang, 'import.rowError', {
          column: headerOf(name, lang),
          message: translate(lang, key, params),
        }),
      )
    if (!canWikC && (row.values.wikCGueltigAb ?? '') !== '') say('wikCGueltigAb', 'import.wikCOnly')
    const parsed = schema.safeParse(valuesFrom((name) => row.values[name] ?? ''))
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const params = (issue as { params?: Record<string, string | number> }).params ?? {}
        // The schema's messages are validation.* keys the register's catalogue shares (its test checks them).
        const key = hasMessage(issue.message) ? issue.message : 'validation.invalid'
        say(issue.path.join('.') as CreateFieldName, key, params)
      }
    }
    if (messages.length > 0 || !parsed.success) rejected.push({ cells: row.cells, messages })
    else valid.push(parsed.data)
  }
  if (rows === 0) return { ok: false, problem: 'noRows' }

  const errorFile = rejected.length > 0 ? await writeErrorWorkbook(lang, sheet, rejected) : null
  const ids = await db.transaction(async (tx) => {
    const created = await createSvns(tx, valid, creator, at)
    if (errorFile) {
      const fileName = errorFileName(lang, at)
      await tx
        .insert(svnImportErrors)
        .values({ userId: caller.user.id, fileName, content: errorFile, createdAt: at })
        .onConflictDoUpdate({
          target: svnImportErrors.userId,
          set: { fileName, content: errorFile, createdAt: at },
        })
    } else {
      await tx.delete(svnImportErrors).where(eq(svnImportErrors.userId, caller.user.id))
    }
    await writeAudit(tx, {
      at,
      gsCode: caller.user.gsCode,
      actorUserId: caller.user.id,
      actorSubject: caller.subject,
      action: 'svn.import',
      entity: 'svn-import',
      entityId: String(caller.user.id),
      details: {
        rows,
        imported: created.length,
        failed: rejected.length,
        firstId: created[0] ?? null,
        lastId: created[created.length - 1] ?? null,
      },
    })
    return created
  })
  // The line the import metrics are taken from (ADR 950); counts only.
  logEvent('info', 'svn.imported', {
    rows,
    imported: ids.length,
    failed: rejected.length,
    durationMs: Math.round(performance.now() - started),
  })
  return {
    ok: true,
    result: { imported: ids.length, failed: rejected.length, errorFileAvailable: errorFile !== null, ids },
  }
}

export async function findErrorFile(db: Database, userId: number) {
  const [row] = await db
    .select({ fileName: svnImportErrors.fileName, content: svnImportErrors.content })
    .from(svnImportErrors)
    .where(eq(svnImportErrors.userId, userId))
  return row ?? null
}

export async function hasErrorFile(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: svnImportErrors.userId })
    .from(svnImportErrors)
    .where(eq(svnImportErrors.userId, userId))
  return row !== undefined
}
