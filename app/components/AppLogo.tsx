/**
 * The portal's mark: a sailing boat on a wave. Decorative — the product title is always written
 * next to it — so it is hidden from assistive technology.
 */
export function AppLogo({ className = 'size-9 shrink-0' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
      <rect width="40" height="40" rx="8" fill="var(--color-brand-700)" />
      <path d="M20 7v18h-10z" fill="#fff" />
      <path d="M22 10v15h8z" fill="var(--color-brand-100)" />
      <path d="M8 27h24l-3 4H11z" fill="#fff" />
      <path
        d="M5 34c2.5 0 2.5-1.5 5-1.5s2.5 1.5 5 1.5 2.5-1.5 5-1.5 2.5 1.5 5 1.5 2.5-1.5 5-1.5 2.5 1.5 5 1.5"
        fill="none"
        stroke="var(--color-brand-100)"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  )
}
