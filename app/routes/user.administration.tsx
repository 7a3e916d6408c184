import { useNoteTexts, useTranslation } from '../lib/texts.tsx'
import { Link, useOutlet } from 'react-router'
import { DATA_TABLE_KEYS, DataTable, type Column, type Row } from '~/components/table/DataTable.tsx'
import { Pagination, PAGINATION_KEYS } from '~/components/table/Pagination.tsx'
import { pageCountOf, parsePage } from '~/components/table/pagination.ts'
import { useHydrated } from '~/components/useHydrated.ts'
import {
  listQuery,
  readUserSort,
  sortUsers,
  USER_PAGE_SIZE,
  userDialogHref,
  userPageHref,
  userSortHref,
} from '~/components/users/user-list.ts'
import { requireAccess } from '~/lib/auth.server.ts'
import { getInstance } from '~/lib/i18n.server.ts'
import type { TranslationKey } from '~/lib/i18n-keys.ts'
import { titleMeta } from '~/lib/meta.ts'
import { listUsers } from '~/lib/users.server.ts'
import { formatNumber } from '../../domain/number-format.ts'
import type { Route } from './+types/user.administration'

type ColumnKey = 'nachname' | 'vorname' | 'email' | 'type' | 'aktiv'

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAccess(context, request)
  const { t } = getInstance(context)
  const params = new URL(request.url).searchParams
  const sort = readUserSort(params)
  const users = sortUsers(await listUsers(context, session), sort)
  const pageCount = pageCountOf(users.length, USER_PAGE_SIZE)
  const page = parsePage(params.get('page'), pageCount)
  const start = (page - 1) * USER_PAGE_SIZE
  const heading = t('screens.userAdministration.title')
  return {
    heading,
    title:
      pageCount > 1 ? `${heading} – ${t('pagination.titleSuffix', { page, count: pageCount })}` : heading,
    rows: users.slice(start, start + USER_PAGE_SIZE).map((u) => ({
      id: u.id,
      nachname: u.nachname,
      vorname: u.vorname ?? '',
      email: u.email,
      type: u.type,
      aktiv: u.aktiv,
    })),
    total: users.length,
    page,
    pageCount,
    sort,
    query: params.toString(),
  }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data?.title)

/**
 * The insurer's users (spec §2 "User administration page"). The dialog routes below render into the
 * outlet: with JS over this list, without JS instead of it (a page of their own, DESIGN §7).
 */
export default function UserAdministration({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const outlet = useOutlet()
  const hydrated = useHydrated()
  // With a dialog open the server renders the dialog alone (without JS a page of its own); with JS this
  // list appears behind it at hydration. The list is built first either way and the table's texts are
  // noted, so that the page carries them and hydration fetches no language file (ADR 530, 531).
  useNoteTexts(outlet ? [...DATA_TABLE_KEYS, ...PAGINATION_KEYS] : [])

  const { heading, rows, total, page, pageCount, sort, query } = loaderData
  const params = new URLSearchParams(query)
  const keep = listQuery(params)
  const sortable = (key: 'nachname' | 'vorname' | 'email') => ({ sortHref: userSortHref(params, key) })
  const columns: Column<ColumnKey>[] = [
    { key: 'nachname', label: t('admin.users.fields.nachname'), ...sortable('nachname') },
    { key: 'vorname', label: t('admin.users.fields.vorname'), ...sortable('vorname') },
    { key: 'email', label: t('admin.users.fields.email'), ...sortable('email') },
    { key: 'type', label: t('admin.users.fields.type') },
    { key: 'aktiv', label: t('admin.users.fields.aktiv') },
  ]
  const tableRows: Row<ColumnKey>[] = rows.map((u) => {
    const href = userDialogHref(u.id, keep)
    return {
      key: u.id,
      href,
      cells: {
        nachname: (
          <Link
            to={href}
            id={`user-${u.id}`}
            aria-label={t('admin.users.open', { name: `${u.vorname} ${u.nachname}`.trim() })}
          >
            {u.nachname}
          </Link>
        ),
        vorname: u.vorname,
        email: u.email,
        type: t(`admin.userTypes.${u.type}` as TranslationKey, { defaultValue: u.type }),
        aktiv: u.aktiv ? t('admin.users.active') : t('admin.users.inactive'),
      },
    }
  })

  const list = (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{heading}</h1>
        <Link to={userDialogHref('new', keep)} className="btn btn-primary">
          {t('admin.users.new')}
        </Link>
      </div>
      <p role="status" className="mb-3">
        {t('admin.users.count', { total: formatNumber(total, i18n.language) })}
      </p>
      {rows.length > 0 ? (
        <>
          <DataTable
            caption={t('admin.users.caption', { page, count: pageCount })}
            columns={columns}
            rows={tableRows}
            sort={sort}
          />
          <Pagination page={page} pageCount={pageCount} href={(n) => userPageHref(params, n)} />
        </>
      ) : null}
    </>
  )
  if (outlet && !hydrated) return outlet
  return (
    <>
      {list}
      {outlet}
    </>
  )
}
