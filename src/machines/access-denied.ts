import { assign, setup } from 'xstate';

/**
 * The access-denied dialog (specification §2): a modal with an icon, a title (default
 * «عدم دسترسی»), an optional message, the 403 illustration and one close button.
 *
 * States: `hidden`, `shown` (`context.message`, `context.title`).
 * Events: `accessDenied.show {message?, title?}` (from any screen; while shown it replaces the
 * message), `accessDenied.close` (its close button), `accessDenied.hide` (a hide call).
 * Nothing else closes it: the dialog must ignore Escape and clicks outside.
 */

export const ACCESS_DENIED_TITLE = 'عدم دسترسی';

export interface AccessDeniedContext {
  title: string;
  message: string | null;
}

export type AccessDeniedEvent =
  | { type: 'accessDenied.show'; message?: string | null; title?: string }
  | { type: 'accessDenied.close' }
  | { type: 'accessDenied.hide' };

export const accessDeniedMachine = setup({
  types: { context: {} as AccessDeniedContext, events: {} as AccessDeniedEvent },
  actions: {
    assignContent: assign((_, params: { message?: string | null; title?: string }) => ({
      message: params.message?.trim() || null,
      title: params.title?.trim() || ACCESS_DENIED_TITLE,
    })),
  },
}).createMachine({
  id: 'accessDenied',
  context: { title: ACCESS_DENIED_TITLE, message: null },
  initial: 'hidden',
  on: {
    'accessDenied.show': {
      target: '.shown',
      actions: {
        type: 'assignContent',
        params: ({ event }) => ({ message: event.message, title: event.title }),
      },
    },
  },
  states: {
    hidden: {},
    shown: {
      on: { 'accessDenied.close': 'hidden', 'accessDenied.hide': 'hidden' },
    },
  },
});

export type AccessDeniedMachine = typeof accessDeniedMachine;
