import type { JSX, ReactNode, SVGProps } from 'react'
import type { NavIcon as NavIconName } from '../../domain/navigation.ts'

/**
 * Inline SVG icons (nothing is loaded from another origin). Always decorative: the text next to
 * them carries the meaning, so they are hidden from assistive technology.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>

function Svg({ className = 'size-5 shrink-0', ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    />
  )
}

export function HomeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 11 12 3l9 8" />
      <path d="M5 10v10h5v-6h4v6h5V10" />
    </Svg>
  )
}

export function CircleCrossIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6M15 9l-6 6" />
    </Svg>
  )
}

export function UsersIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.4c2 .8 3.5 2.8 3.5 5.6" />
    </Svg>
  )
}

export function ImageIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="m3 18 5.5-5 4 3.5 3-2.5L21 18" />
    </Svg>
  )
}

export function UserGroupIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="7" r="3" />
      <circle cx="5" cy="10" r="2.2" />
      <circle cx="19" cy="10" r="2.2" />
      <path d="M6.5 20c0-3.2 2.5-5.5 5.5-5.5s5.5 2.3 5.5 5.5M1.5 19c0-2.3 1.4-4 3.5-4.3M22.5 19c0-2.3-1.4-4-3.5-4.3" />
    </Svg>
  )
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  )
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  )
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Svg>
  )
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.7L16 9.8" />
    </Svg>
  )
}

export function CalendarIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="1.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </Svg>
  )
}

/** The floppy disk: a draft with unsaved changes. */
export function SaveIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 3.5h11.5l3.5 3.5v13.5H4V4.5a1 1 0 0 1 1-1Z" />
      <path d="M8 3.5v5h7v-5M7.5 20.5v-6h9v6" />
    </Svg>
  )
}

export function InfoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </Svg>
  )
}

export function WarningIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3 2 20h20L12 3Z" />
      <path d="M12 10v4.5M12 17.5v.5" />
    </Svg>
  )
}

export function ErrorIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6M12 16.5v.5" />
    </Svg>
  )
}

const NAV_ICONS: Record<NavIconName, (props: IconProps) => JSX.Element> = {
  home: HomeIcon,
  'circle-cross': CircleCrossIcon,
  users: UsersIcon,
  image: ImageIcon,
  'user-group': UserGroupIcon,
}

/** The icon a navigation section or entry names in domain/navigation.ts. */
export function NavIcon({ name, ...props }: IconProps & { name: NavIconName }) {
  const Icon = NAV_ICONS[name]
  return <Icon {...props} />
}
