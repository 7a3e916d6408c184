import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Database } from '../../db/client.ts'
import { fieldErrorsOf } from '../../domain/field-errors.ts'
import { FileGenerationSchema } from '../../domain/files/generation.ts'
import {
  FILE_TYPE_AUTHORITY,
  FILE_TYPES,
  isFileFormat,
  isFileType,
  type FileCount,
  type FileType,
} from '../../domain/files/types.ts'
import { hasAnyAuthority } from '../../domain/roles.ts'
import type { RegisterEnv } from '../context.ts'
import { jsonError } from '../errors.ts'
import { actorOfCaller } from '../svn/actor.ts'
import { scopeOfCaller } from '../svn/scope.ts'
import { IdParam, validate } from '../validation.ts'
import { attachment, CONTENT_TYPE, FILE_NAME_PATTERN } from './names.ts'
import {
  countNotDownloaded,
  deleteFile,
  fileContent,
  findFileById,
  findFileByName,
  generateFile,
  listFiles,
  markDownloaded,
  type FileScope,
} from './service.ts'

/** The JSON body; an empty body is an empty form (every field is optional). */
async function requestBody(c: Context<RegisterEnv>): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    return jsonError(c, 400, 'malformed JSON')
  }
}

function fileScope(c: Context<RegisterEnv>): FileScope {
  return scopeOfCaller(c.get('caller')) as FileScope
}

/**
 * `{type}` of the path: 404 for anything but SVN, IVAV, AE; 403 without that type's authority
 * (domain/files/types.ts FILE_TYPE_AUTHORITY, the pickup screens' route authorities).
 */
function fileTypeOf(c: Context<RegisterEnv>): FileType | Response {
  const type = c.req.param('type')
  if (!isFileType(type)) return jsonError(c, 404, 'not found')
  if (!hasAnyAuthority(c.get('caller').roles, [FILE_TYPE_AUTHORITY[type]]))
    return jsonError(c, 403, 'forbidden')
  return type
}

/** The pickup files (spec §7 Files, DESIGN §5 "File pickup", ADR 150; contract: register/files/README.md). */
export function filesRoutes(db: Database, auth: MiddlewareHandler<RegisterEnv>): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  app.use(auth)

  app.delete('/delete/:id', validate('param', IdParam), async (c) => {
    const caller = c.get('caller')
    // Without any pickup authority nothing about the file is revealed, not even whether it exists.
    const types = FILE_TYPES.filter((t) => hasAnyAuthority(caller.roles, [FILE_TYPE_AUTHORITY[t]]))
    if (types.length === 0) return jsonError(c, 403, 'forbidden')
    const file = await findFileById(db, c.req.valid('param').id, fileScope(c))
    if (!file) return jsonError(c, 404, 'not found')
    if (!types.some((t) => t === file.type)) return jsonError(c, 403, 'forbidden')
    if (!(await deleteFile(db, file, actorOfCaller(caller)))) return jsonError(c, 404, 'not found')
    return c.json({ id: file.id, fileName: file.fileName, type: file.type })
  })

  app.get('/:type', async (c) => {
    const type = fileTypeOf(c)
    if (type instanceof Response) return type
    return c.json(await listFiles(db, type, fileScope(c)))
  })

  app.get('/:type/count', async (c) => {
    const type = fileTypeOf(c)
    if (type instanceof Response) return type
    const body: FileCount = { notDownloaded: await countNotDownloaded(db, type, fileScope(c)) }
    return c.json(body)
  })

  app.get('/:type/:fileName', async (c) => {
    const type = fileTypeOf(c)
    if (type instanceof Response) return type
    const fileName = c.req.param('fileName')
    if (!FILE_NAME_PATTERN.test(fileName)) return jsonError(c, 404, 'not found')
    const file = await findFileByName(db, type, fileName, fileScope(c))
    if (!file || !isFileFormat(file.format)) return jsonError(c, 404, 'not found')
    await markDownloaded(db, file, actorOfCaller(c.get('caller')))
    return c.body(fileContent(db, file.id), 200, {
      'Content-Type': CONTENT_TYPE[file.format],
      'Content-Disposition': attachment(file.fileName),
      'Content-Length': String(file.sizeBytes),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  app.post('/:type/:format', async (c) => {
    const type = fileTypeOf(c)
    if (type instanceof Response) return type
    const format = c.req.param('format')
    if (!isFileFormat(format)) return jsonError(c, 404, 'not found')
    const body = await requestBody(c)
    if (body instanceof Response) return body
    const parsed = FileGenerationSchema.safeParse(body)
    if (!parsed.success) return jsonError(c, 400, 'validation failed', fieldErrorsOf(parsed.error))
    const caller = c.get('caller')
    const scope = fileScope(c)
    if (scope.maklerNr === null) return jsonError(c, 403, 'broker without broker number')
    const generated = await generateFile(db, {
      type,
      format,
      request: parsed.data,
      scope,
      actor: actorOfCaller(caller),
    })
    return c.json(generated, 201)
  })

  return app
}
