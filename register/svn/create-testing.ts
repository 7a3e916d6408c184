import type { CreateSvnValues } from '../../domain/svn/create.ts'
import { formatDateDisplay } from '../../domain/date-input.ts'
import { addDays, zurichDay } from '../../domain/svn/dates.ts'
import type { RegisterTestbed } from '../testing.ts'

/** Test helper: a complete, valid create form as a clerk types it (valid-from: yesterday, Zurich). */
export function validCreateValues(now: Date = new Date()): CreateSvnValues {
  return {
    halter: {
      person: {
        personenTyp: 'NATUERLICH',
        name: 'Muster',
        geburtsname: 'Beispiel',
        vorname: 'Anna',
        geburtsdatum: '14.03.1980',
        heimatstaat: 'CH',
      },
      adresse: { strasse: 'Seestrasse 1', plz: '8002', ort: 'Zürich', staat: 'CH', coKontakt: 'c/o Meier' },
    },
    schiff: { stammNr: '123.456.786', schaleNr: 'CH-BOE-42', art: '3', markeTyp: 'Boesch 620' },
    schild: { kanton: 'ZH', schildNr: '12345' },
    kontakt: {
      name: 'Anna Muster',
      strasse: 'Seestrasse 1',
      plz: '8002',
      ort: 'Zürich',
      staat: 'CH',
      telefon: '044 123 45 67',
      fax: '044 123 45 68',
      email: 'anna@example.ch',
    },
    versicherungsdaten: {
      referenz: 'ALP-SCH-12 / ALP',
      ivGrund: '57',
      gueltigAb: formatDateDisplay(addDays(zurichDay(now), -1)),
      besVerwendung: '1',
    },
    wikCGueltigAb: formatDateDisplay(addDays(zurichDay(now), 10)),
  }
}

/** Test helper: a JSON request to the register as a seeded user with the given token roles. */
export function registerCaller(bed: Pick<RegisterTestbed, 'app' | 'idp' | 'seeded'>) {
  return async (method: string, path: string, email: string | null, roles: string[], body?: unknown) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (email) {
      const user = bed.seeded.find((u) => u.email === email)
      if (!user) throw new Error(`not seeded: ${email}`)
      headers.Authorization = `Bearer ${await bed.idp.token({ sub: user.subject, roles })}`
    }
    return bed.app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
  }
}
