import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { insurers, users } from './register.ts'

/**
 * API clients of an insurer's own systems (issue 19, ADR 181): they get access tokens with the OAuth 2.0
 * client-credentials grant from the embedded IdP and act in the register within the insurer (and the
 * broker number) of the administrator who created them. The secret is stored only as its SHA-256.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: serial('id').primaryKey(),
    /** The OAuth client_id and the token's `sub`: `svn-` and 24 random characters. */
    clientId: text('client_id').notNull(),
    gsCode: text('gs_code')
      .notNull()
      .references(() => insurers.gsCode),
    /** The creating broker administrator's number: the client is a broker of that number (ADR 720). */
    maklerNummer: text('makler_nummer'),
    name: text('name').notNull(),
    roles: text('roles').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tokens issued before this moment no longer open the register. */
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_clients_client_id_idx').on(t.clientId),
    index('api_clients_gs_code_idx').on(t.gsCode),
    uniqueIndex('api_clients_name_idx').on(t.gsCode, sql`lower(${t.name})`),
  ],
)

/** Requests per client and fixed window, shared by every instance and worker (rate limit, 429). */
export const apiClientRequests = pgTable('api_client_requests', {
  clientId: text('client_id').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  requests: integer('requests').notNull(),
})
