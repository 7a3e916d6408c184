import { useTranslation } from '../../lib/texts.tsx'
import { Link } from 'react-router'
import type { DetailActions } from '../../../domain/svn/detail-actions.ts'
import { ConfirmAction } from '../ConfirmAction.tsx'
import { IntentForm } from '../IntentForm.tsx'

export interface SvnDetailActionsProps {
  svnId: number
  /** Which buttons show (domain/svn/detail-actions.ts: spec §4 status × roles). */
  actions: DetailActions
  /** The notification shown now, if any. */
  view: 'iv' | 'av' | null
  /** This record's URL with the search to return to (`/svn/{id}?back=…`); actions post here. */
  selfHref: string
  /** The search URL "back to search" leads to. */
  backHref: string
  csrf: string
}

/**
 * The detail screen's buttons (spec §4): back to search, use as template, cancel SVN (confirmed),
 * create AE (a plain POST), cancel AE (confirmed), show IV / show AV / hide as links. Not printed.
 */
export function SvnDetailActions({ svnId, actions, view, selfHref, backHref, csrf }: SvnDetailActionsProps) {
  const { t } = useTranslation()
  const viewHref = (kind: 'iv' | 'av') => `${selfHref}&view=${kind}`
  return (
    <nav aria-label={t('svn.detail.actions')} className="no-print mb-6">
      <ul className="flex flex-wrap items-center gap-3">
        <li>
          <Link to={backHref} className="btn btn-secondary">
            {t('svn.actions.backToSearch')}
          </Link>
        </li>
        {actions.template ? (
          <li>
            <Link to={`/svn/create?template=${svnId}`} className="btn btn-secondary">
              {t('svn.actions.template')}
            </Link>
          </li>
        ) : null}
        {actions.showIv && view !== 'iv' ? (
          <li>
            <Link to={viewHref('iv')} className="btn btn-secondary">
              {t('svn.actions.showIv')}
            </Link>
          </li>
        ) : null}
        {actions.showAv && view !== 'av' ? (
          <li>
            <Link to={viewHref('av')} className="btn btn-secondary">
              {t('svn.actions.showAv')}
            </Link>
          </li>
        ) : null}
        {view ? (
          <li>
            <Link to={selfHref} className="btn btn-secondary">
              {t('svn.actions.hideNotification')}
            </Link>
          </li>
        ) : null}
        {actions.createAe ? (
          <li>
            <IntentForm
              action={selfHref}
              csrf={csrf}
              intent="create-ae"
              label={t('svn.actions.createAe')}
              buttonClassName="btn btn-primary"
            />
          </li>
        ) : null}
        {actions.cancelAe ? (
          <li>
            <ConfirmAction
              intent="cancel-ae"
              label={t('svn.actions.cancelAe')}
              title={t('svn.confirm.cancelAeTitle', { id: svnId })}
              text={t('svn.confirm.cancelAeText', { id: svnId })}
              confirmLabel={t('svn.confirm.cancelAeOk')}
              cancelLabel={t('svn.confirm.keep')}
              action={selfHref}
              csrf={csrf}
            />
          </li>
        ) : null}
        {actions.cancelSvn ? (
          <li>
            <ConfirmAction
              intent="cancel-svn"
              label={t('svn.actions.cancelSvn')}
              title={t('svn.confirm.cancelSvnTitle', { id: svnId })}
              text={t('svn.confirm.cancelSvnText', { id: svnId })}
              confirmLabel={t('svn.confirm.cancelSvnOk')}
              cancelLabel={t('svn.confirm.keep')}
              action={selfHref}
              csrf={csrf}
            />
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
