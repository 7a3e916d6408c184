import { Hono, type MiddlewareHandler } from 'hono'
import type { Database } from '../../db/client.ts'
import type { Role } from '../../domain/roles.ts'
import type { Caller, RegisterEnv } from '../context.ts'
import { writeAudit } from '../db/audit.ts'
import { directRolesOf, groupRolesOf } from '../db/user-roles.ts'

/** Spec §3 User with its insurer, as `GET /users/self` answers it (never the logo bytes). */
export interface SelfUserJson {
  id: number
  version: number
  vorname: string | null
  nachname: string
  strasse: string | null
  plz: string | null
  ort: string | null
  staat: string | null
  fax: string | null
  telefon: string | null
  email: string
  oeReferenz: string | null
  type: string
  roles: Role[]
  groupRoles: Role[]
  maklerNummer: string | null
  aktiv: boolean
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
    id: user.id,
    version: user.version,
    vorname: user.vorname,
    nachname: user.nachname,
    strasse: user.strasse,
    plz: user.plz,
    ort: user.ort,
    staat: user.staat,
    fax: user.fax,
    telefon: user.telefon,
    email: user.email,
    oeReferenz: user.oeReferenz,
    type: user.type,
    roles,
    groupRoles,
    maklerNummer: user.maklerNummer,
    aktiv: user.aktiv,
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

export function usersRoutes(db: Database, auth: MiddlewareHandler<RegisterEnv>): Hono<RegisterEnv> {
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

  return app
}
