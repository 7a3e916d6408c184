import { describe, expect, it } from 'vitest'
import fr from '../../locales/fr.json' with { type: 'json' }
import { germanTexts } from '../../../tests/render-in-router.tsx'
import { serverTexts } from '../../lib/texts.tsx'
import { flatten } from '../../lib/translate.ts'
import {
  EMPTY_PICKUP_FORM,
  fileHref,
  fileSizeText,
  isGenerateIntent,
  notDownloadedCount,
  PICKUP_SCREENS,
  readPickupForm,
  sortFilesByNameDesc,
} from './pickup.ts'

const file = (id: number, fileName: string, isDownloaded = false) => ({
  id,
  fileName,
  fileSizeInKb: 1,
  isDownloaded,
})

describe('pickup helpers', () => {
  it('sorts by file name descending (newest first for the register names)', () => {
    const files = [
      file(1, 'SVN_1001_20260101T080000Z.xml'),
      file(2, 'SVN_1001_20260301T080000Z.csv'),
      file(3, 'SVN_1001_20260301T080000Z.xml'),
      file(4, 'SVN_1001_20251231T235959Z.xml'),
    ]
    expect(sortFilesByNameDesc(files).map((f) => f.id)).toEqual([3, 2, 1, 4])
    expect(files[0]?.id).toBe(1) // the input is left as it was
  })

  it('counts the files not downloaded yet', () => {
    expect(notDownloadedCount([file(1, 'a', true), file(2, 'b'), file(3, 'c')])).toBe(2)
    expect(notDownloadedCount([])).toBe(0)
  })

  it('builds the download URL with the name encoded', () => {
    expect(fileHref('IVAV', 'IVAV_1001_20260101T080000Z.csv')).toBe(
      '/files/IVAV/IVAV_1001_20260101T080000Z.csv',
    )
    expect(fileHref('AE', 'a b/c?.xml')).toBe('/files/AE/a%20b%2Fc%3F.xml')
  })

  it('reads only the fields the screen shows and defaults to new files', () => {
    const form = new URLSearchParams('von=1.2.2026&bis=x&maklerNr=4711&reload=true&referenz=R1')
    expect(readPickupForm(form, PICKUP_SCREENS.IVAV, true)).toEqual({
      von: '1.2.2026',
      bis: 'x',
      maklerNr: '4711',
      reload: 'true',
    })
    // Untreated SVN: broker number only; reload stays "new".
    expect(readPickupForm(form, PICKUP_SCREENS.SVN, true)).toEqual({ ...EMPTY_PICKUP_FORM, maklerNr: '4711' })
    // A broker never sends a broker number (the field is hidden).
    expect(readPickupForm(form, PICKUP_SCREENS.AE, false).maklerNr).toBe('')
    expect(readPickupForm(new URLSearchParams('reload=maybe'), PICKUP_SCREENS.AE, true).reload).toBe('false')
  })

  it('knows the two generate intents only', () => {
    expect(isGenerateIntent('generate-xml')).toBe(true)
    expect(isGenerateIntent('generate-csv')).toBe(true)
    expect(isGenerateIntent('delete-file')).toBe(false)
    expect(isGenerateIntent(null)).toBe(false)
  })

  it('maps every type to its screen and menu badge', () => {
    expect(Object.values(PICKUP_SCREENS).map((s) => [s.type, s.path, s.countKey])).toEqual([
      ['SVN', '/svn/untreated', 'svn'],
      ['IVAV', '/svn/iv-av-retrieve', 'ivav'],
      ['AE', '/ae/rejected', 'ae'],
    ])
  })
})

describe('fileSizeText', () => {
  it('writes the size in kB with Swiss grouping and the unit bound to it; never 0 for a file with content', () => {
    const de = germanTexts.translate()
    expect(fileSizeText(de, 0.2, 'de')).toBe('1\u00a0kB')
    expect(fileSizeText(de, 0, 'de')).toBe('0\u00a0kB')
    expect(fileSizeText(de, 12345.4, 'de')).toBe('12\u2019345\u00a0kB')
    const french = serverTexts('fr', flatten(fr)).translate()
    expect(fileSizeText(french, 1075, 'fr')).toBe('1\u202f075\u00a0ko')
  })
})
