import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLog, otpCodes, sessions, smsLog, users } from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD, startTestApp } from '../support/api-client.ts';
import { isPersian, lastCode, signIn, type TestApp } from '../support/auth.ts';

/** Sign-in by SMS code, password change and recovery, and sign-up. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

const MINUTE = 60_000;
const ANALYST_MOBILE = '09120000002';
const AUDITOR_MOBILE = '09120000003';

describe('sign-in by SMS code', () => {
  it('sends a code to the account mobile and signs in with it (once)', async () => {
    const c = t.client({ ip: '10.4.0.1' });
    const sent = await c.post('/api/login/send-otp', { form: { mobile: ANALYST_MOBILE } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent: true, expires_in: 120 });
    const code = await lastCode(t, ANALYST_MOBILE);
    const [stored] = await t.db.select().from(otpCodes).where(eq(otpCodes.mobile, ANALYST_MOBILE));
    expect(stored!.codeHash).not.toContain(code);
    const res = await c.post('/api/login/otp', { form: { mobile: ANALYST_MOBILE, code } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe('analyst');
    expect((await c.get('/api/user')).status).toBe(200);
    const again = await t
      .client({ ip: '10.4.0.1' })
      .post('/api/login/otp', { form: { mobile: ANALYST_MOBILE, code } });
    expect(again.status).toBe(422);
    expect(isPersian(again.body.errors.code[0])).toBe(true);
    const [log] = await t.db
      .select()
      .from(loginLog)
      .where(and(eq(loginLog.method, 'otp'), eq(loginLog.success, true)));
    expect(log!.username).toBe('analyst');
  });

  it('accepts Persian digits and +98 mobiles', async () => {
    t.advance(2 * MINUTE);
    const c = t.client({ ip: '10.4.0.2' });
    expect((await c.post('/api/login/send-otp', { form: { mobile: '+989120000003' } })).status).toBe(200);
    const code = (await lastCode(t, AUDITOR_MOBILE)).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
    const res = await c.post('/api/login/otp', { form: { mobile: '۰۹۱۲۰۰۰۰۰۰۳', code } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe('auditor');
  });

  it('refuses a second send within 60 s with 429 and Retry-After, and allows it after', async () => {
    t.advance(2 * MINUTE);
    const c = t.client({ ip: '10.4.0.3' });
    expect((await c.post('/api/login/send-otp', { form: { mobile: ANALYST_MOBILE } })).status).toBe(200);
    const again = await c.post('/api/login/send-otp', { form: { mobile: ANALYST_MOBILE } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(isPersian(again.body.message)).toBe(true);
    t.advance(61_000);
    expect((await c.post('/api/login/send-otp', { form: { mobile: ANALYST_MOBILE } })).status).toBe(200);
  });

  it('lets a code expire after 2 minutes', async () => {
    t.advance(2 * MINUTE);
    const c = t.client({ ip: '10.4.0.4' });
    await c.post('/api/login/send-otp', { form: { mobile: ANALYST_MOBILE } });
    const code = await lastCode(t, ANALYST_MOBILE);
    t.advance(2 * MINUTE + 1000);
    const res = await c.post('/api/login/otp', { form: { mobile: ANALYST_MOBILE, code } });
    expect(res.status).toBe(422);
    expect(res.body.errors.code).toBeTruthy();
  });

  it('kills a code after five wrong tries', async () => {
    t.advance(2 * MINUTE);
    const c = t.client({ ip: '10.4.0.5' });
    await c.post('/api/login/send-otp', { form: { mobile: ANALYST_MOBILE } });
    const code = await lastCode(t, ANALYST_MOBILE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/api/login/otp', { form: { mobile: ANALYST_MOBILE, code: wrong } })).status).toBe(
        422,
      );
    }
    const res = await c.post('/api/login/otp', { form: { mobile: ANALYST_MOBILE, code } });
    expect(res.status).toBe(422);
  });

  it('answers an unknown mobile exactly as a known one and sends nothing', async () => {
    const c = t.client({ ip: '10.4.0.6' });
    const before = await t.db.select().from(smsLog);
    const res = await c.post('/api/login/send-otp', { form: { mobile: '09129999999' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: true, expires_in: 120 });
    expect(await t.db.select().from(smsLog)).toHaveLength(before.length);
    const again = await c.post('/api/login/send-otp', { form: { mobile: '09129999999' } });
    expect(again.status).toBe(429);
  });

  it('answers 422 on mobile for a malformed number', async () => {
    const res = await t.client({ ip: '10.4.0.7' }).post('/api/login/send-otp', { form: { mobile: '12345' } });
    expect(res.status).toBe(422);
    expect(isPersian(res.body.errors.mobile[0])).toBe(true);
  });
});

describe('passwords', () => {
  it('resets a forgotten password with an SMS code and ends the old sessions', async () => {
    t.advance(2 * MINUTE);
    const old = t.client({ ip: '10.5.0.1' });
    await signIn(old, 'nomination');
    const c = t.client({ ip: '10.5.0.2' });
    expect((await c.post('/api/user/forget-password', { form: { mobile: '09120000004' } })).status).toBe(200);
    const code = await lastCode(t, '09120000004');
    const bad = await c.post('/api/user/forget-password/reset', {
      form: { mobile: '09120000004', code, password: 'short', password_confirmation: 'short' },
    });
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.errors.password[0])).toBe(true);
    const res = await c.post('/api/user/forget-password/reset', {
      form: {
        mobile: '09120000004',
        code,
        password: 'tazeh-ramz-42',
        password_confirmation: 'tazeh-ramz-42',
      },
    });
    expect(res.status).toBe(200);
    expect((await old.get('/api/user')).status).toBe(401);
    const wrong = await c.post('/api/login', { form: { username: 'nomination', password: DEMO_PASSWORD } });
    expect(wrong.status).toBe(422);
    await signIn(c, 'nomination', 'tazeh-ramz-42');
  });

  it('enforces has_change_pass on the server until the password is changed', async () => {
    await t.db.update(users).set({ hasChangePass: true }).where(eq(users.username, 'auditor'));
    const c = t.client({ ip: '10.5.0.3' });
    const signedIn = await signIn(c, 'auditor');
    expect(signedIn.has_change_pass).toBe(true);
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data.has_change_pass).toBe(true);
    for (const path of ['/api/user/role/my-roles/', '/api/user/menu-list', '/api/user/keep-alive']) {
      const res = await c.get(path);
      expect(res.status).toBe(403);
      expect(res.body.has_change_pass).toBe(true);
    }
    const wrongCurrent = await c.post('/api/user/change-password', {
      form: { current_password: 'not-it', password: 'ramz-e-nou-77', password_confirmation: 'ramz-e-nou-77' },
    });
    expect(wrongCurrent.status).toBe(422);
    expect(isPersian(wrongCurrent.body.errors.current_password[0])).toBe(true);
    const mismatch = await c.post('/api/user/change-password', {
      form: {
        current_password: DEMO_PASSWORD,
        password: 'ramz-e-nou-77',
        password_confirmation: 'other-77a',
      },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toBeTruthy();
    const before = c.cookies.get('nazer_session')!;
    const other = t.client({ ip: '10.5.0.4' });
    await signIn(other, 'auditor');
    const res = await c.post('/api/user/change-password', {
      form: {
        current_password: DEMO_PASSWORD,
        password: 'ramz-e-nou-77',
        password_confirmation: 'ramz-e-nou-77',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.has_change_pass).toBe(false);
    expect(c.cookies.get('nazer_session')).not.toBe(before);
    expect((await c.get('/api/user/role/my-roles/')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'auditor'));
    expect(row!.hasChangePass).toBe(false);
    const sessionsLeft = await t.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(sessionsLeft).toHaveLength(1); // every other session of the user has ended
  });
});

describe('sign-up', () => {
  const form = {
    username: 'new.staff',
    password: 'avalin-ramz-1',
    first_name: 'مینا',
    last_name: 'پارسا',
    mobile: '09121112233',
    national_code: '0499370899',
  };

  it('accepts only crf_pid=3', async () => {
    const c = t.client({ ip: '10.6.0.1' });
    for (const path of ['/api/signup', '/api/signup?crf_pid=4']) {
      const res = await c.post(path, { form });
      expect(res.status).toBe(422);
      expect(isPersian(res.body.errors.crf_pid[0])).toBe(true);
    }
  });

  it('creates a waiting account that cannot sign in yet, with an audit row', async () => {
    const c = t.client({ ip: '10.6.0.2' });
    const res = await c.post('/api/signup?crf_pid=3', { form });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('waiting');
    const [row] = await t.db.select().from(users).where(eq(users.username, 'new.staff'));
    expect(row).toMatchObject({ status: 'waiting', mobile: '09121112233', firstName: 'مینا' });
    const login = await c.post('/api/login', { form: { username: 'new.staff', password: form.password } });
    expect(login.status).toBe(403);
    expect(login.body.status).toBe('waiting');
    const dup = await c.post('/api/signup?crf_pid=3', { form: { ...form, username: 'NEW.staff' } });
    expect(dup.status).toBe(422);
    expect(isPersian(dup.body.errors.username[0])).toBe(true);
  });

  it('checks the mobile and the national code check digit per field', async () => {
    const res = await t.client({ ip: '10.6.0.3' }).post('/api/signup?crf_pid=3', {
      form: { ...form, username: 'other.one', mobile: '0912', national_code: '0499370898' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['mobile', 'national_code']);
  });
});
