import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, toPromise } from 'xstate';
import type { RequestOptions } from '../lib/http.ts';
import type { StorePort } from './effects.ts';
import { createGuestEffects, GUEST_KEY, GUEST_STEP_KEY, readStoredGuest } from './guest-effects.ts';

/**
 * The guest's effects (guest-effects.ts) asked directly: each call's path, method and body, every
 * call quiet and handling its own 401 (a guest is never sent to the staff sign-in), the XSRF token
 * fetched only when missing, the session's end that cannot fail, and the guest kept in the
 * browser only while there is one. The ports are an in-memory store and a recording API.
 */

function setup(cookies: Record<string, string> = {}, failing: string[] = []) {
  const json: Record<string, unknown> = {};
  const store: StorePort = {
    readJson: <T>(key: string, fallback: T) => (key in json ? (json[key] as T) : fallback),
    writeJson: (key, value) => {
      json[key] = value;
    },
    removeKeys: (...keys) => {
      for (const k of keys) delete json[k];
    },
    readCookie: (name) => cookies[name] ?? null,
    writeCookie: () => {},
    removeCookie: () => {},
    clearAllCookies: () => {},
  };
  const calls: { path: string; opts: RequestOptions }[] = [];
  const api = async <T>(path: string, opts: RequestOptions = {}) => {
    calls.push({ path, opts });
    if (failing.includes(path)) throw new Error('شبکه در دسترس نیست');
    if (path === '/api/person/resume') return { id: 1, step: 2 } as T;
    if (path === '/api/person/resume/go-step') return { guest: { id: 5, step: 4 } } as T;
    return {} as T;
  };
  const effects = createGuestEffects({ api, store });
  // each actor's own input type is checked where the machine calls it; here one runner takes them all
  const run = (name: keyof typeof effects.guestResume.actors, input?: unknown): Promise<unknown> => {
    const logic = effects.guestResume.actors[name] as unknown as Parameters<typeof createActor>[0];
    return toPromise(createActor(logic, { input } as never).start() as AnyActorRef);
  };
  return { effects, calls, json, run };
}

const TOKEN = { 'XSRF-TOKEN': 't' };

describe('guest effects', () => {
  it('makes every call quiet and its own 401’s handler, and fetches a token only when missing', async () => {
    const bare = setup();
    await bare.run('sendCode', { ncode: '0499370899', mobile: '09121234567' });
    expect(bare.calls.map((c) => c.path)).toEqual(['/api/health', '/api/person/resume/check']);
    for (const c of bare.calls) expect(c.opts).toMatchObject({ quiet: true, handles401: true });
    expect(bare.calls[1]!.opts).toMatchObject({
      method: 'POST',
      body: { ncode: '0499370899', mobile: '09121234567' },
    });
    const tokened = setup(TOKEN);
    await tokened.run('sendCode', { ncode: '0499370899', mobile: '09121234567' });
    expect(tokened.calls.map((c) => c.path)).toEqual(['/api/person/resume/check']);
  });

  it('verifies the code for process 3, then reads the resume', async () => {
    const s = setup(TOKEN);
    const resume = await s.run('verifyCode', { ncode: '0499370899', mobile: '09121234567', code: '123456' });
    expect(resume).toEqual({ id: 1, step: 2 });
    expect(s.calls.map((c) => c.path)).toEqual(['/api/person/resume/check-sms-code', '/api/person/resume']);
    expect(s.calls[0]!.opts).toMatchObject({
      method: 'POST',
      query: { crf_pid: 3 },
      body: { code: '123456' },
    });
  });

  it('saves a step by PUT with its values (an empty object when none), submits by POST, and moves by go-step', async () => {
    const s = setup(TOKEN);
    await s.run('saveStep', { step: 3, values: { degree: 'کارشناسی' } });
    await s.run('saveStep', { step: 4, values: undefined });
    await s.run('submitResume', { step: 7, values: {} });
    const guest = await s.run('goStep', { step: 4 });
    expect(guest).toEqual({ id: 5, step: 4 });
    expect(
      s.calls.filter((c) => c.path !== '/api/person/resume').map((c) => [c.path, c.opts.method, c.opts.body]),
    ).toEqual([
      ['/api/person/resume/steps/3', 'PUT', { degree: 'کارشناسی' }],
      ['/api/person/resume/steps/4', 'PUT', {}],
      ['/api/person/resume/submit', 'POST', {}],
      ['/api/person/resume/go-step', 'POST', { step: 4 }],
    ]);
  });

  it('ends the guest’s session without failing, even when the server cannot be reached', async () => {
    const ok = setup(TOKEN);
    await expect(ok.run('endGuestSession')).resolves.toBeUndefined();
    expect(ok.calls.map((c) => c.path)).toEqual(['/api/logout']);
    const down = setup({}, ['/api/health', '/api/logout']);
    await expect(down.run('endGuestSession')).resolves.toBeUndefined();
  });

  it('uploads a document as multipart with its type and name, removes one by DELETE, and searches cities', async () => {
    const s = setup();
    await s.effects.guestFiles.upload('photo', new Blob(['x'], { type: 'image/png' }), 'عکس.png');
    const upload = s.calls.find((c) => c.path === '/api/person/resume/documents')!;
    expect(s.calls[0]!.path).toBe('/api/health');
    expect(upload.opts.method).toBe('POST');
    const form = upload.opts.body as FormData;
    expect(form.get('type')).toBe('photo');
    expect((form.get('file') as File).name).toBe('عکس.png');
    await s.effects.guestFiles.remove(9);
    expect(s.calls.at(-1)).toMatchObject({
      path: '/api/person/resume/documents/9',
      opts: { method: 'DELETE' },
    });
    await s.effects.guestFiles.cities('تهر');
    expect(s.calls.at(-1)).toMatchObject({ path: '/api/cities', opts: { query: { q: 'تهر' }, quiet: true } });
  });

  it('keeps the guest and its step in the browser only while there is a guest, and forgets both', () => {
    const s = setup();
    const { storeGuest, clearGuest } = s.effects.guestResume.actions;
    storeGuest({ context: { guest: null } });
    expect(s.json).toEqual({});
    const guest = { id: 5, step: 3 } as never;
    storeGuest({ context: { guest } });
    expect(s.json).toEqual({ [GUEST_KEY]: guest, [GUEST_STEP_KEY]: 3 });
    clearGuest();
    expect(s.json).toEqual({});
  });

  it('reads back a stored guest only with a numeric id', () => {
    const store = (g: unknown) => ({
      readJson: <T>(_k: string, fallback: T) => (g === undefined ? fallback : (g as T)),
    });
    expect(readStoredGuest(store(undefined))).toBeNull();
    expect(readStoredGuest(store({ id: '5' }))).toBeNull();
    expect(readStoredGuest(store({ id: 5, step: 2 }))).toEqual({ id: 5, step: 2 });
  });
});
