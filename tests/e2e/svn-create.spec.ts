import { type Locator, type Page } from '@playwright/test'
import {
  csrfFromPage,
  expectErrorSummary,
  expectNoA11yViolations,
  jsEnabled,
  loginAs,
  svnSearchIds,
  tabTo,
  waitForHydration,
  watchLanguageFiles,
  expect,
  test,
} from './support.ts'

/**
 * The SVN create screen (spec §2, §5; DESIGN §5 "Create", "Drafts"). Drafts are per user and a
 * successful create deletes the creator's draft, so: create tests (clerk@alpina) always open the
 * empty form (`?new=1`, no draft restored); the draft journey runs as clerk@leman with JS and as
 * broker@seeland without, the only tests touching those users' drafts. No test leaves clerk@alpina a
 * draft (each sends or leaves its form within 2 s of its last change, and no save is sent while the
 * page is left; the date picker's test, which may stay longer, runs as broker.admin@seeland), so its
 * empty form names none. (screens.spec.ts runs before all of them, on the fresh demo data.)
 */

const NEW_FORM = '/svn/create?new=1'
const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const field = (page: Page, name: string) => page.locator(`main [name="${name}"]`)
const summary = (page: Page) => page.locator('main [aria-labelledby="error-summary-title"]')

/** The summary after sending the empty new form: "Label (Section): what to do", in form order. */
const EMPTY_FORM_ERRORS = [
  ['Personentyp (Halter): Bitte füllen Sie dieses Feld aus.', 'halter-person-personenTyp'],
  ['Name (Halter): Bitte füllen Sie dieses Feld aus.', 'halter-person-name'],
  ['Strasse (Halter): Bitte füllen Sie dieses Feld aus.', 'halter-adresse-strasse'],
  ['PLZ (Halter): Bitte füllen Sie dieses Feld aus.', 'halter-adresse-plz'],
  ['Ort (Halter): Bitte füllen Sie dieses Feld aus.', 'halter-adresse-ort'],
  [
    'Stammnummer (Wasserfahrzeug): Bitte geben Sie die Stammnummer oder die Schalennummer an.',
    'schiff-stammNr',
  ],
  [
    'Schalennummer (Wasserfahrzeug): Bitte geben Sie die Stammnummer oder die Schalennummer an.',
    'schiff-schaleNr',
  ],
  ['Schiffsart (Wasserfahrzeug): Bitte füllen Sie dieses Feld aus.', 'schiff-art'],
  ['Marke/Typ (Wasserfahrzeug): Bitte füllen Sie dieses Feld aus.', 'schiff-markeTyp'],
  ['Kanton (Schild): Bitte füllen Sie dieses Feld aus.', 'schild-kanton'],
  ['IV-Grund (Versicherungsdaten): Bitte füllen Sie dieses Feld aus.', 'versicherungsdaten-ivGrund'],
  ['Gültig ab (Versicherungsdaten): Bitte füllen Sie dieses Feld aus.', 'versicherungsdaten-gueltigAb'],
] as const

