import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** Versicherungsgesellschaft (spec §3). */
export const insurers = pgTable('insurers', {
  gsCode: text('gs_code').primaryKey(),
  version: integer('version').notNull().default(0),
  name: text('name').notNull(),
  strasse: text('strasse'),
  plz: text('plz'),
  ort: text('ort'),
  telefon: text('telefon'),
  vgReferenz: text('vg_referenz'),
  forceKontaktDetails: boolean('force_kontakt_details').notNull().default(false),
  makler: boolean('makler').notNull().default(false),
  hasRoleGroups: boolean('has_role_groups').notNull().default(false),
  logo: bytea('logo'),
  logoMimeType: text('logo_mime_type'),
  logoVersion: integer('logo_version').notNull().default(0),
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(0),
    gsCode: text('gs_code')
      .notNull()
      .references(() => insurers.gsCode),
    /** The `sub` of this user's identity-provider account; null until migrated. */
    idpSubject: text('idp_subject'),
    vorname: text('vorname'),
    nachname: text('nachname').notNull(),
    strasse: text('strasse'),
    plz: text('plz'),
    ort: text('ort'),
    staat: text('staat'),
    fax: text('fax'),
    telefon: text('telefon'),
    email: text('email').notNull(),
    oeReferenz: text('oe_referenz'),
    type: text('type').notNull(),
    maklerNummer: text('makler_nummer'),
    aktiv: boolean('aktiv').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique per insurer (ADR 724): another insurer's address must not be observable from here.
    uniqueIndex('users_gs_code_email_lower_idx').on(t.gsCode, sql`lower(${t.email})`),
    uniqueIndex('users_idp_subject_idx').on(t.idpSubject),
    index('users_gs_code_idx').on(t.gsCode),
  ],
)

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
)

export const roleGroups = pgTable(
  'role_groups',
  {
    id: serial('id').primaryKey(),
    gsCode: text('gs_code')
      .notNull()
      .references(() => insurers.gsCode),
    name: text('name').notNull(),
    guiOrder: integer('gui_order').notNull().default(0),
  },
  (t) => [uniqueIndex('role_groups_name_idx').on(t.gsCode, t.name)],
)

/** The roles a role group grants ("group roles"). */
export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => roleGroups.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.role] })],
)

/** Which role groups a user belongs to (their roles show as the user's read-only groupRoles). */
export const userRoleGroups = pgTable(
  'user_role_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => roleGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
)

/** Code lists (spec §3 "Code item"): Land, Rueckweisungsgrund. */
export const codeItems = pgTable(
  'code_items',
  {
    category: text('category').notNull(),
    id: text('id').notNull(),
    version: integer('version').notNull().default(0),
    de: text('de').notNull(),
    fr: text('fr').notNull(),
    it: text('it').notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.id] })],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    gsCode: text('gs_code'),
    actorUserId: integer('actor_user_id'),
    actorSubject: text('actor_subject'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_at_idx').on(t.at)],
)
