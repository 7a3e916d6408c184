import type { Role } from '../domain/roles.ts'
import type { insurers, users } from '../db/schema/register.ts'

export type UserRecord = typeof users.$inferSelect
/** The insurer row without its logo bytes: those are only read by the logo route. */
export type InsurerRecord = Omit<typeof insurers.$inferSelect, 'logo'>

/** Who is calling: the verified token (subject, roles) and the register records behind it. */
export interface Caller {
  subject: string
  /** Roles from the access token (`resource_access.<clientId>.roles`). */
  roles: Role[]
  user: UserRecord
  insurer: InsurerRecord
  /** Set when an API client calls (client-credentials token); `user` is then made from the client. */
  apiClient?: { id: number; clientId: string; name: string }
}

/** Hono environment of the register app: the auth middleware sets `caller`. */
export interface RegisterEnv {
  Variables: { caller: Caller }
}
