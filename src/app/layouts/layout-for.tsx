import { type ComponentType, lazy, type ReactNode } from 'react';
import type { Layout } from '~/contract/route-registry.ts';
import { EmptyLayout } from './empty-layout.tsx';
import { LoginLayout } from './login-layout.tsx';

type LayoutComponent = ComponentType<{ children: ReactNode }>;

// The sign-in pages load only the login layout; the shell (menus, palette, badges) comes with
// the first staff page.
const MainLayout = lazy(() => import('./main-layout.tsx').then((m) => ({ default: m.MainLayout })));
const MapLayout = lazy(() => import('./map-layout.tsx').then((m) => ({ default: m.MapLayout })));
const BoardLayout = lazy(() => import('./board-layout.tsx').then((m) => ({ default: m.BoardLayout })));
const UserPanelLayout = lazy(() =>
  import('./user-panel-layout.tsx').then((m) => ({ default: m.UserPanelLayout })),
);
const DataRockLayout = lazy(() =>
  import('./data-rock-layout.tsx').then((m) => ({ default: m.DataRockLayout })),
);

/** The seven layouts of the specification, by the route registry's `layout`. */
export const LAYOUTS: Record<Layout, LayoutComponent> = {
  main: MainLayout,
  map: MapLayout,
  empty: EmptyLayout,
  login: LoginLayout,
  board: BoardLayout,
  'user-panel': UserPanelLayout,
  'data-rock': DataRockLayout,
};
