import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { preparedFor } from '../../db/prepared.ts'
import { portalUserSettings } from '../../db/schema/portal.ts'

/** Per-user portal preferences kept server-side by the token's `sub` (ACCESSIBILITY 27). */
export interface UserSettings {
  shortcutsEnabled: boolean
}

export const DEFAULT_USER_SETTINGS: UserSettings = { shortcutsEnabled: true }

/** Read on every page: built once (ADR 523). */
const settingsOf = preparedFor((db) =>
  db
    .select({ shortcutsEnabled: portalUserSettings.shortcutsEnabled })
    .from(portalUserSettings)
    .where(eq(portalUserSettings.subject, sql.placeholder('subject')))
    .prepare('portal_user_settings_of'),
)

export async function readUserSettings(db: Database, subject: string): Promise<UserSettings> {
  if (!subject) return DEFAULT_USER_SETTINGS
  const [row] = await settingsOf(db).execute({ subject })
  return row ? { shortcutsEnabled: row.shortcutsEnabled } : DEFAULT_USER_SETTINGS
}

export async function saveShortcutsEnabled(db: Database, subject: string, enabled: boolean): Promise<void> {
  if (!subject) return
  const now = new Date()
  await db
    .insert(portalUserSettings)
    .values({ subject, shortcutsEnabled: enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: portalUserSettings.subject,
      set: { shortcutsEnabled: enabled, updatedAt: now },
    })
}
