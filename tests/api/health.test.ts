import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../support/api-client.ts';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

describe('system', () => {
  it('answers health with the engine and sets the anti-forgery cookie', async () => {
    const c = t.client();
    const res = await c.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ok');
    expect(c.cookies.get('XSRF-TOKEN')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers 404 in JSON for an unknown API path', async () => {
    const res = await t.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.message).toBeTruthy();
  });

  it('lists every route in the OpenAPI document', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
