import { useTranslation } from '../../lib/texts.tsx'
import { DataTable } from '~/components/table/DataTable.tsx'
import { formatZurichDateTime } from '../../../domain/svn/dates.ts'
import type { SvnHistoryActor, SvnHistoryEntry } from '../../../domain/svn/history.ts'

/** "Verlauf" on the detail screen: when, what and who, newest first (the register's order). */
export function SvnHistoryTable({ entries }: { entries: SvnHistoryEntry[] }) {
  const { t } = useTranslation()
  const who = (actor: SvnHistoryActor) =>
    actor.kind === 'system'
      ? t('svn.history.actor.system')
      : actor.kind === 'authority'
        ? t('svn.history.actor.authority', { name: actor.name })
        : actor.kind === 'client'
          ? t('svn.history.actor.client', { name: actor.name })
          : (actor.name ?? t('svn.history.actor.deletedUser'))
  return (
    // The caption names the table and its scrolling region: a heading beside it would be a second landmark.
    <div className="mt-6">
      {entries.length === 0 ? (
        <p>
          <strong>
            {t('svn.history.caption')}
            {t('common.labelSuffix')}
          </strong>{' '}
          {t('svn.history.empty')}
        </p>
      ) : (
        <DataTable
          caption={t('svn.history.caption')}
          columns={[
            { key: 'when', label: t('svn.history.when'), className: 'whitespace-nowrap' },
            { key: 'what', label: t('svn.history.what') },
            { key: 'who', label: t('svn.history.who') },
          ]}
          rows={entries.map((entry, index) => ({
            key: index,
            cells: {
              when: <time dateTime={entry.at}>{formatZurichDateTime(entry.at)}</time>,
              what: (
                <>
                  {t(`svn.history.events.${entry.event}`, { fileName: entry.fileName })}
                  {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus ? (
                    <span className="block text-muted">
                      {t(`svn.status.${entry.fromStatus}`)} → {t(`svn.status.${entry.toStatus}`)}
                    </span>
                  ) : null}
                </>
              ),
              who: who(entry.actor),
            },
          }))}
        />
      )}
    </div>
  )
}
