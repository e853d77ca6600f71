import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppRoot } from '~/app/app-root.tsx';
import { NotFound } from '~/app/not-found.tsx';
import { guardNavigation } from '~/lib/route-guard.ts';
import { whenAuthSettled } from '~/machines/app-actors.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The root: on every navigation, once the session is known, the route guard; the layout
 * chosen from the route registry; the 404 page.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, preload }) => {
    await whenAuthSettled();
    guardNavigation({ location, preload });
  },
  component: AppRoot,
  notFoundComponent: NotFound,
});
