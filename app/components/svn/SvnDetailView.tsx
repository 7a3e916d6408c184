import { useTranslation } from '../../lib/texts.tsx'
import { formatDate, formatPlate, formatStammNr } from '../../../domain/svn/display.ts'
import type { Svn } from '../../../domain/svn/types.ts'
import { DetailSection } from './DetailSection.tsx'
import { countryText, holderEntries } from './holder-entries.ts'
import { enumLabel, type SvnLabel } from './labels.ts'

/** Every field of an SVN, read-only, grouped as spec §2 "SVN detail screen" lists them. */
export function SvnDetailView({
  svn,
  countries,
}: {
  svn: Svn
  /** "id - name" per country code on the record; a code missing here is shown as it is. */
  countries: Readonly<Record<string, string>>
}) {
  const { t, i18n } = useTranslation()
  const l = (key: SvnLabel) => t(`svn.labels.${key}`)
  const holder = holderEntries(t, svn.halter, countries)
  const v = svn.versicherungsdaten
  const ae = svn.ausweisentzug
  const lng = i18n.language as 'de' | 'fr' | 'it' | 'en'
  const reason = ae?.reasonAEText ? ae.reasonAEText[lng === 'en' ? 'de' : lng] : ae?.reasonAE
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <DetailSection id="svn-holder" title={t('svn.sections.holder')} entries={holder.person} />
      <DetailSection id="svn-address" title={t('svn.sections.address')} entries={holder.address} />
      <DetailSection
        id="svn-vessel"
        title={t('svn.sections.vessel')}
        entries={[
          { label: l('besVerwendung'), value: enumLabel(t, 'besVerwendung', v.besVerwendung) },
          { label: l('stammNr'), value: formatStammNr(svn.schiff.stammNr) },
          { label: l('schaleNr'), value: svn.schiff.schaleNr },
          { label: l('art'), value: enumLabel(t, 'schiffsart', svn.schiff.art) },
          { label: l('markeTyp'), value: svn.schiff.markeTyp },
        ]}
      />
      <DetailSection
        id="svn-plate"
        title={t('svn.sections.plate')}
        entries={[
          { label: l('plate'), value: formatPlate(svn.schild.kanton, svn.schild.schildNr) },
          { label: l('referenz'), value: v.referenz },
        ]}
      />
      <DetailSection
        id="svn-insurance"
        title={t('svn.sections.insurance')}
        entries={[
          { label: l('ivGrund'), value: enumLabel(t, 'grund', v.ivGrund) },
          { label: l('gueltigAb'), value: formatDate(v.gueltigAb) },
          { label: l('wikCGueltigAb'), value: formatDate(svn.wikCGueltigAb) },
          { label: l('ivDatum'), value: formatDate(v.ivDatum) },
          { label: l('avDatum'), value: formatDate(v.avDatum) },
          { label: l('avGrund'), value: enumLabel(t, 'grund', v.avGrund) },
          { label: l('gscode'), value: v.gscode },
          { label: l('benutzer'), value: v.benutzer },
          { label: l('maklerNr'), value: v.maklerNr },
        ]}
      />
      <DetailSection
        id="svn-contact"
        title={t('svn.sections.contact')}
        entries={[
          { label: l('name'), value: svn.kontakt.name },
          { label: l('strasse'), value: svn.kontakt.strasse },
          { label: l('plz'), value: svn.kontakt.plz },
          { label: l('ort'), value: svn.kontakt.ort },
          { label: l('staat'), value: countryText(countries, svn.kontakt.staat) },
          { label: l('telefon'), value: svn.kontakt.telefon },
          { label: l('fax'), value: svn.kontakt.fax },
          { label: l('email'), value: svn.kontakt.email },
        ]}
      />
      {ae ? (
        <DetailSection
          id="svn-ae"
          title={t('svn.sections.ae')}
          entries={[
            { label: l('applicantAE'), value: ae.applicantAE },
            { label: l('startAE'), value: formatDate(ae.startAE) },
            { label: l('fetchedAE'), value: formatDate(ae.fetchedAE) },
            { label: l('reservedAE'), value: formatDate(ae.reservedAE) },
            { label: l('rejectedAE'), value: formatDate(ae.rejectedAE) },
            { label: l('reasonAE'), value: reason },
          ]}
        />
      ) : null}
    </div>
  )
}
