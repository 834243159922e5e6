import type { SVGProps } from 'react';

/** The icons the UI uses (24 px outline, stroke in `currentColor`). */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 18l-6-6 6-6',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20a8 8 0 0116 0',
  logout: 'M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 16l-4-4 4-4M6 12h10',
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  check: 'M5 13l4 4L19 7',
  alert: 'M12 9v4M12 17h.01M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  info: 'M12 16v-4M12 8h.01M21 12a9 9 0 11-18 0 9 9 0 0118 0z',
  error: 'M12 8v5M12 16h.01M21 12a9 9 0 11-18 0 9 9 0 0118 0z',
  cash: 'M3 7h18v10H3zM12 15a3 3 0 100-6 3 3 0 000 6zM6 10v.01M18 14v.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h3',
  wallet: 'M4 7h14a2 2 0 012 2v9a2 2 0 01-2 2H4zM4 7l11-3v3M16 13h.01',
  gift: 'M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  scan: 'M4 8V5a1 1 0 011-1h3M16 4h3a1 1 0 011 1v3M20 16v3a1 1 0 01-1 1h-3M8 20H5a1 1 0 01-1-1v-3M7 12h10',
  ticket:
    'M4 7a2 2 0 012-2h12a2 2 0 012 2v3a2 2 0 000 4v3a2 2 0 01-2 2H6a2 2 0 01-2-2v-3a2 2 0 000-4zM13 5v14',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  drawer: 'M3 5h18v6H3zM5 11v8h14v-8M10 8h4',
  coins: 'M9 14a6 6 0 100-12 6 6 0 000 12zM15 10a6 6 0 11-5 9.9',
  report: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6',
  history: 'M3 12a9 9 0 109-9 9 9 0 00-7 3.3M3 4v4h4M12 8v4l3 2',
  refund: 'M9 14l-5-5 5-5M4 9h11a5 5 0 010 10h-3',
  members: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 20a7 7 0 0114 0M16 3.1a4 4 0 010 7.8M22 20a7 7 0 00-4-6.3',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  renew: 'M4 4v5h5M20 20v-5h-5M5.6 15a7.5 7.5 0 0013.3 2M18.4 9A7.5 7.5 0 005.1 7',
  chart: 'M4 20h16M7 16v-5M12 16V8M17 16V5',
  display: 'M3 4h18v12H3zM8 20h8M12 16v4',
} as const;

/** An icon name. */
export type IconName = keyof typeof PATHS;

/** Props of {@link Icon}: an SVG's props plus the icon's `name`. */
export interface IconProps extends SVGProps<SVGSVGElement> {
  readonly name: IconName;
}

/** A decorative outline icon (hidden from assistive technology: put the words beside it). */
export function Icon({ name, className = 'size-5', ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
