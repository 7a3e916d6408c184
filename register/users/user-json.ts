import type { Role } from '../../domain/roles.ts'
import type { UserRecord } from '../context.ts'

/** Spec §3 User as the API answers it (GET /users, GET /users/{id}, and /users/self without the insurer). */
export interface UserJson {
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
}

/** Never the IdP subject, timestamps or insurer code: the portal has no use for them. */
export function userJson(user: UserRecord, roles: { roles: Role[]; groupRoles: Role[] }): UserJson {
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
    roles: roles.roles,
    groupRoles: roles.groupRoles,
    maklerNummer: user.maklerNummer,
    aktiv: user.aktiv,
  }
}
