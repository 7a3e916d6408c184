import {
  FILE_TYPE_SCREEN,
  type FileEntry,
  type FileFormat,
  type FileType,
} from '../../../domain/files/types.ts'
import type { NavCountKey } from '../../../domain/navigation.ts'
import type { TranslationKey } from '../../lib/i18n-keys.ts'
import type { Translate } from '../../lib/translate.ts'
import { formatNumber } from '../../../domain/number-format.ts'

/**
 * The three file-pickup screens (spec §2 "File pickup screens", DESIGN §5 "File pickup") share one
 * screen component; everything that differs between them is in this table.
 */

export interface PickupScreen {
  type: FileType
  /** The screen's URL; its route-table authorities also guard the file downloads of this type. */
  path: string
  /** i18n key of the screen's title (the count is appended in brackets). */
  titleKey: TranslationKey
  /** Which menu badge shows this type's not-downloaded count. */
  countKey: NavCountKey
  /** Spec §2: untreated SVN shows the broker number only; IV/AV and rejected AE also von, bis, new/all. */
  dateRange: boolean
  reloadChoice: boolean
}

export const PICKUP_SCREENS: Readonly<Record<FileType, PickupScreen>> = {
  SVN: {
    type: 'SVN',
    path: FILE_TYPE_SCREEN.SVN,
    titleKey: 'screens.svnUntreated.title',
    countKey: 'svn',
    dateRange: false,
    reloadChoice: false,
  },
  IVAV: {
    type: 'IVAV',
    path: FILE_TYPE_SCREEN.IVAV,
    titleKey: 'screens.ivAvRetrieve.title',
    countKey: 'ivav',
    dateRange: true,
    reloadChoice: true,
  },
  AE: {
    type: 'AE',
    path: FILE_TYPE_SCREEN.AE,
    titleKey: 'screens.aeRejected.title',
    countKey: 'ae',
    dateRange: true,
    reloadChoice: true,
  },
}

export const COUNT_KEY_TYPES: Readonly<Record<NavCountKey, FileType>> = { svn: 'SVN', ivav: 'IVAV', ae: 'AE' }

/** Spec §4: the list is shown sorted by file name in reverse order (code-unit order, like the register). */
export function sortFilesByNameDesc<T extends { fileName: string }>(files: readonly T[]): T[] {
  return [...files].sort((a, b) => (a.fileName < b.fileName ? 1 : a.fileName > b.fileName ? -1 : 0))
}

export function notDownloadedCount(files: readonly FileEntry[]): number {
  return files.filter((f) => !f.isDownloaded).length
}

/** A file's size as the list shows it ("12 kB", French "1 075 ko"); a file with content never says 0. */
export function fileSizeText(t: Translate, kb: number, lng: string): string {
  return t('files.list.sizeKb', { size: formatNumber(kb > 0 && kb < 1 ? 1 : Math.round(kb), lng) })
}

/** The portal's download URL of a file (DESIGN §7): `/files/{type}/{fileName}`. */
export function fileHref(type: FileType, fileName: string): string {
  return `/files/${type}/${encodeURIComponent(fileName)}`
}

/** The generation form as typed (DESIGN §7 control names). Date fields keep the typed text. */
export interface PickupFormValues {
  von: string
  bis: string
  maklerNr: string
  /** 'false' = new files only (the default, spec §9), 'true' = all. */
  reload: 'false' | 'true'
}
export type PickupField = keyof PickupFormValues
export const PICKUP_FIELDS: readonly PickupField[] = ['von', 'bis', 'maklerNr', 'reload']

export const EMPTY_PICKUP_FORM: PickupFormValues = { von: '', bis: '', maklerNr: '', reload: 'false' }

/** Reads the posted form; fields this screen does not show (or this user may not use) stay empty. */
export function readPickupForm(
  form: FormData | URLSearchParams,
  screen: PickupScreen,
  maklerNrShown: boolean,
): PickupFormValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return {
    von: screen.dateRange ? text('von') : '',
    bis: screen.dateRange ? text('bis') : '',
    maklerNr: maklerNrShown ? text('maklerNr') : '',
    reload: screen.reloadChoice && text('reload') === 'true' ? 'true' : 'false',
  }
}

export const GENERATE_INTENTS: Readonly<Record<'generate-xml' | 'generate-csv', FileFormat>> = {
  'generate-xml': 'XML',
  'generate-csv': 'CSV',
}
export type GenerateIntent = keyof typeof GENERATE_INTENTS

export function isGenerateIntent(value: unknown): value is GenerateIntent {
  return typeof value === 'string' && Object.hasOwn(GENERATE_INTENTS, value)
}
