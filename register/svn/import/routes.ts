import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Database } from '../../../db/client.ts'
import { zurichDay } from '../../../domain/svn/dates.ts'
import { WIK_C_ROLE } from '../../../domain/svn/create.ts'
import {
  IMPORT_FIELD,
  IMPORT_LIMITS,
  type ImportProblem,
  type ImportRefusal,
} from '../../../domain/svn/import.ts'
import { refuseApiClients, requireRole } from '../../auth.ts'
import type { RegisterEnv } from '../../context.ts'
import { jsonError } from '../../errors.ts'
import { requestLanguage, translate } from '../../i18n.ts'
import { creatorOf } from '../create.ts'
import { findErrorFile, hasErrorFile, importSvnFile } from './service.ts'
import { writeTemplate, XLSX_MIME } from './workbooks.ts'

/** Room for the multipart envelope (boundaries, part headers) around a file of the maximum size. */
const MULTIPART_SLACK_BYTES = 64 * 1024

function refuse(c: Context, problem: ImportProblem, columns?: string[]): Response {
  const body: ImportRefusal = {
    error: 'validation failed',
    fieldErrors: { svnExcel: [`validation.import.${problem}`] },
    problem,
    ...(columns ? { columns } : {}),
  }
  return c.json(body, 400)
}

/** attachment with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

function xlsx(c: Context, bytes: Buffer, fileName: string): Response {
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': XLSX_MIME,
    'Content-Disposition': attachment(fileName),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  })
}

function languageOf(c: Context) {
  return requestLanguage(c.req.query('lng'), c.req.header('Accept-Language'))
}

/** svn/massenimport* of spec §7 (DESIGN §5 "Mass import"); mounted behind the register's auth. */
export function massImportRoutes(db: Database): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  app.use(requireRole('SVN_ERSTELLEN'), refuseApiClients())

  app.post(
    '/',
    // Refuses by Content-Length before reading, and stops a chunked body once it grows too large.
    bodyLimit({
      maxSize: IMPORT_LIMITS.maxBytes + MULTIPART_SLACK_BYTES,
      onError: (c) => refuse(c, 'tooLarge'),
    }),
    async (c) => {
      const creator = creatorOf(c.get('caller'))
      if (!creator.ok) return jsonError(c, creator.status, creator.error)
      const body = await c.req.parseBody().catch(() => null)
      const file = body?.[IMPORT_FIELD]
      if (!(file instanceof File) || file.size === 0) return refuse(c, 'required')
      if (file.size > IMPORT_LIMITS.maxBytes) return refuse(c, 'tooLarge')
      const outcome = await importSvnFile(db, c.get('caller'), creator.value, {
        bytes: Buffer.from(await file.arrayBuffer()),
        lang: languageOf(c),
        today: zurichDay(new Date()),
      })
      if (!outcome.ok) return refuse(c, outcome.problem, outcome.columns)
      return c.json(outcome.result)
    },
  )

  app.get('/error/available', async (c) =>
    c.json({ available: await hasErrorFile(db, c.get('caller').user.id) }),
  )

  app.get('/error', async (c) => {
    const file = await findErrorFile(db, c.get('caller').user.id)
    if (!file) return jsonError(c, 404, 'no error file')
    return xlsx(c, Buffer.from(file.content), file.fileName)
  })

  app.get('/vorlage', async (c) => {
    const lang = languageOf(c)
    const caller = c.get('caller')
    const bytes = await writeTemplate(lang, {
      canWikC: caller.roles.includes(WIK_C_ROLE),
      today: zurichDay(new Date()),
    })
    return xlsx(c, bytes, `${translate(lang, 'import.file.template')}.xlsx`)
  })

  return app
}
