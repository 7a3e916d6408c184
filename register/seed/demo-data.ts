import type { insurers } from '../../db/schema/register.ts'
import type { Role, UserType } from '../../domain/roles.ts'

type InsurerSeed = Omit<typeof insurers.$inferInsert, 'logo' | 'logoMimeType' | 'logoVersion'>

/** The three demo insurers of DESIGN §6 (addresses and numbers are made up). */
export const DEMO_INSURERS: InsurerSeed[] = [
  {
    gsCode: '1001',
    name: 'Alpina Versicherungen',
    strasse: 'Bahnhofstrasse 45',
    plz: '8001',
    ort: 'Zürich',
    telefon: '+41 44 215 30 00',
    vgReferenz: 'ALP',
    forceKontaktDetails: false,
    makler: false,
    // Its admin holds GROUP_ADMIN, which only makes sense with role groups.
    hasRoleGroups: true,
  },
  {
    gsCode: '1002',
    name: 'Léman Assurances',
    strasse: 'Avenue de la Gare 12',
    plz: '1003',
    ort: 'Lausanne',
    telefon: '+41 21 613 40 00',
    vgReferenz: 'LEM',
    forceKontaktDetails: true,
    makler: false,
    hasRoleGroups: false,
  },
  {
    gsCode: '1003',
    name: 'Seeland Broker AG',
    strasse: 'Zentralstrasse 21',
    plz: '2502',
    ort: 'Biel/Bienne',
    telefon: '+41 32 328 70 00',
    vgReferenz: 'SBA',
    forceKontaktDetails: false,
    makler: true,
    hasRoleGroups: true,
  },
]

export interface DemoUser {
  gsCode: string
  email: string
  type: UserType
  /** Granted on top of the type defaults. */
  extraRoles: Role[]
  vorname: string
  nachname: string
  strasse: string
  plz: string
  ort: string
  telefon: string
  oeReferenz: string
  maklerNummer?: string
  /** Names of role groups (of the same insurer) the user belongs to. */
  groups: string[]
  /** false: no identity-provider account yet (idp_subject null), so "migrate" has someone to migrate. */
  login?: boolean
}

/**
 * The seven demo logins of DESIGN §6, a broker firm's administrator (broker.admin@seeland.example)
 * and one user still to be migrated to the identity provider.
 */
