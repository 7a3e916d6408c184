import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { Database } from '../../db/client.ts'
import { ROLES } from '../../domain/roles.ts'
import { USER_VALIDATION, editedUserSchema, newUserSchema } from '../../domain/users/user-schema.ts'
import { requireRole } from '../auth.ts'
import type { Caller, RegisterEnv } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { directRolesOf, groupRolesOf } from '../db/user-roles.ts'
import { findUser, listUsers, rolesOfUsers } from '../db/users.ts'
import { jsonError } from '../errors.ts'
import { createUser } from '../users/create-user.ts'
import { removeUser } from '../users/delete-user.ts'
import { migrateUsers, migratedMessage, type CreateIdpAccount } from '../users/migrate.ts'
import { NOT_FOUND, VALIDATION_FAILED, type Outcome } from '../users/outcome.ts'
import { userScopeOf } from '../users/scope.ts'
import { rolesOf, setRoles } from '../users/set-roles.ts'
import { editUser } from '../users/update-user.ts'
import { userJson, type UserJson } from '../users/user-json.ts'
import { IdParam, validate } from '../validation.ts'

/** Spec §3 User with its insurer, as `GET /users/self` answers it (never the logo bytes). */
export interface SelfUserJson extends UserJson {
  versicherungsgesellschaft: {
    version: number
    gsCode: string
    name: string
    strasse: string | null
    plz: string | null
    ort: string | null
    telefon: string | null
    vgReferenz: string | null
    forceKontaktDetails: boolean
    makler: boolean
    hasRoleGroups: boolean
    logoMimeType: string | null
    /** Addresses the logo URL; 0 = no logo. */
    logoVersion: number
  }
}

async function selfUserJson(db: Database, { user, insurer }: Caller): Promise<SelfUserJson> {
  const [roles, groupRoles] = await Promise.all([directRolesOf(db, user.id), groupRolesOf(db, user.id)])
  return {
    ...userJson(user, { roles, groupRoles }),
    versicherungsgesellschaft: {
      version: insurer.version,
      gsCode: insurer.gsCode,
      name: insurer.name,
      strasse: insurer.strasse,
      plz: insurer.plz,
      ort: insurer.ort,
      telefon: insurer.telefon,
      vgReferenz: insurer.vgReferenz,
      forceKontaktDetails: insurer.forceKontaktDetails,
      makler: insurer.makler,
      hasRoleGroups: insurer.hasRoleGroups,
      logoMimeType: insurer.logoMimeType,
      logoVersion: insurer.logoVersion,
    },
  }
}

/** A role list body (PUT /users/{id}/roles); its errors are reported on the field `roles`. */
export const roleListSchema = z.array(z.enum(ROLES, { error: USER_VALIDATION.invalidOption }), {
  error: USER_VALIDATION.invalid,
})

function send<T>(c: Context<RegisterEnv>, outcome: Outcome<T>, status: 200 | 201 = 200): Response {
  if (!outcome.ok) return jsonError(c, outcome.status, outcome.error, outcome.fieldErrors)
  return c.json(outcome.value as object, status)
}

export interface UsersRoutesOptions {
  /** Creates an IdP account with a password-setup link; absent with an external IdP (migrate → 501). */
  createIdpAccount?: CreateIdpAccount
}

export function usersRoutes(
  db: Database,
  auth: MiddlewareHandler<RegisterEnv>,
  options: UsersRoutesOptions = {},
): Hono<RegisterEnv> {
  const app = new Hono<RegisterEnv>()
  app.use(auth)

  app.get('/self', async (c) => c.json(await selfUserJson(db, c.get('caller'))))

  // Tokens are stateless here; the call exists so the logout is on record (spec §4 "Login").
  app.post('/logout', async (c) => {
    const { user, subject } = c.get('caller')
    await writeAudit(db, {
      gsCode: user.gsCode,
      actorUserId: user.id,
      actorSubject: subject,
      action: 'logout',
      entity: 'user',
      entityId: String(user.id),
    })
    return c.body(null, 204)
  })

  const admin = requireRole('ADMIN')
  // `{[0-9]+}` routes only digits; IdParam refuses (400) more than 9 of them, so an id fits PostgreSQL's integer.
  const byId = validate('param', IdParam)

  app.get('/', admin, async (c) => {
    const list = await listUsers(db, userScopeOf(c.get('caller')))
    const roles = await rolesOfUsers(
      db,
      list.map((u) => u.id),
    )
    return c.json(list.map((u) => userJson(u, roles.get(u.id) ?? { roles: [], groupRoles: [] })))
  })

  app.post('/', admin, validate('json', newUserSchema), async (c) =>
    send(c, await createUser(db, c.get('caller'), c.req.valid('json')), 201),
  )

  app.put('/', admin, validate('json', editedUserSchema), async (c) =>
    send(c, await editUser(db, c.get('caller'), c.req.valid('json'))),
  )

  // The spec calls the parameter "id"; on the migrate page it is the insurer code (spec §7).
  app.post('/migrate/:gsCode', admin, async (c) => {
    const caller = c.get('caller')
    // Only an admin of that insurer; any other code looks like it does not exist.
    if (c.req.param('gsCode') !== caller.insurer.gsCode) return jsonError(c, 404, NOT_FOUND)
    if (!options.createIdpAccount) {
      return jsonError(
        c,
        501,
        'Migration needs the embedded identity provider; users of an external one are created there.',
      )
    }
    const result = await migrateUsers(db, caller, options.createIdpAccount)
    const [firstFailure] = result.failed
    // The setup links made before a failure are answered too: they cannot be shown again.
    if (firstFailure) return c.json({ error: firstFailure.error, ...result }, 502)
    return c.json({ migrated: result.migrated, message: migratedMessage(caller.insurer.gsCode) })
  })

  app.get('/:id{[0-9]+}', admin, byId, async (c) => {
    const user = await findUser(db, userScopeOf(c.get('caller')), c.req.valid('param').id)
    if (!user) return jsonError(c, 404, NOT_FOUND)
    const [roles, groupRoles] = await Promise.all([directRolesOf(db, user.id), groupRolesOf(db, user.id)])
    return c.json(userJson(user, { roles, groupRoles }))
  })

  app.delete('/:id{[0-9]+}', admin, byId, async (c) => {
    const outcome = await removeUser(db, c.get('caller'), c.req.valid('param').id)
    return outcome.ok ? c.body(null, 204) : send(c, outcome)
  })

  app.get('/:id{[0-9]+}/roles', admin, byId, async (c) =>
    send(c, await rolesOf(db, c.get('caller'), c.req.valid('param').id)),
  )

  app.put('/:id{[0-9]+}/roles', admin, byId, async (c) => {
    const parsed = roleListSchema.safeParse(await c.req.json().catch(() => undefined))
    if (!parsed.success) {
      const keys = [...new Set(parsed.error.issues.map((i) => i.message))]
      return jsonError(c, 400, VALIDATION_FAILED, { roles: keys })
    }
    return send(c, await setRoles(db, c.get('caller'), c.req.valid('param').id, parsed.data))
  })

  return app
}
