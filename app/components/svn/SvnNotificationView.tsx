import { useTranslation } from '../../lib/texts.tsx'
import { formatDate, formatPlate, formatStammNr } from '../../../domain/svn/display.ts'
import type { Meldung } from '../../../domain/svn/types.ts'
import { DetailSection } from './DetailSection.tsx'
import { DataTable } from '../table/DataTable.tsx'
import { holderEntries } from './holder-entries.ts'
import { enumLabel, numberText, type SvnLabel } from './labels.ts'

export interface SvnNotificationViewProps {
  kind: 'iv' | 'av'
  meldung: Meldung
  /** "id - name" per country code on the record; a code missing here is shown as it is. */
  countries: Readonly<Record<string, string>>
}

/**
 * An IV or AV notification as the canton sent it (spec §2): holder, insurer, date and reason, valid
 * from, special use, the boat data and the list of motors.
 */
export function SvnNotificationView({ kind, meldung, countries }: SvnNotificationViewProps) {
  const { t, i18n } = useTranslation()
  const l = (key: SvnLabel) => t(`svn.labels.${key}`)
  const n = (value: number | null) => numberText(value, i18n.language)
  const holder = holderEntries(t, meldung.halter, countries)
  const s = meldung.schiff
  const title = t(kind === 'iv' ? 'svn.detail.ivTitle' : 'svn.detail.avTitle')
  return (
    <section aria-labelledby="svn-notification-title" className="mt-2">
      <h2 id="svn-notification-title" className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DetailSection
          level={3}
          id="meldung-notification"
          title={t('svn.sections.notification')}
          entries={[
            { label: l(kind === 'iv' ? 'ivDatum' : 'avDatum'), value: formatDate(meldung.datum) },
            { label: l(kind === 'iv' ? 'ivGrund' : 'avGrund'), value: enumLabel(t, 'grund', meldung.grund) },
            { label: l('versicherer'), value: `${meldung.versicherer.name} (${meldung.versicherer.gsCode})` },
            { label: l('gueltigAb'), value: formatDate(meldung.gueltigAb) },
            {
              label: l('besVerwendung'),
              value: enumLabel(t, 'besVerwendung', meldung.besVerwendung ?? 0),
            },
          ]}
        />
        <DetailSection
          level={3}
          id="meldung-holder"
          title={t('svn.sections.holder')}
          entries={[...holder.person, ...holder.address]}
        />
        <DetailSection
          level={3}
          id="meldung-boat"
          title={t('svn.sections.boat')}
          entries={[
            { label: l('plate'), value: formatPlate(s.schildKanton, s.schildNr) },
            { label: l('erstIV'), value: formatDate(s.erstIV) },
            { label: l('stammNr'), value: formatStammNr(s.stammNr) },
            { label: l('schaleNr'), value: s.schaleNr },
            { label: l('art'), value: enumLabel(t, 'schiffsart', s.art) },
            { label: l('markeTyp'), value: s.markeTyp },
            { label: l('material'), value: s.material },
            { label: l('laenge'), value: n(s.laenge) },
            { label: l('breite'), value: n(s.breite) },
            { label: l('anzPersonen'), value: n(s.anzPersonen) },
            { label: l('ladung'), value: n(s.ladung) },
            { label: l('typenscheinNr'), value: s.typenscheinNr },
            { label: l('segelflaeche'), value: n(s.segelflaeche) },
            { label: l('standort'), value: s.standort },
          ]}
        />
        {/* Not a landmark of its own: the table's scroll region is the one named "Motoren". */}
        <div className="svn-section break-inside-avoid rounded border border-divider p-4">
          <h3 className="mb-3 text-lg font-semibold">{t('svn.sections.motors')}</h3>
          {s.motor.length === 0 ? (
            <p>{t('svn.detail.noMotors')}</p>
          ) : (
            <DataTable
              caption={t('svn.detail.motorsCaption')}
              captionHidden
              columns={[
                { key: 'markeTyp', label: l('motorMarkeTyp') },
                { key: 'motorNr', label: l('motorNr') },
                { key: 'leistung', label: l('leistung'), className: 'text-right' },
              ]}
              rows={s.motor.map((m, i) => ({
                key: `${m.motorNr ?? ''}-${i}`,
                cells: { markeTyp: m.markeTyp, motorNr: m.motorNr, leistung: n(m.leistung) },
              }))}
            />
          )}
        </div>
      </div>
    </section>
  )
}
