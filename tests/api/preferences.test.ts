import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

const KEY = '/api/user/preferences/table:legal-persons';

describe('a list’s columns kept per user (/api/user/preferences)', () => {
  it('answers 401 without a session', async () => {
    expect((await t.client().request('GET', KEY)).status).toBe(401);
  });

  it('saves hidden columns and widths for the signed-in user only, and forgets them on DELETE', async () => {
    const analyst = await clientAs(t, 'analyst');
    const auditor = await clientAs(t, 'auditor');
    expect((await analyst.request('GET', KEY)).body.data).toEqual({
      key: 'table:legal-persons',
      value: null,
    });

    const value = { hidden: ['ticker', 'employees'], widths: { name: 320, registered_capital: 200 } };
    const put = await analyst.request('PUT', KEY, { json: value });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await analyst.request('GET', KEY)).body.data.value).toEqual(value);
    // another user's list is untouched
    expect((await auditor.request('GET', KEY)).body.data.value).toBeNull();
    // a second save replaces the first
    await analyst.request('PUT', KEY, { json: { hidden: [], widths: { name: 260 } } });
    expect((await analyst.request('GET', KEY)).body.data.value).toEqual({
      hidden: [],
      widths: { name: 260 },
    });

    expect((await analyst.request('DELETE', KEY)).status).toBe(200);
    expect((await analyst.request('GET', KEY)).body.data.value).toBeNull();
  });

  it('refuses a bad key or width with a Persian 422 per field and keeps what was saved', async () => {
    const c = await clientAs(t, 'analyst');
    await c.request('PUT', KEY, { json: { hidden: ['ticker'], widths: {} } });
    const narrow = await c.request('PUT', KEY, { json: { hidden: [], widths: { name: 10 } } });
    expect(narrow.status).toBe(422);
    expect(isPersian(narrow.body.errors['widths.name'][0])).toBe(true);
    const word = await c.request('PUT', KEY, { json: { hidden: [], widths: { name: 'wide' } } });
    expect(word.status).toBe(422);
    const key = await c.request('PUT', '/api/user/preferences/theme', { json: { hidden: [], widths: {} } });
    expect(key.status).toBe(422);
    expect(isPersian(key.body.message)).toBe(true);
    expect((await c.request('GET', KEY)).body.data.value).toEqual({ hidden: ['ticker'], widths: {} });
  });
});
