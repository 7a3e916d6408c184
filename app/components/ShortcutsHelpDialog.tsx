import { useTranslation } from '../lib/texts.tsx'
import { goToShortcutsFor } from '../../domain/shortcuts.ts'
import { Dialog } from './Dialog.tsx'

interface ShortcutsHelpDialogProps {
  open: boolean
  onClose: () => void
  roles: readonly string[]
  enabled: boolean
}

function Keys({ keys }: { keys: string[] }) {
  const { t } = useTranslation()
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {keys.map((key, i) => (
        <span key={`${key}-${i}`} className="inline-flex items-center gap-1">
          {i > 0 ? <span className="text-sm text-muted">{t('shortcuts.then')}</span> : null}
          <kbd className="rounded border border-line bg-surface px-2 py-0.5 font-mono text-sm">{key}</kbd>
        </span>
      ))}
    </span>
  )
}

/** Lists the keyboard shortcuts this user has (ACCESSIBILITY 27); opened with `?`. */
export function ShortcutsHelpDialog({ open, onClose, roles, enabled }: ShortcutsHelpDialogProps) {
  const { t } = useTranslation()
  const rows: Array<{ keys: string[]; label: string }> = [
    { keys: ['?'], label: t('shortcuts.help') },
    { keys: ['/'], label: t('shortcuts.search') },
    ...goToShortcutsFor(roles).map((s) => ({
      keys: ['g', s.key],
      label: t('shortcuts.goTo', { target: t(s.labelKey) }),
    })),
  ]
  return (
    <Dialog open={open} onClose={onClose} title={t('shortcuts.title')} id="shortcuts-help">
      <p className="mb-3">{enabled ? t('shortcuts.intro') : t('shortcuts.offNote')}</p>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{t('shortcuts.title')}</caption>
        <thead>
          <tr className="border-b border-divider">
            <th scope="col" className="py-1 pr-4 font-semibold">
              {t('shortcuts.keyColumn')}
            </th>
            <th scope="col" className="py-1 font-semibold">
              {t('shortcuts.actionColumn')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.keys.join(' ')} className="border-b border-divider last:border-b-0">
              <td className="py-2 pr-4 whitespace-nowrap">
                <Keys keys={row.keys} />
              </td>
              <td className="py-2">{row.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-muted">{t('shortcuts.fieldsNote')}</p>
    </Dialog>
  )
}
