import type { QueryClient } from '@tanstack/react-query';
import { isPublicPath } from '~/contract/route-registry.ts';
import { setHttpHandlers } from '~/lib/http.ts';
import { STORAGE_KEYS, writeJson } from '~/lib/storage.ts';
import { toast } from '~/ui/toaster.tsx';

/** The specification's 403 delay before going back one page. */
export const FORBIDDEN_BACK_DELAY_MS = 3000;

const SIGN_IN = /^\/(login|auth\/)/;

export interface HttpHandlerDeps {
  queryClient: QueryClient;
  navigate(to: string): void;
  /** Tells the auth statechart, which clears the staff and guest state it owns. */
  onUnauthorized(): void;
  onPasswordChangeDue(): void;
}

/**
 * Installs the error catalogue (specification §8) on the HTTP client:
 * 401 → clear staff and guest state, go to /login (the page is remembered for after sign-in);
 * 403 → negative toast with the server's message, then back one page after 3000 ms;
 * has_change_pass → /auth/change-password; other failures → negative toast.
 */
export function installHttpHandlers(deps: HttpHandlerDeps): void {
  let unauthorizedAt = 0;
  let backTimer: ReturnType<typeof setTimeout> | null = null;

  setHttpHandlers({
    onUnauthorized() {
      // Parallel calls fail together: handle the first only.
      if (Date.now() - unauthorizedAt < 2000) return;
      unauthorizedAt = Date.now();
      const { pathname, search, hash } = window.location;
      if (!SIGN_IN.test(pathname) && !isPublicPath(pathname))
        writeJson(STORAGE_KEYS.redirect, pathname + search + hash);
      deps.queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'settings' });
      deps.onUnauthorized();
      if (!SIGN_IN.test(pathname)) deps.navigate('/login');
    },
    onForbidden(message) {
      toast.negative(message);
      if (backTimer) return;
      backTimer = setTimeout(() => {
        backTimer = null;
        if (window.history.length > 1) window.history.back();
        else deps.navigate('/');
      }, FORBIDDEN_BACK_DELAY_MS);
    },
    onPasswordChangeDue() {
      deps.onPasswordChangeDue();
      if (window.location.pathname !== '/auth/change-password') deps.navigate('/auth/change-password');
    },
    onError(message) {
      toast.negative(message);
    },
  });
}
