import { lazy, Suspense, useSyncExternalStore } from 'react';

import type { ToastNote } from './toast-note.ts';

export { TOAST_DURATION_MS, type ToastNote, type ToastType } from './toast-note.ts';

// The Ark UI half (toaster-view.tsx) loads with the first notification; until then nothing of
// Ark's toast machinery is fetched. Notifications asked for meanwhile wait for it, in order.
const loadView = () => import('./toaster-view.tsx');
const ToasterView = lazy(loadView);

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function show(note: ToastNote) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadView().then((view) => view.showToast(note));
}

/**
 * Notifications: `toast.negative(message)` for failures (the error catalogue uses it),
 * `toast.positive(message)` after a change succeeded, `toast.info(message)` otherwise. Each
 * lasts 5000 ms; Esc or its close button dismisses it.
 */
export const toast = {
  negative: (description: string, title?: string) => show({ type: 'error', description, title }),
  positive: (description: string, title?: string) => show({ type: 'success', description, title }),
  info: (description: string, title?: string) => show({ type: 'info', description, title }),
};

/** Mounted once by the app providers; renders the toasts from the first notification on. */
export function Toaster() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return on ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
