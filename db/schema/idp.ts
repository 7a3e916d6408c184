import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions). */
export const idpPayloads = pgTable(
  'idp_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('idp_payloads_grant_idx').on(t.grantId),
    index('idp_payloads_uid_idx').on(t.uid),
    index('idp_payloads_user_code_idx').on(t.userCode),
    index('idp_payloads_expires_idx').on(t.expiresAt),
  ],
)

/** Login accounts of the embedded identity provider; `subject` is the token's `sub`. */
export const idpAccounts = pgTable(
  'idp_accounts',
  {
    subject: text('subject').primaryKey(),
    login: text('login').notNull(),
    passwordHash: text('password_hash'),
    /** SHA-256 of a one-time password-setup token (user migration). */
    setupTokenHash: text('setup_token_hash'),
    setupTokenExpiresAt: timestamp('setup_token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idp_accounts_login_idx').on(sql`lower(${t.login})`)],
)

/** Failed-login counters per key (login name, client address) for rate limiting across instances. */
export const idpLoginAttempts = pgTable('idp_login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
})

/**
 * Tokens an account obtained from an external identity provider (Keycloak's identity brokering),
 * served by GET {issuer}/broker/{providerId}/token for the debug page.
 */
export const idpBrokerTokens = pgTable(
  'idp_broker_tokens',
  {
    subject: text('subject').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token').notNull(),
    idToken: text('id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.providerId] })],
)

/**
 * Key material every instance must share (signing keys, cookie keys): written once by the first
 * instance (insert … on conflict do nothing) and read by the others, so no node needs another's disk.
 */
export const idpKeys = pgTable('idp_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
