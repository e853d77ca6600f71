import { useLocation, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { CommandContext } from '~/lib/commands.ts';
import { canOpen } from '~/lib/guard.ts';
import { type ClientSession, readSession } from '~/lib/session.ts';
import { useAuth } from '~/machines/app-actors.ts';

/**
 * The client session (cookies and stored permissions, which the auth statechart keeps in
 * step), re-read on every navigation and whenever the statechart's session changes.
 */
export function useClientSession(): ClientSession {
  const href = useLocation({ select: (l) => l.href });
  const stamp = useAuth(
    (s) => `${s.hasTag('authenticated')}:${s.context.role?.id ?? ''}:${s.context.user?.id ?? ''}`,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session lives in cookies; these are the moments it may change
  return useMemo(() => readSession(), [href, stamp]);
}

/** What commands see: the current path, navigation and the session. */
export function useCommandContext(): CommandContext {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const session = useClientSession();
  return useMemo(
    () => ({
      pathname,
      navigate: (to: string) => navigate({ to }),
      signedIn: session.signedIn,
      hasRole: !!session.role,
      isSuperAdmin: session.isSuperAdmin,
      canOpen: (path: string) => canOpen(path, session),
    }),
    [pathname, navigate, session],
  );
}
