import type { IconName } from '~/ui/icons.tsx';

/** Icons the server's menu names (its seed), mapped onto the app's icon set. */
const BY_NAME: Record<string, IconName> = {
  home: 'home',
  people: 'people',
  folder: 'document',
  factory: 'chart',
  topic: 'list',
  badge: 'user',
  settings: 'settings',
  report: 'log',
  workflow: 'workflow',
  bell: 'bell',
};

/** Icons by screen path, for entries the server sends without one. */
const BY_PATH: [prefix: string, icon: IconName][] = [
  ['/person/legal-persons', 'building'],
  ['/person/true-persons', 'people'],
  ['/management/users', 'user'],
  ['/management/roles', 'role'],
  ['/management/role', 'role'],
  ['/management', 'settings'],
  ['/logs', 'log'],
  ['/notifications', 'bell'],
  ['/workflow', 'workflow'],
  ['/performance', 'chart'],
  ['/industries', 'chart'],
  ['/contract', 'document'],
  ['/circular', 'document'],
  ['/documents', 'document'],
  ['/help', 'help'],
];

export function menuIcon(name: string | null | undefined, path: string | null | undefined): IconName {
  if (path === '/') return 'home';
  if (path) {
    const hit = BY_PATH.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
    if (hit) return hit[1];
  }
  return (name && BY_NAME[name]) || 'list';
}
