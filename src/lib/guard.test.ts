import { describe, expect, it } from 'vitest';
import { canOpen, decideRoute } from './guard.ts';
import type { ClientSession } from './session.ts';

const visitor: ClientSession = {
  signedIn: false,
  role: null,
  isSuperAdmin: false,
  routes: [],
  permissions: [],
};
const noRole: ClientSession = {
  signedIn: true,
  role: null,
  isSuperAdmin: false,
  routes: [],
  permissions: [],
};
const analyst: ClientSession = {
  signedIn: true,
  role: { id: 3, type: 'staff' },
  isSuperAdmin: false,
  routes: ['/person/legal-persons', '/person/legal-persons/view/{id}'],
  permissions: ['person.legal.list', 'person.legal.view'],
};
const admin: ClientSession = {
  signedIn: true,
  role: { id: 1, type: 'super_admin' },
  isSuperAdmin: true,
  routes: [],
  permissions: [],
};

describe('route guard', () => {
  it('sends a visitor to sign in and remembers the full attempted path', () => {
    expect(decideRoute('/person/legal-persons', '/person/legal-persons?page=3#x', visitor)).toEqual({
      kind: 'redirect',
      to: '/auth/login',
      remember: '/person/legal-persons?page=3#x',
    });
  });

  it('lets everyone open public paths and /pdf/*', () => {
    for (const path of [
      '/auth/login',
      '/aboutus',
      '/help',
      '/webinar',
      '/boards',
      '/resume/add',
      '/pdf/a/b',
    ]) {
      expect(decideRoute(path, path, visitor)).toEqual({ kind: 'allow' });
    }
  });

  it('shows the home page to visitors but sends a user without a role to choose one', () => {
    expect(decideRoute('/', '/', visitor)).toEqual({ kind: 'allow' });
    expect(decideRoute('/', '/', noRole)).toEqual({ kind: 'redirect', to: '/auth/select-role' });
  });

  it('sends a signed-in user without a role to role selection, remembering the path', () => {
    expect(decideRoute('/person/true-persons', '/person/true-persons', noRole)).toEqual({
      kind: 'redirect',
      to: '/auth/select-role',
      remember: '/person/true-persons',
    });
  });

  it('sends a signed-in user away from the sign-in page', () => {
    expect(decideRoute('/auth/login', '/auth/login', analyst)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/login', '/login', analyst)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/auth/login', '/auth/login', noRole)).toEqual({
      kind: 'redirect',
      to: '/auth/select-role',
    });
  });

  it('allows a path matching a permitted pattern after parameters are substituted', () => {
    expect(decideRoute('/person/legal-persons/view/42', '/person/legal-persons/view/42', analyst)).toEqual({
      kind: 'allow',
    });
    expect(decideRoute('/person/legal-persons/', '/person/legal-persons/', analyst)).toEqual({
      kind: 'allow',
    });
  });

  it('denies other registered paths, but lets super_admin pass by role type', () => {
    expect(decideRoute('/management/users/list', '/management/users/list', analyst)).toEqual({
      kind: 'deny',
    });
    expect(decideRoute('/management/users/list', '/management/users/list', admin)).toEqual({ kind: 'allow' });
  });

  it('lets unknown paths through to the 404 page', () => {
    expect(decideRoute('/no/such/page', '/no/such/page', visitor)).toEqual({ kind: 'allow' });
  });

  it('answers whether a role may open a path', () => {
    expect(canOpen('/person/legal-persons', analyst)).toBe(true);
    expect(canOpen('/logs/sms', analyst)).toBe(false);
    expect(canOpen('/logs/sms', admin)).toBe(true);
    expect(canOpen('/help', visitor)).toBe(true);
    expect(canOpen('/person/legal-persons', visitor)).toBe(false);
  });
});
