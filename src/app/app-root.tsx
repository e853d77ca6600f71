import { Outlet, useLocation } from '@tanstack/react-router';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { screenFor } from '~/contract/route-registry.ts';
import { ShellHost } from '~/features/shell/shell-host.tsx';
import { useClientSession } from '~/lib/command-context.ts';
import { pageTitle, subscribeTitleOverride, titleOverrideFor } from '~/lib/page-title.ts';
import { useSettings } from '~/lib/settings.ts';
import { applyTheme } from '~/lib/theme.ts';
import { AccessDeniedHost } from './access-denied-host.tsx';
import { LAYOUTS } from './layouts/layout-for.tsx';

/**
 * Under the router: picks the layout from the route registry entry of the current path
 * (unknown paths: the main layout for staff, the empty one for visitors), keeps the document
 * title and the theme colours in step with settings, and mounts the keyboard shell.
 */
export function AppRoot() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const session = useClientSession();
  const settings = useSettings();
  const override = useSyncExternalStore(subscribeTitleOverride, () => titleOverrideFor(pathname));

  useEffect(() => {
    document.title = pageTitle(pathname, settings.short_name, override);
  }, [pathname, settings.short_name, override]);

  useEffect(() => {
    applyTheme(settings);
  }, [settings]);

  const layout = screenFor(pathname)?.layout ?? (session.signedIn && session.role ? 'main' : 'empty');
  const Layout = LAYOUTS[layout];
  return (
    <>
      <Suspense fallback={null}>
        <Layout>
          <Outlet />
        </Layout>
      </Suspense>
      <ShellHost />
      <AccessDeniedHost />
    </>
  );
}
