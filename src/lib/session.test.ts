import { describe, expect, it } from 'vitest';
import { type ClientSession, parseRole, readSession, sessionHolds } from './session.ts';

describe('client session', () => {
  it('reads the role cookie as JSON, or a bare id', () => {
    expect(parseRole('{"id":1,"name":"super_admin","title":"مدیر","type":"super_admin"}')).toMatchObject({
      id: 1,
      type: 'super_admin',
    });
    expect(parseRole('{"id":3,"type":"something"}')).toEqual({ id: 3, type: 'staff' });
    expect(parseRole('7')).toEqual({ id: 7, type: 'staff' });
    expect(parseRole('nonsense')).toBeNull();
    expect(parseRole(null)).toBeNull();
  });

  it('is signed out where there is no browser', () => {
    expect(readSession()).toEqual({
      signedIn: false,
      role: null,
      isSuperAdmin: false,
      routes: [],
      permissions: [],
    });
  });

  it('holds a permission the role was given, and every permission for a super admin', () => {
    const base: ClientSession = {
      signedIn: true,
      role: { id: 3, type: 'staff' },
      isSuperAdmin: false,
      routes: [],
      permissions: ['logs.view'],
    };
    expect(sessionHolds(base, 'logs.view')).toBe(true);
    expect(sessionHolds(base, 'logs.unblock')).toBe(false);
    expect(sessionHolds({ ...base, isSuperAdmin: true, permissions: [] }, 'logs.unblock')).toBe(true);
  });
});
