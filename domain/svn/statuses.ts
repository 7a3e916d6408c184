/** SVN statuses of spec §3, in lifecycle order. */
export const SVN_STATUSES = [
  'OPEN',
  'CANCELED',
  'UNTREATED',
  'RESERVED',
  'IV',
  'AE',
  'AV',
  'DELETABLE',
] as const
export type SvnStatus = (typeof SVN_STATUSES)[number]

/** What search may filter on and ever return: DELETABLE records are gone for users (spec §2). */
export const SEARCHABLE_STATUSES = SVN_STATUSES.filter(
  (s): s is Exclude<SvnStatus, 'DELETABLE'> => s !== 'DELETABLE',
)

export function isSvnStatus(value: unknown): value is SvnStatus {
  return typeof value === 'string' && (SVN_STATUSES as readonly string[]).includes(value)
}