export const DEMO_USERS: DemoUser[] = [
  {
    gsCode: '1001',
    email: 'admin@alpina.example',
    type: 'ADMIN',
    extraRoles: ['GROUP_ADMIN'],
    vorname: 'Katharina',
    nachname: 'Meier',
    strasse: 'Bahnhofstrasse 45',
    plz: '8001',
    ort: 'Zürich',
    telefon: '+41 44 215 30 10',
    oeReferenz: 'ALP-IT-ADM',
    groups: [],
  },
  {
    gsCode: '1001',
    email: 'clerk@alpina.example',
    type: 'SACHBEARBEITER',
    extraRoles: [],
    vorname: 'Lukas',
    nachname: 'Brunner',
    strasse: 'Bahnhofstrasse 45',
    plz: '8001',
    ort: 'Zürich',
    telefon: '+41 44 215 30 42',
    oeReferenz: 'ALP-SCH-12',
    groups: ['Sachbearbeitung SVN', 'Ausweisentzug'],
  },
  {
    gsCode: '1001',
    email: 'reader@alpina.example',
    type: 'NURLESEN',
    extraRoles: [],
    vorname: 'Sandra',
    nachname: 'Keller',
    strasse: 'Bahnhofstrasse 45',
    plz: '8001',
    ort: 'Zürich',
    telefon: '+41 44 215 30 77',
    oeReferenz: 'ALP-REV',
    groups: ['Nur lesen'],
  },
  {
    gsCode: '1002',
    email: 'admin@leman.example',
    type: 'ADMIN',
    extraRoles: [],
    vorname: 'Sophie',
    nachname: 'Favre',
    strasse: 'Avenue de la Gare 12',
    plz: '1003',
    ort: 'Lausanne',
    telefon: '+41 21 613 40 11',
    oeReferenz: 'LEM-DIR',
    groups: [],
  },
  {
    gsCode: '1002',
    email: 'clerk@leman.example',
    type: 'SACHBEARBEITER',
    extraRoles: [],
    vorname: 'Julien',
    nachname: 'Rochat',
    strasse: 'Avenue de la Gare 12',
    plz: '1003',
    ort: 'Lausanne',
    telefon: '+41 21 613 40 35',
    oeReferenz: 'LEM-SIN-3',
    groups: [],
  },
  {
    gsCode: '1003',
    email: 'broker@seeland.example',
    type: 'MAKLER',
    extraRoles: [],
    vorname: 'Marco',
    nachname: 'Schneider',
    strasse: 'Zentralstrasse 21',
    plz: '2502',
    ort: 'Biel/Bienne',
    telefon: '+41 32 328 70 47',
    oeReferenz: 'SBA-4711',
    maklerNummer: '4711',
    groups: ['Makler'],
  },
  {
    gsCode: '1003',
    email: 'admin@seeland.example',
    type: 'ADMIN',
    extraRoles: ['GROUP_ADMIN'],
    vorname: 'Andrea',
    nachname: 'Gerber',
    strasse: 'Zentralstrasse 21',
    plz: '2502',
    ort: 'Biel/Bienne',
    telefon: '+41 32 328 70 01',
    oeReferenz: 'SBA-ADM',
    groups: [],
  },
  {
    // A broker firm's own administrator: a broker caller (broker number) who holds ADMIN, so the user
    // dialog hides type and broker number and locks MAKLER on (spec §2, §6; ADR 140/141).
    gsCode: '1003',
    email: 'broker.admin@seeland.example',
    type: 'MAKLER',
    extraRoles: ['ADMIN'],
    vorname: 'Petra',
    nachname: 'Wyss',
    strasse: 'Zentralstrasse 21',
    plz: '2502',
    ort: 'Biel/Bienne',
    telefon: '+41 32 328 70 48',
    oeReferenz: 'SBA-4711-ADM',
    maklerNummer: '4711',
    groups: [],
  },
  {
    gsCode: '1001',
    email: 'new.clerk@alpina.example',
    type: 'SACHBEARBEITER',
    extraRoles: [],
    vorname: 'Nina',
    nachname: 'Steiner',
    strasse: 'Bahnhofstrasse 45',
    plz: '8001',
    ort: 'Zürich',
    telefon: '+41 44 215 30 55',
    oeReferenz: 'ALP-SCH-14',
    groups: [],
    login: false,
  },
]

/** Role groups of the insurers with hasRoleGroups (Alpina 1001, Seeland 1003). */
export const DEMO_ROLE_GROUPS: Array<{ gsCode: string; name: string; guiOrder: number; roles: Role[] }> = [
  {
    gsCode: '1001',
    name: 'Sachbearbeitung SVN',
    guiOrder: 1,
    roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN', 'SVN_STORNIEREN', 'SVN_NICHT_EINGELOEST'],
  },
  {
    gsCode: '1001',
    name: 'Ausweisentzug',
    guiOrder: 2,
    roles: ['AE_SUCHEN', 'AE_ERSTELLEN', 'AE_STORNIEREN', 'AE_ZURUECKGEWIESEN'],
  },
  { gsCode: '1001', name: 'Meldungen IV/AV', guiOrder: 3, roles: ['SVN_SUCHEN', 'IV_AV_MELDUNGEN'] },
  { gsCode: '1001', name: 'Nur lesen', guiOrder: 4, roles: ['SVN_SUCHEN', 'AE_SUCHEN'] },
  {
    gsCode: '1003',
    name: 'Makler',
    guiOrder: 1,
    roles: ['SVN_SUCHEN', 'SVN_ERSTELLEN', 'AE_SUCHEN', 'MAKLER'],
  },
  {
    gsCode: '1003',
    name: 'Dateiabholung',
    guiOrder: 2,
    roles: ['SVN_NICHT_EINGELOEST', 'IV_AV_MELDUNGEN', 'AE_ZURUECKGEWIESEN'],
  },
]
