import type { Database } from '../../db/client.ts'
import { auditLog } from '../../db/schema/register.ts'

export type AuditEntry = typeof auditLog.$inferInsert

export async function writeAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry)
}
