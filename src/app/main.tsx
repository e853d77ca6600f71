import { LocaleProvider } from '@ark-ui/react/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Settings } from '~/contract/auth.ts';
import { readJson, STORAGE_KEYS } from '~/lib/storage.ts';
import { applyTheme } from '~/lib/theme.ts';
import { authReactions, connectNavigation } from '~/machines/app-actors.ts';
// Where the focus was, from the first focus on (dialogs give it back there; lists take it when a screen drops it).
import '~/ui/focus-memory.ts';
import { Toaster } from '~/ui/toaster.tsx';
import './features.ts';
import { installHttpHandlers } from './http-handlers.ts';
import { queryClient, router } from './router.ts';
import './index.css';

// The last known colours before the first paint; /api/settings refreshes them.
applyTheme(readJson<Partial<Settings>>(STORAGE_KEYS.settings, {}));

connectNavigation((href) => router.navigate({ href }));
installHttpHandlers({
  queryClient,
  navigate: (to) => router.navigate({ href: to }),
  onUnauthorized: authReactions.unauthorized,
  onPasswordChangeDue: authReactions.passwordChangeDue,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Ark UI components (dialogs, menus, popovers, toasts) lay out right to left. */}
    <LocaleProvider locale="fa-IR">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </LocaleProvider>
  </StrictMode>,
);
