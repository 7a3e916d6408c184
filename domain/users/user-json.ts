import type { Role } from '../roles.ts'

/**
 * Spec §3 User as the register answers it (GET /users, GET /users/{id}, and /users/self, which adds
 * the insurer): the contract both sides read.
 */
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
