import { hasAnyAuthority } from '../roles.ts'
import type { SvnStatus } from './statuses.ts'

export interface DetailActions {
  template: boolean
  cancelSvn: boolean
  createAe: boolean
  cancelAe: boolean
  showIv: boolean
  showAv: boolean
}

/** Which detail-screen buttons show (spec §4 "SVN status actions on the detail screen"). */
export function detailActions(status: SvnStatus, roles: readonly string[]): DetailActions {
  return {
    template: hasAnyAuthority(roles, ['SVN_ERSTELLEN', 'SVN_ERSTELLEN_WIK_C']),
    cancelSvn: status === 'OPEN' && roles.includes('SVN_STORNIEREN'),
    createAe: status === 'IV' && roles.includes('AE_ERSTELLEN'),
    cancelAe: status === 'AE' && roles.includes('AE_STORNIEREN'),
    showIv: status === 'IV' || status === 'AV',
    showAv: status === 'AV',
  }
}
