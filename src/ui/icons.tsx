import type { SVGProps } from 'react';

/**
 * A small set of line icons drawn for the product (16 px grid, 1.5 px stroke, currentColor).
 * Decorative by default (aria-hidden); give a label with `title` when an icon stands alone.
 */
export type IconName =
  | 'menu'
  | 'search'
  | 'home'
  | 'building'
  | 'people'
  | 'user'
  | 'role'
  | 'logout'
  | 'mail'
  | 'inbox'
  | 'bell'
  | 'close'
  | 'keyboard'
  | 'settings'
  | 'document'
  | 'chart'
  | 'list'
  | 'log'
  | 'help'
  | 'collapse'
  | 'expand'
  | 'check'
  | 'alert'
  | 'workflow'
  | 'chevron';

const PATHS: Record<IconName, string> = {
  menu: 'M2.5 4h11M2.5 8h11M2.5 12h11',
  search: 'M7 12.5a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11zM11 11l3.5 3.5',
  home: 'M2 7.5 8 2.5l6 5M3.5 6.5V14h3.5v-4h2v4h3.5V6.5',
  building: 'M3 14.5V2.5h7v12M10 6.5h3v8M1.5 14.5h13M5 5h1.5M5 8h1.5M5 11h1.5M7.5 5H8M7.5 8H8',
  people:
    'M6 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM1.5 14c0-2.5 2-4 4.5-4s4.5 1.5 4.5 4M11 7a2 2 0 1 0-.5-3.9M12 10c1.7.4 2.5 1.8 2.5 3.5',
  user: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2.5 14.5c0-3 2.5-4.5 5.5-4.5s5.5 1.5 5.5 4.5',
  role: 'M8 1.5 13.5 4v4c0 3-2.5 5.5-5.5 6.5C5 13.5 2.5 11 2.5 8V4zM5.5 8l2 2 3-3.5',
  logout: 'M6 2.5H3v11h3M10.5 5 7.5 8l3 3M7.5 8h7',
  mail: 'M2 3.5h12v9H2zM2 4l6 5 6-5',
  inbox: 'M2 9.5 4 3h8l2 6.5V13H2zM2 9.5h3.5l1 1.5h3l1-1.5H14',
  bell: 'M4 11.5V7a4 4 0 0 1 8 0v4.5l1.5 1.5h-11zM6.5 13.5a1.5 1.5 0 0 0 3 0',
  close: 'M4 4l8 8M12 4l-8 8',
  keyboard: 'M1.5 4h13v8h-13zM4 6.5h.5M6.5 6.5H7M9 6.5h.5M11.5 6.5h.5M5 9.5h6',
  settings:
    'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  document: 'M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3M5.5 8h5M5.5 10.5h5',
  chart: 'M2 14h12M4 11.5V8M7 11.5V4M10 11.5V6.5M13 11.5V9',
  list: 'M5.5 4h8.5M5.5 8h8.5M5.5 12h8.5M2 4h1M2 8h1M2 12h1',
  log: 'M3 1.5h10v13H3zM5.5 5h5M5.5 8h5M5.5 11h3',
  help: 'M8 14.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM6.2 6.2A1.9 1.9 0 1 1 8 8.5V9.5M8 11.5v.5',
  collapse: 'M2 2.5h12v11H2zM10 2.5v11M6.5 6 5 8l1.5 2',
  expand: 'M2 2.5h12v11H2zM10 2.5v11M5 6l1.5 2L5 10',
  check: 'M3 8.5 6.5 12 13 4.5',
  alert: 'M8 1.5 15 14H1zM8 6v4M8 11.75v.5',
  workflow: 'M2 3h4v3H2zM10 10h4v3h-4zM4 6v5.5h6M10 4.5h2.5V10',
  chevron: 'M10 3.5 5.5 8l4.5 4.5',
};

export type IconProps = SVGProps<SVGSVGElement> & { name: IconName; size?: number; title?: string };

export function Icon({ name, size = 16, title, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
