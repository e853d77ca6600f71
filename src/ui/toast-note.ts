/** The specification's notification timeout. */
export const TOAST_DURATION_MS = 5000;

export type ToastType = 'error' | 'success' | 'info';

/** One notification: its kind, its text and an optional title. */
export interface ToastNote {
  type: ToastType;
  description: string;
  title?: string;
}
