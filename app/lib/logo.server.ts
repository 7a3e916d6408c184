import type { RouterContextProvider } from 'react-router'
import { LOGO_MAX_BYTES } from '../../domain/logo.ts'
import { appContext } from './context.ts'
import { RegisterError, registerJson } from './register.server.ts'
import { patchSessionData, type Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

/** Room for the multipart envelope (boundary, part headers, the csrf field) around the largest file. */
const MULTIPART_SLACK_BYTES = 64 * 1024

/** The register's logo errors (register/logo/process-logo.ts) as portal translation keys. */
const LOGO_MESSAGES = {
  'file.size.exceeded': 'admin.logo.errors.sizeExceeded',
  'file.type': 'admin.logo.errors.type',
  'file.unreadable': 'admin.logo.errors.unreadable',
  'file.required': 'admin.logo.errors.required',
} as const
type LogoMessage = (typeof LOGO_MESSAGES)[keyof typeof LOGO_MESSAGES] | 'admin.logo.errors.failed'

function isLogoCode(code: string): code is keyof typeof LOGO_MESSAGES {
  return Object.hasOwn(LOGO_MESSAGES, code)
}

type LogoOutcome = { ok: true; logoVersion: number } | { ok: false; message: LogoMessage }

/**
 * A body announced larger than any acceptable upload is refused before it is read (the portal has no
 * global body limit; the register would refuse it too, but only after we streamed it over).
 */
function tooLargeByHeader(request: Request): boolean {
  const length = Number(request.headers.get('Content-Length'))
  return Number.isFinite(length) && length > LOGO_MAX_BYTES + MULTIPART_SLACK_BYTES
}

/** Checks the posted `file` and forwards it to POST versicherung/logo (multipart, field `file`). */
async function uploadLogo(context: Context, session: Session, form: FormData): Promise<LogoOutcome> {
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, message: LOGO_MESSAGES['file.required'] }
  if (file.size > LOGO_MAX_BYTES) return { ok: false, message: LOGO_MESSAGES['file.size.exceeded'] }
  const { config } = context.get(appContext)
  const body = new FormData()
  body.set('file', file, file.name)
  try {
    const { logoVersion } = await registerJson<{ logoVersion: number }>(
      config,
      session.data.accessToken,
      '/versicherung/logo',
      { method: 'POST', body },
    )
    return { ok: true, logoVersion }
  } catch (error) {
    if (!(error instanceof RegisterError) || error.status !== 400) throw error
    const code = (error.body as { error?: string } | null)?.error ?? ''
    return {
      ok: false,
      message: isLogoCode(code) ? LOGO_MESSAGES[code] : 'admin.logo.errors.failed',
    }
  }
}

/** The header reads the logo version from the session: the new logo shows on the very next page. */
async function rememberLogoVersion(context: Context, session: Session, logoVersion: number) {
  session.data.user.logoVersion = logoVersion
  await patchSessionData(context.get(appContext).db, session.id, 'user', session.data.user)
}

/**
 * The POST of the logo page, with or without JS: size refused by header before reading, the file
 * forwarded, the session's logo version bumped. Answers a translation key on failure.
 */
export async function handleLogoPost(
  context: Context,
  session: Session,
  request: Request,
): Promise<{ ok: true } | { ok: false; message: LogoMessage }> {
  const outcome = tooLargeByHeader(request)
    ? ({ ok: false, message: LOGO_MESSAGES['file.size.exceeded'] } as const)
    : await uploadLogo(context, session, await request.formData())
  if (!outcome.ok) return outcome
  await rememberLogoVersion(context, session, outcome.logoVersion)
  return { ok: true }
}
