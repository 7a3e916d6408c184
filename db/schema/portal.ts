import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Portal sessions (backend-for-frontend). The browser holds only the opaque id;
 * the row is keyed by the id's SHA-256 so a copy of the table cannot be replayed as cookies.
 */
export const portalSessions = pgTable(
  'portal_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('portal_sessions_expires_idx').on(t.expiresAt)],
)

/** Per-user portal preferences that outlive a session (keyed by the token's `sub`). */
export const portalUserSettings = pgTable('portal_user_settings', {
  subject: text('subject').primaryKey(),
  shortcutsEnabled: boolean('shortcuts_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
