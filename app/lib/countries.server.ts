import type { RouterContextProvider } from 'react-router'
import type { FieldOption } from '~/components/form/FormField.tsx'
import { appContext } from './context.ts'
import { currentLanguage } from './i18n.server.ts'
import { registerJson } from './register.server.ts'
import type { Session } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

interface CodeItem {
  id: string
  de: string
  fr: string
  it: string
}

/**
 * The country choices (spec §2 "User dialog"): the register's code list Land, labelled "id - name"
 * in the current language. The code list has de/fr/it names only; English takes the name the
 * runtime knows for the ISO code, else the German one.
 */
export async function countryOptions(context: Context, session: Session): Promise<FieldOption[]> {
  const { config } = context.get(appContext)
  const lng = currentLanguage(context)
  const items = await registerJson<CodeItem[]>(config, session.data.accessToken, '/codes/category/Land')
  const english = lng === 'en' ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }) : null
  return items.map((item) => {
    const name = english ? (safeRegionName(english, item.id) ?? item.de) : item[lng === 'en' ? 'de' : lng]
    return { value: item.id, label: `${item.id} - ${name}` }
  })
}

function safeRegionName(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code)
  } catch {
    return undefined // not an ISO region code
  }
}

/** "id - name" for each of these country codes that the code list knows (detail views). */
export async function countryLabels(
  context: Context,
  session: Session,
  codes: readonly (string | null | undefined)[],
): Promise<Record<string, string>> {
  const wanted = new Set(codes.filter((code): code is string => Boolean(code)))
  if (wanted.size === 0) return {}
  const options = await countryOptions(context, session)
  return Object.fromEntries(options.filter((o) => wanted.has(o.value)).map((o) => [o.value, o.label]))
}
