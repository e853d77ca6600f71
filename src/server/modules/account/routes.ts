import { keepAliveRoutes } from './keep-alive.ts';
import { menuRoutes } from './menu.ts';
import { settingsRoutes } from './settings.ts';

/** Settings (public read, admin edit), the role's menu, keep-alive badges and contact "seen" marks. */
export const accountRoutes = [...settingsRoutes, ...menuRoutes, ...keepAliveRoutes];
