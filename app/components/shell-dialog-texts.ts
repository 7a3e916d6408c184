import { goToShortcutsFor } from '../../domain/shortcuts.ts'
import type { TranslationKey } from '../lib/i18n-keys.ts'

/**
 * The texts of the shell's two dialogs, apart from the dialogs: the shell notes them for the page
 * (ADR 530) while the dialogs themselves are fetched on first open (ADR 531).
 */
export const ABOUT_DIALOG_KEYS: readonly TranslationKey[] = [
  'about.embedded',
  'about.external',
  'about.version',
  'about.commit',
  'about.register',
  'about.idp',
  'about.title',
  'dialog.close',
]

export function shortcutsHelpKeys(roles: readonly string[]): TranslationKey[] {
  return [
    'shortcuts.then',
    'shortcuts.help',
    'shortcuts.search',
    'shortcuts.goTo',
    'shortcuts.title',
    'shortcuts.intro',
    'shortcuts.offNote',
    'shortcuts.keyColumn',
    'shortcuts.actionColumn',
    'shortcuts.fieldsNote',
    'dialog.close',
    ...goToShortcutsFor(roles).map((s) => s.labelKey),
  ]
}
