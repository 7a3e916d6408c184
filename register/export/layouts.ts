import type { svn, svnNotifications } from '../../db/schema/svn.ts'
import type { FileType } from '../../domain/files/types.ts'
import { SVN_STATUSES } from '../../domain/svn/statuses.ts'
import type { SvnHalter, SvnMotor } from '../../domain/svn/types.ts'
import { group, leaf, repeat, type Field, type Layout } from './layout.ts'

type SvnRow = typeof svn.$inferSelect
type NotificationRow = typeof svnNotifications.$inferSelect

/** An untreated SVN: the record and the Zurich day it became UNTREATED (its event date). */
export interface SvnRecord {
  svn: SvnRow
  statusDatum: string
}

/** A rejected AE: the record and the rejection reason's texts (code list Rueckweisungsgrund). */
export interface AeRecord extends SvnRecord {
  reasonText: { de: string; fr: string; it: string } | null
}

/** An IV or AV notification with its motors and the reference and broker of its SVN. */
export interface IvAvRecord {
  n: NotificationRow
  referenz: string | null
  maklerNr: string | null
  motors: readonly SvnMotor[]
}

/** The canton sends at most this many motors per boat (register/authority/schemas.ts). */
export const MAX_MOTORS = 10

const halter = <R>(get: (r: R) => SvnHalter | null): Field<R> =>
  group('halter', [
    group('person', [
      leaf('string', 'personenTyp', (r) => get(r)?.person.personenTyp),
      leaf('string', 'name', (r) => get(r)?.person.name),
      leaf('string', 'geburtsname', (r) => get(r)?.person.geburtsname),
      leaf('string', 'vorname', (r) => get(r)?.person.vorname),
      leaf('date', 'geburtsdatum', (r) => get(r)?.person.geburtsdatum),
      leaf('string', 'heimatstaat', (r) => get(r)?.person.heimatstaat),
    ]),
    group('adresse', [
      leaf('string', 'strasse', (r) => get(r)?.adresse.strasse),
      leaf('string', 'plz', (r) => get(r)?.adresse.plz),
      leaf('string', 'ort', (r) => get(r)?.adresse.ort),
      leaf('string', 'staat', (r) => get(r)?.adresse.staat),
      leaf('string', 'coKontakt', (r) => get(r)?.adresse.coKontakt),
    ]),
  ])

/** The SVN as spec §3 describes it, flattened from its row. */
function svnFields<R extends SvnRecord>(): Field<R>[] {
  return [
    leaf('long', 'id', (r) => r.svn.id, { required: true }),
    leaf('string', 'status', (r) => r.svn.status, { required: true, values: SVN_STATUSES }),
    leaf('date', 'statusDatum', (r) => r.statusDatum, { required: true }),
    group('halter', [
      group('person', [
        leaf('string', 'personenTyp', (r) => r.svn.personenTyp),
        leaf('string', 'name', (r) => r.svn.name),
        leaf('string', 'geburtsname', (r) => r.svn.geburtsname),
        leaf('string', 'vorname', (r) => r.svn.firstName),
        leaf('date', 'geburtsdatum', (r) => r.svn.geburtsdatum),
        leaf('string', 'heimatstaat', (r) => r.svn.heimatstaat),
      ]),
      group('adresse', [
        leaf('string', 'strasse', (r) => r.svn.street),
        leaf('string', 'plz', (r) => r.svn.zip),
        leaf('string', 'ort', (r) => r.svn.place),
        leaf('string', 'staat', (r) => r.svn.staat),
        leaf('string', 'coKontakt', (r) => r.svn.coKontakt),
      ]),
    ]),
    group('schiff', [
      leaf('long', 'stammNr', (r) => r.svn.stammNr),
      leaf('string', 'schaleNr', (r) => r.svn.schaleNr),
      leaf('int', 'art', (r) => r.svn.art),
      leaf('string', 'markeTyp', (r) => r.svn.markeTyp),
    ]),
    group('schild', [
      leaf('string', 'kanton', (r) => r.svn.canton),
      leaf('long', 'schildNr', (r) => r.svn.schildNr),
    ]),
    group('kontakt', [
      leaf('string', 'name', (r) => r.svn.kontaktName),
      leaf('string', 'strasse', (r) => r.svn.kontaktStrasse),
      leaf('string', 'plz', (r) => r.svn.kontaktPlz),
      leaf('string', 'ort', (r) => r.svn.kontaktOrt),
      leaf('string', 'staat', (r) => r.svn.kontaktStaat),
      leaf('string', 'telefon', (r) => r.svn.kontaktTelefon),
      leaf('string', 'fax', (r) => r.svn.kontaktFax),
      leaf('string', 'email', (r) => r.svn.kontaktEmail),
    ]),
    group('versicherungsdaten', [
      leaf('string', 'referenz', (r) => r.svn.referenz),
      leaf('int', 'ivGrund', (r) => r.svn.ivGrund),
      leaf('date', 'ivDatum', (r) => r.svn.ivDatum),
      leaf('date', 'avDatum', (r) => r.svn.avDatum),
      leaf('int', 'avGrund', (r) => r.svn.avGrund),
      leaf('date', 'gueltigAb', (r) => r.svn.gueltigAb),
      leaf('int', 'besVerwendung', (r) => r.svn.besVerwendung),
      leaf('string', 'gscode', (r) => r.svn.gsCode),
      leaf('string', 'maklerNr', (r) => r.svn.maklerNr),
      leaf('string', 'benutzer', (r) => r.svn.benutzer),
    ]),
    leaf('date', 'wikCGueltigAb', (r) => r.svn.wikCGueltigAb),
  ]
}

