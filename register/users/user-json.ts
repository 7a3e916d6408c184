import type { Role } from '../../domain/roles.ts'
import type { UserJson } from '../../domain/users/user-json.ts'
import type { UserRecord } from '../context.ts'

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

export type { UserJson }
