import { useTranslation } from '../lib/texts.tsx'
import { ErrorSummary } from '~/components/form/ErrorSummary.tsx'
import { SvnSearchForm } from '~/components/svn/SvnSearchForm.tsx'
import { SvnSearchResults } from '~/components/svn/SvnSearchResults.tsx'
import {
  isSearchRequested,
  readSearchForm,
  readSort,
  SEARCH_FIELDS,
  type SearchField,
} from '~/components/svn/search-url.ts'
import { requireAccess } from '~/lib/auth.server.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import { titleMeta } from '~/lib/meta.ts'
import { RegisterError } from '~/lib/register.server.ts'
import { searchSvn, type SearchPage } from '~/lib/svn.server.ts'
import { fieldErrors } from '~/lib/validation.ts'
import { SvnSearchSchema } from '../../domain/svn/search.ts'
import type { Route } from './+types/svn.search'
import { ErrorNotice } from '~/components/ErrorNotice.tsx'

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const url = new URL(request.url)
  const params = url.searchParams
  const values = readSearchForm(params)
  const sort = readSort(params)
  const heading = t('screens.svnSearch.title')
  const base = { heading, values, sort, query: params.toString() }
  const empty = { errors: {} as Partial<Record<SearchField, string>>, result: null as SearchPage | null }

  if (!isSearchRequested(params)) return { ...base, ...empty, title: heading, failed: false }

  const parsed = SvnSearchSchema.safeParse({ ...values, sort: sort.key, order: sort.order })
  if (!parsed.success) {
    const all = fieldErrors(t, parsed.error)
    const errors: Partial<Record<SearchField, string>> = {}
    for (const f of SEARCH_FIELDS) if (all[f]) errors[f] = all[f]
    return { ...base, ...empty, errors, title: `${t('common.errorPrefix')}${heading}`, failed: false }
  }

  try {
    const result = await searchSvn(context, session, parsed.data, params.get('page'))
    const { shown, page, pageCount } = result
    const title =
      shown > 0 ? `${heading} – ${t('pagination.titleSuffix', { page, count: pageCount })}` : heading
    return { ...base, errors: empty.errors, result, title, failed: false }
  } catch (error) {
    if (error instanceof RegisterError && error.status === 400) {
      // The portal checks with the register's own schema, so this is rare: mark what it named.
      const named = (error.body as { fieldErrors?: Record<string, unknown> } | null)?.fieldErrors ?? {}
      const errors: Partial<Record<SearchField, string>> = {}
      for (const f of SEARCH_FIELDS) if (f in named) errors[f] = t('validation.invalid')
      if (Object.keys(errors).length > 0)
        return { ...base, ...empty, errors, title: `${t('common.errorPrefix')}${heading}`, failed: false }
    }
    if (error instanceof RegisterError && error.status < 500 && error.status !== 400) throw error
    console.error(error)
    return { ...base, ...empty, title: `${t('common.errorPrefix')}${heading}`, failed: true }
  }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

export default function SvnSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { heading, values, errors, sort, result, query, failed } = loaderData
  const summary = SEARCH_FIELDS.flatMap((name) => {
    const message = errors[name]
    return message ? [{ name, label: t(`svn.fields.${name}`), message }] : []
  })
  return (
    <>
      <ErrorSummary errors={summary} />
      <h1 className="mb-4 text-2xl font-semibold">{heading}</h1>
      {failed ? <ErrorNotice>{t('errors.registerUnavailable')}</ErrorNotice> : null}
      <SvnSearchForm values={values} errors={errors} sort={sort} />
      {result ? (
        <SvnSearchResults
          rows={result.rows}
          total={result.total}
          shown={result.shown}
          page={result.page}
          pageCount={result.pageCount}
          sort={sort}
          query={query}
        />
      ) : null}
    </>
  )
}
