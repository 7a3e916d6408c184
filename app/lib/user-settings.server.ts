import type { Database } from '../../db/client.ts'
import { portalUserSettings } from '../../db/schema/portal.ts'

/**
 * Per-user portal preferences kept server-side by the token's `sub` (ACCESSIBILITY 27); read with the
 * session, in its query (app/lib/session.server.ts, ADR 525).
 */
export interface UserSettings {
  shortcutsEnabled: boolean
}

export const DEFAULT_USER_SETTINGS: UserSettings = { shortcutsEnabled: true }

/** The settings from a stored row's column (null or absent: none stored, the defaults). */
export function userSettingsOf(shortcutsEnabled: boolean | null | undefined): UserSettings {
  return shortcutsEnabled == null ? DEFAULT_USER_SETTINGS : { shortcutsEnabled }
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
