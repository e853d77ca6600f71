import { lazy, Suspense } from 'react';
import { useAccessDenied } from '~/machines/app-actors.ts';

const AccessDeniedDialog = lazy(() =>
  import('~/features/shell/access-denied-dialog.tsx').then((m) => ({ default: m.AccessDeniedDialog })),
);

/**
 * Shows the access-denied dialog while the accessDenied statechart is `shown` (loaded the first
 * time it is). Screens open it with `accessDenied.show(message)` from src/machines/app-actors.ts.
 */
export function AccessDeniedHost() {
  const dialog = useAccessDenied();
  if (!dialog.open) return null;
  return (
    <Suspense fallback={null}>
      <AccessDeniedDialog open title={dialog.title} message={dialog.message} onClose={dialog.close} />
    </Suspense>
  );
}
