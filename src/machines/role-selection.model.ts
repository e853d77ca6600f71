import { createTestModel } from '@xstate/graph';
import { setup } from 'xstate';
import { coveringPaths } from './testing/paths.ts';

/**
 * The test model of role selection. States carry the real machine's names (`loading` and
 * `selecting` only last while a call is out). `roles.load` says what the server holds for the
 * signed-in user; `role.select` says whether the server accepts it and what redirect-after-login
 * path was saved before (a real page, the login page, or none).
 */

export type RoleSelectionModelEvent =
  | { type: 'roles.load'; as: 'many' | 'one' | 'none' | 'failed' }
  | { type: 'role.retry' }
  | { type: 'role.select'; as: 'ok' | 'failed'; redirect: 'saved' | 'login' | 'none' };

export const ROLE_SELECTION_MODEL_EVENTS: RoleSelectionModelEvent[] = [
  { type: 'roles.load', as: 'many' },
  { type: 'roles.load', as: 'one' },
  { type: 'roles.load', as: 'none' },
  { type: 'roles.load', as: 'failed' },
  { type: 'role.retry' },
  { type: 'role.select', as: 'ok', redirect: 'saved' },
  { type: 'role.select', as: 'ok', redirect: 'login' },
  { type: 'role.select', as: 'ok', redirect: 'none' },
  { type: 'role.select', as: 'failed', redirect: 'none' },
];

export const roleSelectionModel = setup({
  types: { events: {} as RoleSelectionModelEvent },
  guards: {
    is: ({ event }, params: { as: string; redirect?: string }) =>
      'as' in event &&
      event.as === params.as &&
      (params.redirect === undefined || ('redirect' in event && event.redirect === params.redirect)),
  },
}).createMachine({
  id: 'roleSelectionModel',
  initial: 'loading',
  states: {
    loading: {
      on: {
        'roles.load': [
          { guard: { type: 'is', params: { as: 'many' } }, target: 'choosing' },
          { guard: { type: 'is', params: { as: 'one' } }, target: 'selected' },
          { guard: { type: 'is', params: { as: 'none' } }, target: 'noRoles' },
          { guard: { type: 'is', params: { as: 'failed' } }, target: 'loadFailed' },
        ],
      },
    },
    loadFailed: { on: { 'role.retry': 'choosing' } },
    noRoles: {},
    choosing: {
      on: {
        'role.select': [
          { guard: { type: 'is', params: { as: 'ok' } }, target: 'selected' },
          { guard: { type: 'is', params: { as: 'failed' } }, target: 'selectFailed' },
        ],
      },
    },
    selectFailed: {
      on: {
        'role.select': { guard: { type: 'is', params: { as: 'ok', redirect: 'none' } }, target: 'selected' },
      },
    },
    selected: { type: 'final' },
  },
});

export function createRoleSelectionTestModel() {
  return createTestModel(roleSelectionModel, {
    serializeState: (s) => JSON.stringify(s.value),
    events: (s) => ROLE_SELECTION_MODEL_EVENTS.filter((e) => s.can(e)),
  });
}

export function roleSelectionPaths() {
  return coveringPaths(createRoleSelectionTestModel());
}
