/** JSON shapes of the register's SVN API (spec §3 Svn), shared by portal and register. Dates: yyyy-mm-dd. */

export interface SvnPerson {
  personenTyp: string | null
  name: string | null
  geburtsname: string | null
  vorname: string | null
  geburtsdatum: string | null
  heimatstaat: string | null
}

export interface SvnAdresse {
  strasse: string | null
  plz: string | null
  ort: string | null
  staat: string | null
  coKontakt: string | null
}

export interface SvnHalter {
  person: SvnPerson
  adresse: SvnAdresse
}

export interface SvnMotor {
  markeTyp: string | null
  motorNr: string | null
  /** kW */
  leistung: number | null
}

export interface MeldungSchiff {
  schildKanton: string | null
  schildNr: number | null
  erstIV: string | null
  stammNr: number | null
  schaleNr: string | null
  art: number | null
  markeTyp: string | null
  material: string | null
  /** metres */
  laenge: number | null
  breite: number | null
  anzPersonen: number | null
  /** kg */
  ladung: number | null
  typenscheinNr: string | null
  /** m² */
  segelflaeche: number | null
  standort: string | null
  motor: SvnMotor[]
}

/** An IV or AV notification as the canton sent it. */
export interface Meldung {
  datum: string
  grund: number | null
  halter: SvnHalter
  versicherer: { gsCode: string; name: string }
  gueltigAb: string | null
  besVerwendung: number | null
  schiff: MeldungSchiff
}

export interface Ausweisentzug {
  applicantAE: string | null
  startAE: string | null
  fetchedAE: string | null
  reservedAE: string | null
  rejectedAE: string | null
  /** Code id of list Rueckweisungsgrund. */
  reasonAE: string | null
  reasonAEText: { de: string; fr: string; it: string } | null
}

export interface Svn {
  id: number
  version: number
  status: string
  halter: SvnHalter
  schiff: { stammNr: number | null; schaleNr: string | null; art: number | null; markeTyp: string | null }
  schild: { kanton: string | null; schildNr: number | null }
  kontakt: {
    name: string | null
    strasse: string | null
    plz: string | null
    ort: string | null
    staat: string | null
    telefon: string | null
    fax: string | null
    email: string | null
  }
  versicherungsdaten: {
    referenz: string | null
    ivGrund: number | null
    ivDatum: string | null
    avDatum: string | null
    avGrund: number | null
    gueltigAb: string | null
    besVerwendung: number | null
    gscode: string
    maklerNr: string | null
    benutzer: string | null
  }
  wikCGueltigAb: string | null
  ausweisentzug: Ausweisentzug | null
  ivMeldung: Meldung | null
  avMeldung: Meldung | null
}
