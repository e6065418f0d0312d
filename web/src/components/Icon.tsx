// Inline SVG icons (24px grid, currentColor). Decorative by default; pass `title` to give one an accessible name.
import type { ReactElement, SVGProps } from 'react';

export type IconName =
  | 'chefhat'
  | 'globe'
  | 'menu'
  | 'close'
  | 'search'
  | 'calendar'
  | 'users'
  | 'pin'
  | 'star'
  | 'chevron-down'
  | 'check'
  | 'alert'
  | 'info'
  | 'arrow-left'
  | 'external'
  | 'mail'
  | 'plate'
  | 'sparkles';

export const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const paths: Record<IconName, ReactElement> = {
  chefhat: (
    <g {...stroke}>
      <path d="M7 14.5A4.5 4.5 0 0 1 7.7 5.6 5 5 0 0 1 16.3 5.6 4.5 4.5 0 0 1 17 14.5V20H7z" />
      <path d="M7 17h10" />
    </g>
  ),
  globe: (
    <g {...stroke}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </g>
  ),
  menu: <path {...stroke} d="M4 6h16M4 12h16M4 18h16" />,
  close: <path {...stroke} d="M6 6l12 12M18 6 6 18" />,
  search: (
    <g {...stroke}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </g>
  ),
  calendar: (
    <g {...stroke}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </g>
  ),
  users: (
    <g {...stroke}>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21a7 7 0 0 1 14 0M16 4.1a4 4 0 0 1 0 7.8M22 21a7 7 0 0 0-4-6.3" />
    </g>
  ),
  pin: (
    <g {...stroke}>
      <path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" />
      <circle cx="12" cy="9" r="2.5" />
    </g>
  ),
  star: <path fill="currentColor" d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />,
  'chevron-down': <path {...stroke} d="m6 9 6 6 6-6" />,
  check: <path {...stroke} d="m5 12.5 4.5 4.5L19 7.5" />,
  alert: (
    <g {...stroke}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5h.01" />
    </g>
  ),
  info: (
    <g {...stroke}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5h.01" />
    </g>
  ),
  'arrow-left': <path {...stroke} d="M19 12H5m6-6-6 6 6 6" />,
  external: <path {...stroke} d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
  mail: (
    <g {...stroke}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </g>
  ),
  plate: (
    <g {...stroke}>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="4.5" />
    </g>
  ),
  sparkles: (
    <g {...stroke}>
      <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6.3 6.3l2.1 2.1M15.6 15.6l2.1 2.1M6.3 17.7l2.1-2.1M15.6 8.4l2.1-2.1" />
    </g>
  ),
};

/** The 24px SVG frame of an icon; `title` gives it an accessible name, else it is hidden from assistive technology. */
export function SvgIcon({ title, className = 'h-5 w-5', children, ...rest }: { title?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

export function Icon({ name, ...rest }: { name: IconName; title?: string } & SVGProps<SVGSVGElement>) {
  return <SvgIcon {...rest}>{paths[name]}</SvgIcon>;
}
