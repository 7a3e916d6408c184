export type ErrorKind = 'no-permission' | 'error' | 'accessdenied' | 'not-found'

/**
 * Decorative picture for the error pages: a boat on the water with a sign telling the kind
 * (question mark: not found; lock: no permission / access denied; exclamation mark: error).
 * The heading and text say everything, so the picture is hidden from assistive technology.
 */
export function ErrorIllustration({
  kind,
  className = 'h-auto w-40',
}: {
  kind: ErrorKind
  className?: string
}) {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" focusable="false" className={className}>
      <circle
        cx="112"
        cy="36"
        r="24"
        fill="var(--color-brand-50)"
        stroke="var(--color-brand-700)"
        strokeWidth="3"
      />
      {kind === 'not-found' ? (
        <path
          d="M104 30a8 8 0 1 1 11 7.4c-2 .9-3 2.4-3 4.6v1M112 49v1"
          fill="none"
          stroke="var(--color-brand-700)"
          strokeWidth="4"
          strokeLinecap="round"
        />
      ) : kind === 'error' ? (
        <path
          d="M112 24v16M112 48v1"
          fill="none"
          stroke="var(--color-brand-700)"
          strokeWidth="4"
          strokeLinecap="round"
        />
      ) : (
        <g fill="none" stroke="var(--color-brand-700)" strokeWidth="3.5" strokeLinejoin="round">
          <rect x="102" y="35" width="20" height="14" rx="2" fill="var(--color-brand-700)" />
          <path d="M106 35v-5a6 6 0 0 1 12 0v5" />
        </g>
      )}
      <path d="M58 30v50H28z" fill="var(--color-brand-700)" />
      <path d="M64 40v40h24z" fill="var(--color-brand-100)" stroke="var(--color-brand-700)" strokeWidth="2" />
      <path d="M22 84h76l-9 12H31z" fill="var(--color-brand-800)" />
      <path
        d="M8 104c6 0 6-4 12-4s6 4 12 4 6-4 12-4 6 4 12 4 6-4 12-4 6 4 12 4 6-4 12-4 6 4 12 4 6-4 12-4 6 4 12 4 6-4 12-4 6 4 12 4"
        fill="none"
        stroke="var(--color-brand-700)"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  )
}