const errorSummaryLink = (page: Page, label: string) =>
  summary(page).getByRole('link', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}:`) })

/** A Zurich day as dd.mm.yyyy, `offset` days from today. */
function zurichDay(offset = 0): string {
  const date = new Date(Date.now() + offset * 86_400_000)
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zurich',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date)
  const [y, m, d] = parts.split('-')
  return `${d}.${m}.${y}`
}

/** A unique holder name per test run and project (the projects share one database). */
function uniqueName(prefix: string): string {
  const project = jsEnabled(test.info()) ? 'J' : 'N'
  return `${prefix}${project}${Date.now().toString(36).slice(-6)}`
}

/** Every rule of spec §5 satisfied; the contact is given in full so no user record matters. */
function validValues(name: string): Record<string, string> {
  return {
    'halter.person.personenTyp': 'NATUERLICH',
    'halter.person.name': name,
    'halter.person.vorname': 'Hans',
    'halter.person.geburtsdatum': '01.02.1980',
    'halter.adresse.strasse': 'Seestrasse 1',
    'halter.adresse.plz': '8000',
    'halter.adresse.ort': 'Zürich',
    'halter.adresse.staat': 'CH',
    'versicherungsdaten.besVerwendung': '0',
    'schiff.stammNr': '100.000.003',
    'schiff.schaleNr': 'SCH-4711',
    'schiff.art': '3',
    'schiff.markeTyp': 'Boesch 750',
    'kontakt.name': 'Lukas Brunner',
    'kontakt.strasse': 'Bahnhofstrasse 45',
    'kontakt.plz': '8001',
    'kontakt.ort': 'Zürich',
    'kontakt.email': 'clerk@alpina.example',
    'schild.kanton': 'ZH',
    'schild.schildNr': '12345',
    'versicherungsdaten.referenz': 'E2E / ALP',
    'versicherungsdaten.ivGrund': '57',
    'versicherungsdaten.gueltigAb': zurichDay(),
  }
}

/** The form's drop-downs by name, so `fill` needs no round trip to ask each field's tag. */
const SELECTS = new Set([
  'halter.person.personenTyp',
  'halter.person.heimatstaat',
  'halter.adresse.staat',
  'versicherungsdaten.besVerwendung',
  'schiff.art',
  'kontakt.staat',
  'schild.kanton',
  'versicherungsdaten.ivGrund',
])

async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    if (SELECTS.has(name)) await field(page, name).selectOption(value)
    else await field(page, name).fill(value)
  }
}

async function submitCreate(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'SVN erstellen' }).click()
}

async function openNewForm(page: Page, user = 'clerk@alpina.example'): Promise<void> {
  await loginAs(page, user)
  await page.goto(NEW_FORM)
  await expect(heading(page)).toHaveText('SVn Erstellen')
  await waitForHydration(page)
}

test.describe('SVN create', () => {
  test('the empty form: sections, contact and reference prefilled, read-only data; axe', async ({ page }) => {
    await openNewForm(page)
    await expect(page).toHaveTitle('SVn Erstellen – SVN Portal')
    for (const legend of [
      'Halter',
      'Person',
      'Adresse',
      'Wasserfahrzeug',
      'Kontakt',
      'Schild',
      'Versicherungsdaten',
    ])
      await expect(
        page.locator('main fieldset > legend', { hasText: new RegExp(`^${legend}$`) }),
      ).toHaveCount(1)
    await expect(field(page, 'kontakt.name')).toHaveValue('Lukas Brunner')
    await expect(field(page, 'kontakt.email')).toHaveValue('clerk@alpina.example')
    // Spec §2: the user's office reference and the insurer's reference.
    await expect(field(page, 'versicherungsdaten.referenz')).toHaveValue('ALP-SCH-12 / ALP')
    await expect(field(page, 'versicherungsdaten.gueltigAb')).toHaveAttribute('placeholder', 'TT.MM.JJJJ')
    // SACHBEARBEITER holds SVN_ERSTELLEN_WIK_C: the WIK-C valid-from shows; no broker number.
    await expect(field(page, 'wikCGueltigAb')).toHaveCount(1)
    await expect(page.locator('main dt', { hasText: 'Maklernummer' })).toHaveCount(0)
    await expect(page.locator('main dt:text-is("Versicherer-Code") + dd')).toHaveText(/^1001 /)
    await expect(page.locator('main [name="gscode"], main [name="benutzer"]')).toHaveCount(0)
    // The country list: "id - name".
    await expect(field(page, 'halter.adresse.staat').locator('option[value="CH"]')).toHaveText('CH - Schweiz')
    await expect(page.getByRole('link', { name: 'Vorlage suchen' })).toHaveAttribute('href', '/svn/search')
    if (!jsEnabled(test.info())) await expect(page.locator('[data-date-picker-for]')).toHaveCount(0)
    await expectNoA11yViolations(page, 'create: empty form')
    // Reset: the empty form again, defaults back.
    await field(page, 'halter.person.name').fill('Weg damit')
    await field(page, 'versicherungsdaten.referenz').fill('anders')
    await page.getByRole('link', { name: 'Zurücksetzen' }).click()
    await expect(field(page, 'halter.person.name')).toHaveValue('')
    await expect(field(page, 'versicherungsdaten.referenz')).toHaveValue('ALP-SCH-12 / ALP')
  })

  test('a valid create opens the new record as OPEN with the success message', async ({ page }) => {
    await openNewForm(page)
    const name = uniqueName('Neu')
    await fill(page, validValues(name))
    await field(page, 'schild.schildNr').fill('4242')
    await expect(page.getByTestId('plate-display')).toHaveText(jsEnabled(test.info()) ? 'ZH 4242' : /.*/)
    await submitCreate(page)
    await expect(page).toHaveURL(/\/svn\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    // The message first: with JavaScript it is a toast that is gone after 3 s (spec §8).
    await expect(page.getByText(`Die SVN ${id} wurde erstellt.`)).toBeVisible()
    await expect(heading(page)).toHaveText(`SVn ${id} – Offen`)
    await expect(page.locator('dt:text-is("Kontrollschild") + dd').first()).toHaveText('ZH 4242')
    expect(await svnSearchIds(page, `name=${name}`)).toEqual([id])
  })

  test('a reference left as "/" gets the default, also from the server without JS', async ({ page }) => {
    await openNewForm(page)
    await fill(page, validValues(uniqueName('Ref')))
    await field(page, 'versicherungsdaten.referenz').fill('/')
    await submitCreate(page)
    await expect(page).toHaveURL(/\/svn\/\d+$/)
    await expect(page.locator('dt:text-is("Referenz") + dd').first()).toHaveText('ALP-SCH-12 / ALP')
  })

  /** Spec §5, one row per rule: what is changed from a valid form, where the message shows. */
  const RULES: {
    rule: string
    change: Record<string, string>
    errorAt: string
    message: string
    kept?: string
  }[] = [
    {
      rule: 'person type required',
      change: { 'halter.person.personenTyp': '' },
      errorAt: 'halter.person.personenTyp',
      message: 'Bitte füllen Sie dieses Feld aus.',
    },
    {
      rule: 'name max 30',
      change: { 'halter.person.name': 'N'.repeat(31) },
      errorAt: 'halter.person.name',
      message: 'Höchstens 30 Zeichen.',
    },
    {
      rule: 'first name required for a natural person',
      change: { 'halter.person.vorname': '' },
      errorAt: 'halter.person.vorname',
      message: 'Bitte füllen Sie dieses Feld aus.',
    },
    {
      rule: 'birth date is a real day',
      change: { 'halter.person.geburtsdatum': '31.02.1980' },
      errorAt: 'halter.person.geburtsdatum',
      message: 'Dieses Datum gibt es nicht. Bitte prüfen Sie Tag und Monat.',
    },
    {
      rule: 'street required',
      change: { 'halter.adresse.strasse': '' },
      errorAt: 'halter.adresse.strasse',
      message: 'Bitte füllen Sie dieses Feld aus.',
    },
    {
      rule: 'postcode min 4',
      change: { 'halter.adresse.plz': '123' },
      errorAt: 'halter.adresse.plz',
      message: 'Mindestens 4 Zeichen.',
    },
    {
      rule: 'a Swiss postcode is a number from 1000 to 9999',
      change: { 'halter.adresse.plz': '80O1' },
      errorAt: 'halter.adresse.plz',
      message:
        'Eine Schweizer PLZ ist eine Zahl von 1000 bis 9999, z. B. 8001. Bei einer Adresse im Ausland geben Sie bitte das Land an.',
    },
    {
      rule: 'stem number check digit',
      change: { 'schiff.stammNr': '100.000.004' },
      errorAt: 'schiff.stammNr',
      message: 'Ungültige Stammnummer: 9 bis 12 Ziffern mit gültiger Prüfziffer.',
    },
    {
      rule: 'stem or hull number',
      change: { 'schiff.stammNr': '', 'schiff.schaleNr': '' },
      errorAt: 'schiff.stammNr',
      message: 'Bitte geben Sie die Stammnummer oder die Schalennummer an.',
    },
    {
      rule: 'boat type required',
      change: { 'schiff.art': '' },
      errorAt: 'schiff.art',
      message: 'Bitte füllen Sie dieses Feld aus.',
    },
    {
      rule: 'make/type max 60',
      change: { 'schiff.markeTyp': 'M'.repeat(61) },
      errorAt: 'schiff.markeTyp',
      message: 'Höchstens 60 Zeichen.',
    },
    {
      rule: 'contact postcode max 7',
      change: { 'kontakt.plz': '12345678' },
      errorAt: 'kontakt.plz',
      message: 'Höchstens 7 Zeichen.',
    },
    {
      rule: 'contact phone in digits',
      change: { 'kontakt.telefon': 'ruft zurück' },
      errorAt: 'kontakt.telefon',
      message: 'Bitte geben Sie die Nummer mit Ziffern ein, z. B. +41 44 123 45 67.',
    },
    {
      rule: 'contact e-mail format',
      change: { 'kontakt.email': 'kein-mail' },
      errorAt: 'kontakt.email',
      message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    },
    {
      rule: 'canton required',
      change: { 'schild.kanton': '' },
      errorAt: 'schild.kanton',
      message: 'Bitte füllen Sie dieses Feld aus.',
    },
    {
      rule: 'plate number without leading zero',
      change: { 'schild.schildNr': '0123' },
      errorAt: 'schild.schildNr',
      message: 'Die Schildnummer ist eine positive ganze Zahl ohne führende Null.',
    },
    {
      rule: 'reference max 64',
      change: { 'versicherungsdaten.referenz': 'R'.repeat(65) },
      errorAt: 'versicherungsdaten.referenz',
      message: 'Höchstens 64 Zeichen.',
    },
    {
      rule: 'IV reason required',
      change: { 'versicherungsdaten.ivGrund': '' },
      errorAt: 'versicherungsdaten.ivGrund',
      message: 'Bitte füllen Sie dieses Feld aus.',
    },
    {
      rule: 'valid-from required',
      change: { 'versicherungsdaten.gueltigAb': '' },
      errorAt: 'versicherungsdaten.gueltigAb',
      message: 'Bitte füllen Sie dieses Feld aus.',
    },
    {
      rule: 'valid-from at most 30 days back',
      change: { 'versicherungsdaten.gueltigAb': zurichDay(-31) },
      errorAt: 'versicherungsdaten.gueltigAb',
      message: 'Das Datum darf höchstens 30 Tage zurückliegen.',
    },
    {
      rule: 'WIK-C valid-from is a real day',
      change: { wikCGueltigAb: '31.04.2025' },
      errorAt: 'wikCGueltigAb',
      message: 'Dieses Datum gibt es nicht. Bitte prüfen Sie Tag und Monat.',
    },
  ]

  for (const row of RULES) {
    test(`rule: ${row.rule} — message in summary and field, input kept`, async ({ page }) => {
      await openNewForm(page)
      const values = { ...validValues(uniqueName('Regel')), ...row.change }
      await fill(page, values)
      await submitCreate(page)
      await expect(summary(page)).toBeVisible()
      await expect(page).toHaveTitle(/^Fehler: SVn Erstellen/)
      const link = summary(page).getByRole('link', { name: row.message })
      await expect(link.first()).toBeVisible()
      const control = field(page, row.errorAt)
      const id = (await control.getAttribute('id')) ?? ''
      await expect(page.locator(`#${id}-error`)).toHaveText(`Fehler: ${row.message}`)
      await expect(control).toHaveAttribute('aria-invalid', 'true')
      await expect(control).toHaveAttribute('aria-describedby', new RegExp(`${id}-error`))
      // Every value comes back, the wrong one included.
      for (const [name, value] of Object.entries(values)) await expect(field(page, name)).toHaveValue(value)
      if (jsEnabled(test.info())) await expect(summary(page)).toBeFocused()
      await link.first().click()
      await expect(control).toBeFocused()
      await expect(page).toHaveURL(/\/svn\/create/)
    })
  }

  test('empty form: the summary names each field and says what to do, in form order (issue 20)', async ({
    page,
  }) => {
    await openNewForm(page)
    await submitCreate(page)
    await expectErrorSummary(page, EMPTY_FORM_ERRORS)
    // The inline message stays short; the summary entry adds the field's name.
    await expect(page.locator('#halter-person-name-error')).toHaveText(
      'Fehler: Bitte füllen Sie dieses Feld aus.',
    )
    await errorSummaryLink(page, 'Stammnummer (Wasserfahrzeug)').click()
    await expect(field(page, 'schiff.stammNr')).toBeFocused()
    await expectNoA11yViolations(page, 'create: empty form refused')
    // Sent again unchanged: the same summary, and with JS it has the focus again (ADR 821).
    await submitCreate(page)
    await expectErrorSummary(page, EMPTY_FORM_ERRORS)
  })

  test('errors page passes axe; 8 typed digits become the date', async ({ page }) => {
    await openNewForm(page)
    const today = zurichDay()
    const digits = today.replaceAll('.', '')
    await fill(page, { ...validValues(uniqueName('Ziffern')), 'halter.person.name': '' })
    await field(page, 'versicherungsdaten.gueltigAb').fill(digits)
    if (jsEnabled(test.info())) {
      // With JS the field shows the date as soon as it is left.
      await field(page, 'versicherungsdaten.gueltigAb').press('Tab')
      await expect(field(page, 'versicherungsdaten.gueltigAb')).toHaveValue(today)
    }
    await submitCreate(page)
    await expectErrorSummary(page, [
      ['Name (Halter): Bitte füllen Sie dieses Feld aus.', 'halter-person-name'],
    ])
    // Without JS the server shows it as dd.mm.yyyy with the errors.
    await expect(field(page, 'versicherungsdaten.gueltigAb')).toHaveValue(today)
    await expectNoA11yViolations(page, 'create: errors')
    await field(page, 'halter.person.name').fill(uniqueName('Ziffern'))
    await submitCreate(page)
    await expect(page).toHaveURL(/\/svn\/\d+$/)
    await expect(page.locator('dt:text-is("Gültig ab") + dd').first()).toHaveText(today)
  })

  test('template: the record fills the form, valid-from cleared; it creates a new SVN', async ({ page }) => {
    await loginAs(page, 'clerk@alpina.example')
    const ids = await svnSearchIds(page, 'sVnStatus=IV')
    const templateId = ids[jsEnabled(test.info()) ? 0 : 1] ?? 0
    await page.goto(`/svn/${templateId}`)
    const holder = (await page.locator('dt:text-is("Name") + dd').first().innerText()).trim()
    await page.getByRole('link', { name: 'Als Vorlage verwenden' }).click()
    await expect(page).toHaveURL(`/svn/create?template=${templateId}`)
    await expect(page.getByText(`Die Daten der SVN ${templateId} sind als Vorlage übernommen.`)).toBeVisible()
    await expect(field(page, 'halter.person.name')).toHaveValue(holder)
    await expect(field(page, 'versicherungsdaten.gueltigAb')).toHaveValue('')
    await expect(field(page, 'wikCGueltigAb')).toHaveValue('')
    await field(page, 'versicherungsdaten.gueltigAb').fill(zurichDay())
    await submitCreate(page)
    await expect(page).toHaveURL(/\/svn\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    expect(id).not.toBe(templateId)
    await expect(heading(page)).toHaveText(`SVn ${id} – Offen`)
    await expect(page.locator('dt:text-is("Name") + dd').first()).toHaveText(holder)
  })

  test('the same form posted twice makes one SVN', async ({ page }) => {
    await openNewForm(page)
    const name = uniqueName('Doppelt')
    const values = validValues(name)
    const form: Record<string, string> = {
      ...values,
      csrf: await csrfFromPage(page),
      formToken: (await page.locator('input[name="formToken"]').getAttribute('value')) ?? '',
      intent: 'create',
    }
    expect(form.formToken).not.toBe('')
    const origin = new URL(page.url()).origin
    const post = () =>
      page.request.post('/svn/create', { form, maxRedirects: 0, headers: { Origin: origin } })
    const first = await post()
    const second = await post()
    expect(first.status()).toBe(302)
    expect(second.status()).toBe(302)
    const target = first.headers().location ?? ''
    expect(target).toMatch(/^\/svn\/\d+$/)
    expect(second.headers().location).toBe(target)
    const id = Number(target.split('/').pop())
    expect(await svnSearchIds(page, `name=${name}`)).toEqual([id])
  })

  test('a read-only user is refused', async ({ page }) => {
    await loginAs(page, 'reader@alpina.example')
    await page.goto('/svn/create')
    await expect(page).toHaveURL('/no-permission')
  })

  test('a broker sees the broker number read-only', async ({ page }) => {
    await openNewForm(page, 'broker@seeland.example')
    await expect(page.locator('main dt:text-is("Maklernummer") + dd')).toHaveText('4711')
    await expect(page.locator('main [name="maklerNr"]')).toHaveCount(0)
  })

  test('keyboard only: Tab through the form, type, choose, Enter creates', async ({ page }) => {
    await openNewForm(page)
    const name = uniqueName('Tasten')
    const typed: [string, string][] = [
      ['halter.person.personenTyp', 'Nat'],
      ['halter.person.name', name],
      ['halter.person.vorname', 'Anna'],
      ['halter.person.geburtsdatum', '15061985'],
      ['halter.adresse.strasse', 'Quai 3'],
      ['halter.adresse.plz', '6000'],
      ['halter.adresse.ort', 'Luzern'],
      ['schiff.schaleNr', 'KB-1'],
      ['schiff.art', 'Segel'],
      ['schiff.markeTyp', 'Laser'],
      ['schild.kanton', 'LU'],
      ['versicherungsdaten.ivGrund', '57'],
      ['versicherungsdaten.gueltigAb', zurichDay().replaceAll('.', '')],
    ]
    await page.locator('main h1').click()
    for (const [name, keys] of typed) {
      await tabTo(page, field(page, name))
      await page.keyboard.type(keys)
    }
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/svn\/\d+$/, { timeout: 10_000 })
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    await expect(heading(page)).toHaveText(`SVn ${id} – Offen`)
    await expect(page.locator('dt:text-is("Geburtsdatum") + dd').first()).toHaveText('15.06.1985')
  })

  test('draft: saved and restored, named beside a template and the empty form, then discarded', async ({
    page,
  }) => {
    // Long: three forms, a search and a record, up to four axe runs; 1.9 min without JS in a full CI
    // run (2026-12-01). A limit for hangs, not a time goal.
    test.setTimeout(240_000)
    const js = jsEnabled(test.info())
    await openNewForm(page, js ? 'clerk@leman.example' : 'broker@seeland.example')
    const name = uniqueName('Entwurf')
    const restored = page.getByText(/^Dieses Formular zeigt Ihren gespeicherten Entwurf vom .*\./)
    const otherDraft = page.getByText(/^Ihr Entwurf vom .* ist noch gespeichert\. Er wird ersetzt, sobald/)
    await field(page, 'halter.person.name').fill(name)
    await field(page, 'schiff.markeTyp').fill('Draft 1')
    await page.getByRole('button', { name: 'Entwurf speichern' }).click()
    await expect(page.getByText('Der Entwurf wurde gespeichert.')).toBeVisible()
    await expect(page).toHaveURL('/svn/create')
    await expect(restored).toBeVisible()
    await expect(field(page, 'halter.person.name')).toHaveValue(name)
    await expect(field(page, 'schiff.markeTyp')).toHaveValue('Draft 1')

    // A record as a template fills the form with its data, beside the stored draft, which the note
    // names: the template does not hide the draft, nor the draft the template.
    const [templateId] = await svnSearchIds(page, 'sVnStatus=IV')
    expect(templateId, 'a record to take as the template').toBeDefined()
    await page.goto(`/svn/${templateId}`)
    await tabTo(page, page.getByRole('link', { name: 'Als Vorlage verwenden' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/svn/create?template=${templateId}`)
    await expect(page.getByText(`Die Daten der SVN ${templateId} sind als Vorlage übernommen.`)).toBeVisible()
    await expect(otherDraft).toBeVisible()
    await expect(restored).toHaveCount(0)
    await expect(field(page, 'halter.person.name')).not.toHaveValue(name)
    await expect(field(page, 'halter.person.name')).not.toHaveValue('')
    await expectNoA11yViolations(page, 'a template beside a stored draft')

    // "Zurücksetzen" opens the empty form beside the stored draft, which it names with the way back to
    // it: one draft per user, so this form's first save replaces it.
    await page.getByRole('button', { name: 'Entwurf speichern' }).focus()
    await tabTo(page, page.getByRole('link', { name: 'Zurücksetzen' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(NEW_FORM)
    await expect(otherDraft).toBeVisible()
    await expect(field(page, 'halter.person.name')).toHaveValue('')
    await expectNoA11yViolations(page, 'the empty form beside a stored draft')

    if (js) {
      // Auto-save: the floppy while unsaved, the check mark for 2 s after the save. The saved form is
      // the draft now: the note says so, and the address becomes the draft's, so a reload shows it.
      // A fresh load first: the status's texts come with the page.
      await page.reload()
      await waitForHydration(page)
      const languageFiles = watchLanguageFiles(page)
      // The skip link first, as a keyboard user would: the address gets `#main`, which the move drops
      // (the router would scroll to it, away from the field being typed in).
      await page.getByRole('link', { name: 'Zum Inhalt springen' }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(`${NEW_FORM}#main`)
      await field(page, 'schiff.markeTyp').fill('Draft 2')
      await expect(page.locator('[data-draft-state="unsaved"]')).toHaveText('Ungespeicherte Änderungen')
      // Shown by the script alone, and carried by the page (ADR 530): no language file for it. (Checked
      // here, before the save: the save's fetcher call loads the language file, as every call does.)
      expect(languageFiles).toEqual([])
      await expect(page.locator('[data-draft-state="saved"]')).toBeVisible({ timeout: 6_000 })
      await expect(
        page.getByRole('status').filter({ hasText: /Entwurf automatisch gespeichert um/ }),
      ).toHaveCount(1)
      await expect(otherDraft).toHaveCount(0)
      await expect(
        page.getByText(/^Dieses Formular ist jetzt Ihr Entwurf\. Es hat den Entwurf vom .* ersetzt\.$/),
      ).toBeVisible()
      // The router's navigation: the language form's way back follows; the form is not drawn again.
      await expect(page).toHaveURL('/svn/create')
      await expect(page.locator('form[action="/language"] [name="returnTo"]').first()).toHaveValue(
        '/svn/create',
      )
      await expect(field(page, 'schiff.markeTyp')).toBeFocused()
      await expect(field(page, 'schiff.markeTyp')).toBeInViewport()
      await expect(field(page, 'schiff.markeTyp')).toHaveValue('Draft 2')
      await expectNoA11yViolations(page, 'the form that replaced the stored draft')
      await expect(page.locator('[data-draft-state]')).toHaveCount(0, { timeout: 6_000 })
      await page.reload()
      await expect(restored).toBeVisible()
      await expect(field(page, 'schiff.markeTyp')).toHaveValue('Draft 2')
      await expect(field(page, 'halter.person.name')).toHaveValue('')
    } else {
      // A create refused by the server comes back with its errors and what was typed, and the note
      // still names the stored draft: the refused form did not replace it.
      await field(page, 'schiff.markeTyp').fill('Refused')
      await submitCreate(page)
      // The summary stays the first thing in main, before the note.
      await expectErrorSummary(
        page,
        EMPTY_FORM_ERRORS.filter(([, target]) => target !== 'schiff-markeTyp'),
      )
      await expect(field(page, 'schiff.markeTyp')).toHaveValue('Refused')
      await expect(otherDraft).toBeVisible()
      await expect(restored).toHaveCount(0)
      await expectNoA11yViolations(page, 'a refused create beside a stored draft')
      // Nothing is saved without the button: the note's link opens the stored draft.
      await tabTo(page, page.getByRole('link', { name: 'Entwurf öffnen' }))
      await page.keyboard.press('Enter')
      // (The refused create was posted to /svn/create already: the restored note says the link was followed.)
      await expect(restored).toBeVisible()
      await expect(page).toHaveURL('/svn/create')
      await expect(field(page, 'halter.person.name')).toHaveValue(name)
      await expect(field(page, 'schiff.markeTyp')).toHaveValue('Draft 1')
      await expectNoA11yViolations(page, 'the stored draft opened from the note')
    }

    await page.getByRole('button', { name: 'Entwurf verwerfen' }).click()
    await expect(page.getByText('Der Entwurf wurde verworfen.')).toBeVisible()
    await expect(otherDraft).toHaveCount(0)
    await expect(field(page, 'halter.person.name')).toHaveValue('')
    await page.goto('/svn/create')
    await expect(restored).toHaveCount(0)
    await expect(field(page, 'halter.person.name')).toHaveValue('')
  })
})

test.describe('date picker (JS only)', () => {
  const pickerButton = (page: Page) =>
    page.getByRole('button', { name: 'Gültig ab: Datum im Kalender wählen', exact: true })
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Gültig ab: Datum wählen', exact: true })
  const focusedDay = (d: Locator) => d.locator('[role="grid"] button:focus')

  test('keyboard: arrows, PageDown, Enter picks; Escape closes; Heute; axe on the open picker', async ({
    page,
  }) => {
    if (!jsEnabled(test.info())) {
      await openNewForm(page)
      await expect(page.locator('[data-date-picker-for]')).toHaveCount(0)
      return
    }
    // The calendar is its own script, fetched only for a picker (on the button's focus, or its opening).
    const calendarChunks: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/DateCalendar-[^/]*\.js$/.test(request.url())) calendarChunks.push(request.url())
    })
    // Picking a date is a change the draft may save: a user no other create test opens the form as.
    await openNewForm(page, 'broker.admin@seeland.example')
    expect(calendarChunks).toEqual([])
    const input = field(page, 'versicherungsdaten.gueltigAb')
    await tabTo(page, pickerButton(page))
    await page.keyboard.press('Enter')
    const d = dialog(page)
    await expect(d).toBeVisible()
    await expect.poll(() => calendarChunks.length).toBe(1)
    await expect(focusedDay(d)).toHaveCount(1)
    // Monday first, six weeks, today focused when the field is empty.
    await expect(d.locator('[role="grid"] thead th').first()).toHaveAttribute('aria-label', 'Montag')
    await expect(d.locator('[role="grid"] tbody tr')).toHaveCount(6)
    await expect(focusedDay(d)).toHaveAttribute('aria-label', /^Heute, /)
    await expectNoA11yViolations(page, 'create: date picker open')

    // Today + 1 day, then + 1 month, Enter picks.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('PageDown')
    await page.keyboard.press('Enter')
    await expect(d).toBeHidden()
    await expect(pickerButton(page)).toBeFocused()
    const tomorrow = zurichDay(1).split('.').map(Number) as [number, number, number]
    const expected = new Date(tomorrow[2], tomorrow[1], tomorrow[0])
    if (expected.getDate() !== tomorrow[0]) expected.setDate(0) // shorter next month: its last day
    const text = `${String(expected.getDate()).padStart(2, '0')}.${String(expected.getMonth() + 1).padStart(2, '0')}.${expected.getFullYear()}`
    await expect(input).toHaveValue(text)

    // It opens on the chosen day; Escape closes without a change, focus back on the button.
    await page.keyboard.press('Enter')
    await expect(d).toBeVisible()
    await expect(focusedDay(d)).toHaveAttribute('aria-label', /ausgewählt/)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('Escape')
    await expect(d).toBeHidden()
    await expect(pickerButton(page)).toBeFocused()
    await expect(input).toHaveValue(text)

    // "Heute" picks today; "Schliessen" closes.
    await page.keyboard.press('Enter')
    await d.getByRole('button', { name: 'Heute' }).click()
    await expect(input).toHaveValue(zurichDay())
    await page.keyboard.press('Enter')
    await expect(d).toBeVisible()
    await d.getByRole('button', { name: 'Schliessen' }).last().click()
    await expect(d).toBeHidden()
  })
})
