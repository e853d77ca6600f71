import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  guests,
  resumeDocuments,
  resumeEducations,
  resumeExperiences,
  resumeProvisionAcceptances,
  resumeTermAnswers,
  sessions,
  smsLog,
} from '../../src/server/db/schema/index.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, lastCode, rowCounts, type TestApp } from '../support/auth.ts';
import {
  completeResume,
  JPEG,
  newNationalCode,
  PDF,
  PNG,
  put,
  stepBodies,
  upload,
  verifyGuest,
} from './resume-support.ts';

/** The resume applicant (guest): SMS verification and its limits, the steps, documents, submit. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

const MINUTE = 60_000;
const RESUME_TABLES = {
  auditLog,
  guests,
  resumeEducations,
  resumeExperiences,
  resumeProvisionAcceptances,
  resumeTermAnswers,
  resumeDocuments,
};

describe('verification by SMS', () => {
  it('sends a code, verifies it and starts a guest session on step 1; a returning applicant keeps the step', async () => {
    const c = t.client({ ip: '10.40.0.1' });
    const ncode = newNationalCode();
    const sent = await c.post('/api/person/resume/check', {
      json: { national_code: ncode, mobile: '09350000001' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent: true, expires_in: 120, resend_in: 60 });
    const [sms] = await t.db.select().from(smsLog).where(eq(smsLog.mobile, '09350000001'));
    expect(sms!.purpose).toBe('guest-otp');
    const code = await lastCode(t, '09350000001');
    const res = await c.post('/api/person/resume/check-sms-code?crf_pid=3', {
      json: {
        national_code: ncode.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
        mobile: '+989350000001',
        code,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.guest).toMatchObject({
      national_code: ncode,
      mobile: '09350000001',
      step: 1,
      completed_step: 0,
      submitted_at: null,
    });
    expect(c.cookies.has('nazer_guest')).toBe(true);
    const own = await c.get('/api/person/resume');
    expect(own.status).toBe(200);
    expect(own.body.data.personal).toBeNull();
    expect(own.body.data.review).toBeNull();
    expect(own.body.data.provisions.length).toBeGreaterThanOrEqual(4);
    expect(own.body.data.terms.length).toBeGreaterThanOrEqual(5);
    // Returning: moves on a step, verifies again from another browser, lands on the same step.
    const bodies = await stepBodies(t, c);
    expect((await upload(c, 'photo', JPEG())).status).toBe(200);
    expect((await put(c, 1, bodies[1])).status).toBe(200);
    t.advance(2 * MINUTE);
    const again = await verifyGuest(t, t.client({ ip: '10.40.0.2' }), ncode, '09350000001');
    expect(again).toMatchObject({ step: 2, completed_step: 1 });
    const rows = await t.db.select().from(guests).where(eq(guests.nationalCode, ncode));
    expect(rows).toHaveLength(1);
  });

  it('refuses a national code already registered with another mobile (422 on mobile), before sending', async () => {
    const ncode = newNationalCode();
    await verifyGuest(t, t.client({ ip: '10.40.1.1' }), ncode, '09350000011');
    const before = (await t.db.select().from(smsLog)).length;
    const res = await t
      .client({ ip: '10.40.1.2' })
      .post('/api/person/resume/check', { json: { national_code: ncode, mobile: '09350000012' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.mobile[0]).toBe('این کد ملی با شماره همراه دیگری ثبت شده است');
    expect((await t.db.select().from(smsLog)).length).toBe(before);
  });

  it('checks the national code by its check digit and the mobile by its format', async () => {
    const res = await t
      .client({ ip: '10.40.2.1' })
      .post('/api/person/resume/check', { json: { national_code: '0012345678', mobile: '0935' } });
    expect(res.status).toBe(422);
    expect(isPersian(res.body.errors.national_code[0])).toBe(true);
    expect(isPersian(res.body.errors.mobile[0])).toBe(true);
  });

  it('lets a code expire after 2 minutes', async () => {
    const c = t.client({ ip: '10.40.3.1' });
    const ncode = newNationalCode();
    await c.post('/api/person/resume/check', { json: { national_code: ncode, mobile: '09350000031' } });
    const code = await lastCode(t, '09350000031');
    t.advance(2 * MINUTE + 1000);
    const res = await c.post('/api/person/resume/check-sms-code?crf_pid=3', {
      json: { national_code: ncode, mobile: '09350000031', code },
    });
    expect(res.status).toBe(422);
    expect(isPersian(res.body.errors.code[0])).toBe(true);
    expect(c.cookies.has('nazer_guest')).toBe(false);
  });

  it('refuses a resend within 60 s and a sixth send within the hour (429 + Retry-After)', async () => {
    const c = t.client({ ip: '10.40.4.1' });
    const body = { json: { national_code: newNationalCode(), mobile: '09350000041' } };
    expect((await c.post('/api/person/resume/check', body)).status).toBe(200);
    const soon = await c.post('/api/person/resume/check', body);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(soon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    for (let i = 0; i < 4; i++) {
      t.advance(61_000);
      expect((await c.post('/api/person/resume/check', body)).status).toBe(200);
    }
    t.advance(61_000);
    const sixth = await c.post('/api/person/resume/check', body);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(isPersian(sixth.body.message)).toBe(true);
    t.advance(60 * MINUTE);
    expect((await c.post('/api/person/resume/check', body)).status).toBe(200);
  });

  it('locks the mobile for 15 minutes after 5 wrong codes, at check and at check-sms-code', async () => {
    t.advance(2 * MINUTE);
    const c = t.client({ ip: '10.40.5.1' });
    const ncode = newNationalCode();
    const mobile = '09350000051';
    await c.post('/api/person/resume/check', { json: { national_code: ncode, mobile } });
    const code = await lastCode(t, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await c.post('/api/person/resume/check-sms-code?crf_pid=3', {
        json: { national_code: ncode, mobile, code: wrong },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.code).toBeTruthy();
      expect(res.body.attempts_left).toBe(5 - i);
    }
    const fifth = await c.post('/api/person/resume/check-sms-code?crf_pid=3', {
      json: { national_code: ncode, mobile, code: wrong },
    });
    expect(fifth.status).toBe(429);
    expect(fifth.body.locked).toBe(true);
    expect(Number(fifth.headers.get('retry-after'))).toBe(900);
    t.advance(2 * MINUTE);
    const send = await c.post('/api/person/resume/check', { json: { national_code: ncode, mobile } });
    expect(send.status).toBe(429);
    expect(send.body.locked).toBe(true);
    const check = await c.post('/api/person/resume/check-sms-code?crf_pid=3', {
      json: { national_code: ncode, mobile, code },
    });
    expect(check.status).toBe(429);
    expect(check.body.retry_after).toBeGreaterThan(0);
    t.advance(13 * MINUTE + 1000);
    const g = await verifyGuest(t, c, ncode, mobile);
    expect(g.step).toBe(1);
  });
});

describe('sends per address', () => {
  it('refuses the eleventh send from one address within 15 minutes (429)', async () => {
    const c = t.client({ ip: '10.40.6.1' });
    for (let i = 0; i < 10; i++) {
      const mobile = `0935000070${i}`;
      const res = await c.post('/api/person/resume/check', {
        json: { national_code: newNationalCode(), mobile },
      });
      expect(res.status).toBe(200);
    }
    const res = await c.post('/api/person/resume/check', {
      json: { national_code: newNationalCode(), mobile: '09350000710' },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(isPersian(res.body.message)).toBe(true);
    const other = await t.client({ ip: '10.40.6.2' }).post('/api/person/resume/check', {
      json: { national_code: newNationalCode(), mobile: '09350000710' },
    });
    expect(other.status).toBe(200);
  });
});

describe('guest and staff sessions are separate', () => {
  it('keeps staff calls from guests and guest calls from staff; verifying removes the staff cookies', async () => {
    const c = await clientAs(t, 'nomination', 'nomination', '10.41.0.1');
    expect((await c.get('/api/person/resume/list')).status).toBe(200);
    expect((await c.get('/api/person/resume')).status).toBe(401);
    expect((await c.post('/api/person/resume/submit')).status).toBe(401);
    c.cookies.set('nazer_role', '%7B%7D');
    c.cookies.set('nazer_authenticated', '1');
    const staffToken = c.cookies.get('nazer_session');
    await verifyGuest(t, c, newNationalCode(), '09350000061');
    expect(c.cookies.has('nazer_session')).toBe(false);
    expect(c.cookies.has('nazer_role')).toBe(false);
    expect(c.cookies.has('nazer_authenticated')).toBe(false);
    expect(c.cookies.has('nazer_guest')).toBe(true);
    expect((await c.get('/api/person/resume')).status).toBe(200);
    expect((await c.get('/api/person/resume/list')).status).toBe(401);
    expect((await c.get('/api/person/legal-persons')).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(401);
    // the old staff session is gone on the server too
    c.cookies.set('nazer_session', staffToken!);
    expect((await c.get('/api/user')).status).toBe(401);
    c.cookies.delete('nazer_session');
    // the anti-forgery token is bound to the session a request holds: the next answer gives one
    // for the guest session again (the one above was made for the put-back staff cookie)
    await c.get('/api/health');
    // logout ends the guest session
    const out = await c.get('/api/logout');
    expect(out.status).toBe(200);
    expect(c.cookies.has('nazer_guest')).toBe(false);
    expect((await c.get('/api/person/resume')).status).toBe(401);
    const guestSessions = await t.db.select().from(sessions).where(eq(sessions.kind, 'guest'));
    expect(guestSessions.every((s) => s.guestId != null)).toBe(true);
  });
});

describe('steps', () => {
  it('goes through every step and submits; then nothing can be edited (409)', async () => {
    const c = t.client({ ip: '10.42.0.1' });
    await verifyGuest(t, c, newNationalCode(), '09350000071');
    const early = await c.post('/api/person/resume/submit');
    expect(early.status).toBe(422);
    expect(early.body.errors.step.length).toBe(6);
    const res = await completeResume(t, c);
    expect(res.status).toBe(200);
    expect(res.body.data.guest.step).toBe(7);
    expect(res.body.data.guest.submitted_at).toBeTruthy();
    const own = (await c.get('/api/person/resume')).body.data;
    expect(own.personal.first_name).toBe('علی');
    expect(own.personal.birth_date).toBe('1981-04-04');
    expect(own.personal.birth_city.province).toBeTruthy();
    expect(own.photo.type).toBe('photo');
    expect(own.educations).toHaveLength(2);
    expect(own.experiences[1]).toMatchObject({ is_current: true, to_date: null, leaving_reason: null });
    expect(own.provisions.every((p: { accepted: boolean }) => p.accepted)).toBe(true);
    expect(own.terms.every((x: { answer: string }) => x.answer)).toBe(true);
    const [row] = await t.db.select().from(guests).where(eq(guests.id, own.guest.id));
    expect(row).toMatchObject({
      educationLevel: 'master',
      educationRank: 4,
      boardSeats: 2,
      reviewStatus: 'received',
    });
    expect(Number(row!.experienceYears)).toBeGreaterThan(10);
    expect(row!.searchText).toContain(own.guest.national_code);
    const bodies = await stepBodies(t, c);
    expect((await put(c, 2, bodies[2])).status).toBe(409);
    expect((await c.post('/api/person/resume/go-step', { json: { step: 1 } })).status).toBe(409);
    expect((await upload(c, 'other', PDF())).status).toBe(409);
    expect((await c.request('DELETE', `/api/person/resume/documents/${own.documents[0].id}`)).status).toBe(
      409,
    );
    const twice = await c.post('/api/person/resume/submit');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('رزومه ارسال شده است و دیگر ویرایش نمی‌شود');
  });

  it('refuses a step beyond completed_step + 1 and moves between reachable steps', async () => {
    const c = t.client({ ip: '10.42.1.1' });
    await verifyGuest(t, c, newNationalCode(), '09350000081');
    const bodies = await stepBodies(t, c);
    const ahead = await put(c, 3, bodies[3]);
    expect(ahead.status).toBe(422);
    expect(ahead.body.message).toBe('ابتدا مراحل پیشین را کامل کنید');
    expect((await c.post('/api/person/resume/go-step', { json: { step: 2 } })).status).toBe(422);
    expect((await put(c, 7, {})).status).toBe(422);
    await upload(c, 'photo', PNG());
    expect((await put(c, 1, bodies[1])).status).toBe(200);
    const go = await c.post('/api/person/resume/go-step', { json: { step: '1' } });
    expect(go.status).toBe(200);
    expect(go.body.data.guest).toMatchObject({ step: 1, completed_step: 1 });
    expect((await c.post('/api/person/resume/go-step', { json: { step: 2 } })).body.data.guest.step).toBe(2);
    expect((await c.post('/api/person/resume/go-step', { json: { step: 3 } })).status).toBe(422);
  });

  it('answers 422 per field and saves nothing for each bad step', async () => {
    const c = t.client({ ip: '10.42.2.1' });
    const g = await verifyGuest(t, c, newNationalCode(), '09350000091');
    const bodies = await stepBodies(t, c);
    const b1 = bodies[1] as Record<string, unknown>;
    const expect422 = async (step: number, body: unknown, field: string) => {
      const before = await rowCounts(t.db, RESUME_TABLES);
      const [guestBefore] = await t.db.select().from(guests).where(eq(guests.id, g.id));
      const res = await put(c, step, body);
      expect([step, field, res.status]).toEqual([step, field, 422]);
      expect(Object.keys(res.body.errors)).toContain(field);
      expect(isPersian(res.body.errors[field][0])).toBe(true);
      expect(await rowCounts(t.db, RESUME_TABLES)).toEqual(before);
      const [guestAfter] = await t.db.select().from(guests).where(eq(guests.id, g.id));
      expect(guestAfter).toEqual(guestBefore);
    };
    // step 1: no photo yet; unknown city; too young; schema errors
    await expect422(1, b1, 'photo');
    await upload(c, 'photo', JPEG());
    await expect422(1, { ...b1, birth_city_id: 999_999 }, 'birth_city_id');
    await expect422(1, { ...b1, birth_date: '1400/01/01' }, 'birth_date');
    await expect422(1, { ...b1, birth_date: '1402/12/30' }, 'birth_date');
    await expect422(1, { ...b1, first_name: '' }, 'first_name');
    await expect422(1, { ...b1, gender: 'x' }, 'gender');
    expect((await put(c, 1, b1)).status).toBe(200);
    // step 2: none, future graduation
    await expect422(2, { educations: [] }, 'educations');
    await expect422(
      2,
      {
        educations: [
          { level: 'master', field: 'حقوق', university: 'دانشگاه تهران', graduation_date: '1499/01/01' },
        ],
      },
      'educations.0.graduation_date',
    );
    expect((await put(c, 2, bodies[2])).status).toBe(200);
    // step 3: missing end date, future start
    const post = (bodies[3] as { experiences: Record<string, unknown>[] }).experiences[0]!;
    await expect422(3, { experiences: [{ ...post, to_date: null }] }, 'experiences.0.to_date');
    await expect422(
      3,
      { experiences: [{ ...post, from_date: '1499/01/01', to_date: '1499/02/01' }] },
      'experiences.0.from_date',
    );
    expect((await put(c, 3, bodies[3])).status).toBe(200);
    // step 4: not all provisions; an unknown one
    const accepted = (bodies[4] as { accepted: number[] }).accepted;
    await expect422(4, { accepted: accepted.slice(1) }, 'accepted');
    await expect422(4, { accepted: [...accepted, 99_999] }, 'accepted');
    expect((await put(c, 4, bodies[4])).status).toBe(200);
    // step 5: a required one unanswered; yes_no answered otherwise; unknown term
    const answers = (bodies[5] as { answers: { term_id: number; answer: string }[] }).answers;
    await expect422(5, { answers: answers.slice(1) }, `answers.${answers[0]!.term_id}`);
    await expect422(
      5,
      { answers: [{ ...answers[0]!, answer: 'شاید' }, ...answers.slice(1)] },
      `answers.${answers[0]!.term_id}`,
    );
    await expect422(5, { answers: [...answers, { term_id: 88_888, answer: 'no' }] }, 'answers.88888');
    expect((await put(c, 5, bodies[5])).status).toBe(200);
    // step 6: documents missing
    await expect422(6, {}, 'documents');
    await upload(c, 'national_card', JPEG());
    await expect422(6, {}, 'documents');
    await upload(c, 'degree', PDF());
    const done = await put(c, 6, {});
    expect(done.status).toBe(200);
    expect(done.body.data.guest).toMatchObject({ step: 7, completed_step: 6 });
  });
});

describe('documents', () => {
  it('checks the content by its bytes and the size, replaces the photo, sends only own files', async () => {
    const c = t.client({ ip: '10.43.0.1' });
    await verifyGuest(t, c, newNationalCode(), '09350000101');
    const fake = await upload(c, 'photo', PDF(), 'me.jpg');
    expect(fake.status).toBe(422);
    expect(isPersian(fake.body.errors.file[0])).toBe(true);
    const garbage = await upload(
      c,
      'degree',
      new TextEncoder().encode('<html>not a pdf</html>'),
      'degree.pdf',
    );
    expect(garbage.status).toBe(422);
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set([0xff, 0xd8, 0xff]);
    const tooLarge = await upload(c, 'photo', big);
    expect(tooLarge.status).toBe(422);
    expect(isPersian(tooLarge.body.errors.file[0])).toBe(true);
    const badType = await upload(c, 'passport', JPEG());
    expect(badType.status).toBe(422);
    expect(badType.body.errors.type).toBeTruthy();
    expect(await t.db.select().from(resumeDocuments).where(eq(resumeDocuments.type, 'x'))).toHaveLength(0);

    const first = await upload(c, 'photo', JPEG(), 'عکس من.jpeg');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ type: 'photo', mime: 'image/jpeg', file_name: 'عکس من.jpg' });
    expect(first.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    const second = await upload(c, 'photo', PNG(), 'new.png');
    expect(second.status).toBe(200);
    const own = (await c.get('/api/person/resume')).body.data;
    expect(own.documents.filter((d: { type: string }) => d.type === 'photo')).toHaveLength(1);
    expect(own.photo.id).toBe(second.body.data.id);

    const file = await c.get(`/api/person/resume/documents/${second.body.data.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''new.png");
    expect((await c.get(`/api/person/resume/documents/${first.body.data.id}`)).status).toBe(404);

    const pdf = await upload(c, 'degree', PDF(), 'a"b;c\r\n.pdf');
    expect(pdf.status).toBe(200);
    const got = await c.get(`/api/person/resume/documents/${pdf.body.data.id}`);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="abc.pdf"/);

    // another applicant cannot read or delete it
    const other = t.client({ ip: '10.43.0.2' });
    await verifyGuest(t, other, newNationalCode(), '09350000102');
    expect((await other.get(`/api/person/resume/documents/${pdf.body.data.id}`)).status).toBe(404);
    expect((await other.request('DELETE', `/api/person/resume/documents/${pdf.body.data.id}`)).status).toBe(
      404,
    );
    // the owner can
    expect((await c.request('DELETE', `/api/person/resume/documents/${second.body.data.id}`)).status).toBe(
      200,
    );
    expect((await c.get('/api/person/resume')).body.data.photo).toBeNull();
  });

  it('allows at most 12 documents', async () => {
    const c = t.client({ ip: '10.43.1.1' });
    await verifyGuest(t, c, newNationalCode(), '09350000111');
    for (let i = 0; i < 12; i++) expect((await upload(c, 'other', PDF(), `o${i}.pdf`)).status).toBe(200);
    const more = await upload(c, 'other', PDF());
    expect(more.status).toBe(422);
    expect(isPersian(more.body.errors.file[0])).toBe(true);
  });
});

describe('cities picker', () => {
  it('answers public, at most 30, matching ی/ک variants', async () => {
    const c = t.client({ ip: '10.44.0.1' });
    const all = await c.get('/api/cities');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(30);
    const kerman = await c.get(`/api/cities?q=${encodeURIComponent('كرمان')}`);
    expect(kerman.body.data.length).toBeGreaterThan(0);
    expect(kerman.body.data[0]).toMatchObject({
      name: expect.stringContaining('کرمان'),
      province: expect.any(String),
    });
    const bad = await c.get('/api/cities?province_id=abc');
    expect(bad.status).toBe(422);
  });
});
