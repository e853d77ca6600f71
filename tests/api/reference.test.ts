import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../support/api-client.ts';
import { chooseRole, clientAs, type TestApp } from '../support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

describe('reference data', () => {
  it('lists the 69 industry groups for any chosen role, and nothing without a session', async () => {
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.30.0.1');
    const res = await viewer.get('/api/industries');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(69);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      code: expect.any(String),
      name: expect.any(String),
    });
    expect((await t.client({ ip: '10.30.0.2' }).get('/api/industries')).status).toBe(401);
  });
});

describe('choosing a role', () => {
  it('keeps the session id when the same role is chosen again, and renews it on a change', async () => {
    const c = await clientAs(t, 'analyst', 'analyst', '10.30.0.3');
    const first = c.cookies.get('nazer_session');
    await chooseRole(c, 'analyst');
    expect(c.cookies.get('nazer_session')).toBe(first);
    await chooseRole(c, 'viewer');
    const renewed = c.cookies.get('nazer_session');
    expect(renewed).not.toBe(first);
    const stale = t.client({ ip: '10.30.0.4' });
    stale.cookies.set('nazer_session', first!);
    expect((await stale.get('/api/user')).status).toBe(401);
  });
});
