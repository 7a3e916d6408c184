import type { Database } from '../../db/client.ts'
import type { Caller } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { storeLogo } from '../db/insurers.ts'
import { fail, ok, type Outcome } from '../users/outcome.ts'
import { processLogo } from './process-logo.ts'

/** POST /versicherung/logo after the body was read: process, then store and audit in one transaction. */
export async function uploadLogo(
  db: Database,
  caller: Caller,
  bytes: Buffer,
): Promise<Outcome<{ logoVersion: number }>> {
  const processed = await processLogo(bytes)
  if (!processed.ok) return fail(400, processed.error)
  const logoVersion = await db.transaction(async (tx) => {
    const version = await storeLogo(tx, caller.insurer.gsCode, processed)
    await writeAudit(tx, {
      gsCode: caller.insurer.gsCode,
      actorUserId: caller.user.id,
      actorSubject: caller.subject,
      action: 'logo',
      entity: 'insurer',
      entityId: caller.insurer.gsCode,
      details: {
        mimeType: processed.mimeType,
        bytes: processed.bytes.length,
        uploadedBytes: bytes.length,
        logoVersion: version,
      },
    })
    return version
  })
  return ok({ logoVersion })
}
