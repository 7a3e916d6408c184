import { createMiddleware } from 'hono/factory'
import type { JWTVerifyGetKey } from 'jose'
import { AUTHORITY_ROLE } from '../../domain/svn/authorities.ts'
import { verifyAccessToken } from '../auth.ts'
import { jsonError } from '../errors.ts'
import { withMeta } from '../openapi/meta.ts'
import type { AuditActor } from '../svn/actor.ts'

export interface AuthorityEnv {
  Variables: { authority: AuditActor }
}

/** Raw role names of `resource_access.<clientId>.roles`: BEHOERDE is no portal role, so rolesFromClaims drops it. */
function rawRoles(claims: Record<string, unknown>, clientId: string): string[] {
  const access = claims.resource_access
  if (!access || typeof access !== 'object') return []
  const client = (access as Record<string, unknown>)[clientId]
  const roles = client && typeof client === 'object' ? (client as { roles?: unknown }).roles : undefined
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : []
}

/**
 * Canton clients: same token checks as portal users (issuer, audience, signature, expiry), but no
 * register user behind the subject — the role BEHOERDE is what lets them in (403 without it).
 */
export function authenticateAuthority(options: {
  issuer: string
  clientId: string
  getKey: JWTVerifyGetKey
}) {
  const middleware = createMiddleware<AuthorityEnv>(async (c, next) => {
    const payload = await verifyAccessToken(c, options)
    if (payload instanceof Response) return payload
    if (!rawRoles(payload, options.clientId).includes(AUTHORITY_ROLE)) return jsonError(c, 403, 'forbidden')
    c.set('authority', { subject: payload.sub })
    await next()
  })
  return withMeta(middleware, { auth: 'authority', roles: [AUTHORITY_ROLE] })
}
