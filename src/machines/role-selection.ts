import { assign, fromPromise, setup } from 'xstate';
import type { Role, RolePermissions } from '../contract/auth.ts';
import { type CallError, toCallError } from './session.ts';

/**
 * Choosing the role to work in, after sign-in or from the header's role switch.
 *
 * States, tags:
 * - `loading` [busy]: GET /api/user/role/my-roles/.
 * - `loadFailed` [error]: `role.retry` loads again.
 * - `noRoles` [error]: the account holds no role; nothing to choose.
 * - `choosing`: `context.roles` listed; `role.select {roleId}` picks one. A user with exactly one
 *   role skips this when `input.autoSelectSingle` (the default).
 * - `selecting` [busy]: GET /api/user/permission/my-role-permission/{role_id} (the server makes it
 *   the session's role).
 * - `selectFailed` [error]: the list stays; `role.select` tries again.
 * - `selected` (final): `storeSelection` kept permissions (route patterns and idents), user
 *   report and role cookie and cleared the cached menu and keep-alive data; `notifySelected`
 *   told the auth actor; `navigateAfterSelection` went to the saved redirect (used once) or /.
 *
 * Events: `role.select {roleId}`, `role.retry`.
 * Effects (inject with `provide()`): actors `loadRoles`, `selectRole`; actions `storeSelection`,
 * `notifySelected`, `navigateAfterSelection`.
 */

export interface RoleSelectionContext {
  roles: Role[];
  chosenId: number | null;
  selection: RolePermissions | null;
  error: CallError | null;
  autoSelectSingle: boolean;
}

export type RoleSelectionEvent = { type: 'role.select'; roleId: number } | { type: 'role.retry' };

export interface RoleSelectionInput {
  /** Select the only role without asking (default true). */
  autoSelectSingle?: boolean;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));
const errorOf = ({ event }: { event: { error?: unknown } }) => toCallError(event.error);

export const roleSelectionMachine = setup({
  types: {
    context: {} as RoleSelectionContext,
    events: {} as RoleSelectionEvent,
    input: {} as RoleSelectionInput,
  },
  actors: {
    loadRoles: fromPromise<Role[]>(notProvided('loadRoles')),
    selectRole: fromPromise<RolePermissions, { roleId: number }>(notProvided('selectRole')),
  },
  actions: {
    /** Stores permissions, user report and role; clears cached menu and keep-alive data. */
    storeSelection: (_, _selection: RolePermissions) => {},
    /** Tells the session (auth actor) which role and permissions are now held. */
    notifySelected: (_, _selection: RolePermissions) => {},
    /** Goes to the saved redirect-after-login path (then forgets it) or to /. */
    navigateAfterSelection: () => {},
    assignRoles: assign((_, roles: Role[]) => ({ roles, error: null })),
    assignChosen: assign((_, roleId: number) => ({ chosenId: roleId })),
    assignSelection: assign((_, selection: RolePermissions) => ({ selection, error: null })),
    assignError: assign((_, error: CallError) => ({ error })),
  },
  guards: {
    hasNoRoles: (_, roles: Role[]) => roles.length === 0,
    hasSingleRole: ({ context }, roles: Role[]) => context.autoSelectSingle && roles.length === 1,
    isKnownRole: ({ context }, roleId: number) => context.roles.some((r) => r.id === roleId),
  },
}).createMachine({
  id: 'roleSelection',
  context: ({ input }) => ({
    roles: [],
    chosenId: null,
    selection: null,
    error: null,
    autoSelectSingle: input.autoSelectSingle ?? true,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadRoles',
        onDone: [
          {
            guard: { type: 'hasNoRoles', params: ({ event }) => event.output },
            target: 'noRoles',
            actions: { type: 'assignRoles', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasSingleRole', params: ({ event }) => event.output },
            target: 'selecting',
            actions: [
              { type: 'assignRoles', params: ({ event }) => event.output },
              { type: 'assignChosen', params: ({ event }) => event.output[0]!.id },
            ],
          },
          { target: 'choosing', actions: { type: 'assignRoles', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'role.retry': 'loading' } },
    noRoles: { tags: ['error'] },
    choosing: {
      on: {
        'role.select': {
          guard: { type: 'isKnownRole', params: ({ event }) => event.roleId },
          target: 'selecting',
          actions: { type: 'assignChosen', params: ({ event }) => event.roleId },
        },
      },
    },
    selecting: {
      tags: ['busy'],
      invoke: {
        src: 'selectRole',
        input: ({ context }) => ({ roleId: context.chosenId! }),
        onDone: {
          target: 'selected',
          actions: [
            { type: 'assignSelection', params: ({ event }) => event.output },
            { type: 'storeSelection', params: ({ event }) => event.output },
            { type: 'notifySelected', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'selectFailed', actions: { type: 'assignError', params: errorOf } },
      },
    },
    selectFailed: {
      tags: ['error'],
      on: {
        'role.select': {
          guard: { type: 'isKnownRole', params: ({ event }) => event.roleId },
          target: 'selecting',
          actions: { type: 'assignChosen', params: ({ event }) => event.roleId },
        },
      },
    },
    selected: { type: 'final', entry: 'navigateAfterSelection' },
  },
});

export type RoleSelectionMachine = typeof roleSelectionMachine;
