import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AuthSnapshot } from '~/machines/app-actors.ts';

/**
 * Sends a visitor of a sign-in screen on once the session says where they belong: a password
 * change first, then a role, then the app (/). The saved redirect-after-login path is left for
 * role selection to use.
 */
export function useSessionRedirect(state: AuthSnapshot, except?: 'passwordChangeDue') {
  const navigate = useNavigate();
  const target = state.matches('passwordChangeDue')
    ? except === 'passwordChangeDue'
      ? null
      : '/auth/change-password'
    : state.matches({ signedIn: 'roleRequired' })
      ? '/auth/select-role'
      : state.matches({ signedIn: 'ready' })
        ? '/'
        : null;
  useEffect(() => {
    if (target) void navigate({ to: target, replace: true });
  }, [target, navigate]);
}