export const SVN_LAYOUT: Layout<SvnRecord> = {
  type: 'SVN',
  root: 'untreatedSvnFile',
  record: 'svn',
  fields: svnFields<SvnRecord>(),
}

export const AE_LAYOUT: Layout<AeRecord> = {
  type: 'AE',
  root: 'rejectedAeFile',
  record: 'svn',
  fields: [
    ...svnFields<AeRecord>(),
    group('ausweisentzug', [
      leaf('string', 'applicantAE', (r) => r.svn.applicantAe),
      leaf('date', 'startAE', (r) => r.svn.startAe),
      leaf('date', 'fetchedAE', (r) => r.svn.fetchedAe),
      leaf('date', 'reservedAE', (r) => r.svn.reservedAe),
      leaf('date', 'rejectedAE', (r) => r.svn.rejectedAe, { required: true }),
      leaf('string', 'reasonAE', (r) => r.svn.reasonAe),
      group('reasonAEText', [
        leaf('string', 'de', (r) => r.reasonText?.de),
        leaf('string', 'fr', (r) => r.reasonText?.fr),
        leaf('string', 'it', (r) => r.reasonText?.it),
      ]),
    ]),
  ],
}

export const IVAV_LAYOUT: Layout<IvAvRecord> = {
  type: 'IVAV',
  root: 'ivAvFile',
  record: 'meldung',
  fields: [
    leaf('long', 'id', (r) => r.n.id, { required: true }),
    leaf('long', 'svnId', (r) => r.n.svnId, { required: true }),
    leaf('string', 'art', (r) => r.n.kind, { required: true, values: ['IV', 'AV'] }),
    leaf('date', 'datum', (r) => r.n.datum, { required: true }),
    leaf('int', 'grund', (r) => r.n.grund),
    halter<IvAvRecord>((r) => r.n.halter as SvnHalter | null),
    group('versicherungsdaten', [
      leaf('string', 'referenz', (r) => r.referenz),
      leaf('date', 'gueltigAb', (r) => r.n.gueltigAb),
      leaf('int', 'besVerwendung', (r) => r.n.besVerwendung),
      leaf('string', 'gscode', (r) => r.n.gsCode),
      leaf('string', 'maklerNr', (r) => r.maklerNr),
    ]),
    group('schiff', [
      leaf('string', 'schildKanton', (r) => r.n.schildKanton),
      leaf('long', 'schildNr', (r) => r.n.schildNr),
      leaf('date', 'erstIV', (r) => r.n.erstIv),
      leaf('long', 'stammNr', (r) => r.n.stammNr),
      leaf('string', 'schaleNr', (r) => r.n.schaleNr),
      leaf('int', 'art', (r) => r.n.art),
      leaf('string', 'markeTyp', (r) => r.n.markeTyp),
      leaf('string', 'material', (r) => r.n.material),
      leaf('double', 'laenge', (r) => r.n.laenge),
      leaf('double', 'breite', (r) => r.n.breite),
      leaf('int', 'anzPersonen', (r) => r.n.anzPersonen),
      leaf('int', 'ladung', (r) => r.n.ladung),
      leaf('string', 'typenscheinNr', (r) => r.n.typenscheinNr),
      leaf('double', 'segelflaeche', (r) => r.n.segelflaeche),
      leaf('string', 'standort', (r) => r.n.standort),
      repeat<IvAvRecord, SvnMotor>('motor', MAX_MOTORS, (r) => r.motors, [
        leaf('string', 'markeTyp', (m) => m.markeTyp),
        leaf('string', 'motorNr', (m) => m.motorNr),
        leaf('double', 'leistung', (m) => m.leistung),
      ]),
    ]),
  ],
}

export const LAYOUTS: { SVN: Layout<SvnRecord>; IVAV: Layout<IvAvRecord>; AE: Layout<AeRecord> } = {
  SVN: SVN_LAYOUT,
  IVAV: IVAV_LAYOUT,
  AE: AE_LAYOUT,
}

/** The committed XSD file of each type, relative to register/export/. */
export const XSD_FILE: Readonly<Record<FileType, string>> = { SVN: 'svn.xsd', IVAV: 'ivav.xsd', AE: 'ae.xsd' }

export const XSD_DOCUMENTATION: Readonly<Record<FileType, string>> = {
  SVN: 'Pickup file of untreated SVN (spec §2 File pickup, ADR 150). statusDatum: the Europe/Zurich day the SVN became UNTREATED.',
  IVAV: 'Pickup file of IV and AV notifications (spec §2 File pickup, ADR 150). id: the notification; art: IV or AV.',
  AE: 'Pickup file of rejected licence withdrawals (AE) (spec §2 File pickup, ADR 150). ausweisentzug.rejectedAE: the rejection day.',
}
