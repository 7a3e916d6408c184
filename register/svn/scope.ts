import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import { svn } from '../../db/schema/svn.ts'
import type { Caller } from '../context.ts'

/**
 * Which SVN a caller may see (DESIGN §5 "Tenancy"): their insurer's, and for a broker only those
 * with their broker number. Cantons see every insurer's. DELETABLE is gone for everybody.
 */
export type SvnScope =
  { kind: 'insurer'; gsCode: string; maklerNr: string | null | undefined } | { kind: 'any' }

export function scopeOfCaller(caller: Caller): SvnScope {
  const broker = caller.roles.includes('MAKLER')
  // undefined: no broker restriction; null: a broker without a number sees nothing.
  return {
    kind: 'insurer',
    gsCode: caller.user.gsCode,
    maklerNr: broker ? (caller.user.maklerNummer ?? null) : undefined,
  }
}

export function scopeCondition(scope: SvnScope): SQL {
  const visible = ne(svn.status, 'DELETABLE')
  if (scope.kind === 'any') return visible
  const conditions = [visible, eq(svn.gsCode, scope.gsCode)]
  if (scope.maklerNr === null) conditions.push(sql`false`)
  else if (scope.maklerNr !== undefined) conditions.push(eq(svn.maklerNr, scope.maklerNr))
  return and(...conditions) as SQL
}
