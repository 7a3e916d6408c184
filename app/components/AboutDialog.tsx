import { useTranslation } from '../lib/texts.tsx'
import { Dialog } from './Dialog.tsx'

/** What the "about" dialog shows: no secrets, only what is in use. */
export interface AboutInfo {
  version: string
  commit: string
  /** 'embedded' or 'external' (never the register's URL). */
  register: string
  /** 'embedded' or the external issuer URL. */
  idp: string
}

interface AboutDialogProps {
  open: boolean
  onClose: () => void
  about: AboutInfo
}

/** The hidden action's dialog (spec §2; ADR 401): version, commit, register and IdP in use. */
export function AboutDialog({ open, onClose, about }: AboutDialogProps) {
  const { t } = useTranslation()
  const where = (value: string) =>
    value === 'embedded' ? t('about.embedded') : value === 'external' ? t('about.external') : value
  const rows: Array<[string, string]> = [
    [t('about.version'), about.version],
    [t('about.commit'), about.commit],
    [t('about.register'), where(about.register)],
    [t('about.idp'), where(about.idp)],
  ]
  return (
    <Dialog open={open} onClose={onClose} title={t('about.title')} id="about-dialog">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
