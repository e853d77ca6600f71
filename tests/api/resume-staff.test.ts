import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, guests, resumeProvisions, resumeTerms } from '../../src/server/db/schema/index.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, type TestApp } from '../support/auth.ts';
import { completeResume, newNationalCode, verifyGuest } from './resume-support.ts';

/** Staff work on resumes: the list, one resume and its documents, the review, the managed texts. */
let t: TestApp;
let staff: ApiClient;
let submittedCode: string;
let draftCode: string;
beforeAll(async () => {
  t = await startTestApp();
  staff = await clientAs(t, 'nomination', 'nomination', '10.50.0.1');
  const g = t.client({ ip: '10.50.0.2' });
  submittedCode = newNationalCode();
  await verifyGuest(t, g, submittedCode, '09360000001');
  const res = await completeResume(t, g);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  draftCode = newNationalCode();
  await verifyGuest(t, t.client({ ip: '10.50.0.3' }), draftCode, '09360000002');
});
afterAll(() => t.dispose());

type Row = Record<string, any>;
const list = async (query = '') => {
  const res = await staff.get(`/api/person/resume/list${query}`);
  expect(res.status).toBe(200);
  return res.body.data as { data: Row[]; total: number; next_cursor: string | null };
};

describe('the submitted resumes list', () => {
  it('lists only submitted resumes, newest first, with the demo ones', async () => {
    const page = await list('?per_page=100');
    expect(page.total).toBe(41);
    expect(page.data[0]!.national_code).toBe(submittedCode);
    expect(page.data.some((r) => r.national_code === draftCode)).toBe(false);
    expect(page.data[0]).toMatchObject({
      first_name: 'علی',
      education_level: 'master',
      field: 'مدیریت مالی',
      board_seats: 2,
      review_status: 'received',
      is_demo: false,
    });
    expect(typeof page.data[0]!.experience_years).toBe('number');
    const times = page.data.map((r) => r.submitted_at as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.data.filter((r) => r.is_demo)).toHaveLength(40);
  });

  it('sorts by experience, board seats, education rank and name', async () => {
    const byExp = (await list('?sortBy=experience_years&descending=true&per_page=100')).data;
    const exp = byExp.map((r) => r.experience_years as number);
    expect([...exp].sort((a, b) => b - a)).toEqual(exp);
    const bySeats = (await list('?sortBy=board_seats&descending=false&per_page=100')).data.map(
      (r) => r.board_seats as number,
    );
    expect([...bySeats].sort((a, b) => a - b)).toEqual(bySeats);
    const byRank = (await list('?sortBy=education_rank&descending=true&per_page=100')).data;
    expect(byRank[0]!.education_level).toBe('doctorate');
    expect((await list('?sortBy=last_name')).data.length).toBeGreaterThan(0);
    const bad = await staff.get('/api/person/resume/list?sortBy=mobile');
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.message)).toBe(true);
  });

  it('filters by level, field, ranges, status, gender, national code and q', async () => {
    const masters = await list('?education_level=master&per_page=100');
    expect(masters.data.every((r) => r.education_level === 'master')).toBe(true);
    const range = encodeURIComponent(
      JSON.stringify([
        { field: 'experience_years', op: 'gte', value: 5 },
        { field: 'board_seats', op: 'lte', value: 2 },
        { field: 'field', op: 'contains', value: 'مالي' },
      ]),
    );
    const ranged = await list(`?advanceFilter=${range}&per_page=100`);
    expect(ranged.data.length).toBeGreaterThan(0);
    for (const r of ranged.data) {
      expect(r.experience_years).toBeGreaterThanOrEqual(5);
      expect(r.board_seats).toBeLessThanOrEqual(2);
      expect(r.field).toContain('مالی');
    }
    const since = encodeURIComponent(
      JSON.stringify([
        { field: 'submitted_at', op: 'gte', value: new Date(Date.now() - 3600_000).toISOString() },
      ]),
    );
    expect((await list(`?advanceFilter=${since}`)).data.map((r) => r.national_code)).toEqual([submittedCode]);
    const received = await list('?review_status=received&per_page=100');
    expect(received.data.every((r) => r.review_status === 'received')).toBe(true);
    const women = await list('?gender=female&per_page=100');
    expect(women.data.every((r) => r.gender === 'female')).toBe(true);
    expect((await list(`?national_code=${submittedCode}`)).total).toBe(1);
    expect((await list(`?q=${encodeURIComponent('علي رضایی')}`)).data.map((r) => r.national_code)).toContain(
      submittedCode,
    );
    expect((await list(`?q=${submittedCode.slice(0, 6)}`)).total).toBeGreaterThanOrEqual(1);
  });

  it('pages by cursor', async () => {
    const first = await list('?per_page=15');
    expect(first.next_cursor).toBeTruthy();
    const second = await list(`?per_page=15&cursor=${first.next_cursor}`);
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(30);
  });

  it('is refused to guests (401) and to roles without resumes (403)', async () => {
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.50.1.1');
    expect((await viewer.get('/api/person/resume/list')).status).toBe(403);
    expect((await t.client({ ip: '10.50.1.2' }).get('/api/person/resume/list')).status).toBe(401);
  });
});

describe('one resume', () => {
  it('shows a submitted resume with its review and documents; 404 for a draft or unknown code', async () => {
    const res = await staff.get(`/api/person/resume/view/${submittedCode}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.review).toEqual({ status: 'received', note: null, reviewed_at: null, reviewed_by: null });
    expect(d.documents).toHaveLength(3);
    const file = await staff.get(`/api/person/resume/view/${submittedCode}/documents/${d.photo.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const draft = await staff.get(`/api/person/resume/view/${draftCode}`);
    expect(draft.status).toBe(404);
    expect(draft.body.message).toBe('رزومه‌ای با این کد ملی یافت نشد');
    expect((await staff.get(`/api/person/resume/view/${draftCode}/documents/${d.photo.id}`)).status).toBe(
      404,
    );
    expect((await staff.get('/api/person/resume/view/123')).status).toBe(422);
    // a demo resume (no files) still shows
    const [demo] = await t.db.select().from(guests).where(eq(guests.isDemo, true)).limit(1);
    const shown = await staff.get(`/api/person/resume/view/${demo!.nationalCode}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.personal.birth_city.name).toBeTruthy();
    expect(shown.body.data.educations.length).toBeGreaterThan(0);
    expect(shown.body.data.provisions.every((p: { accepted: boolean }) => p.accepted)).toBe(true);
  });
});

describe('review', () => {
  it('sets the status of several resumes in one go, one audit row each', async () => {
    const rows = await t.db
      .select({ id: guests.id })
      .from(guests)
      .where(and(isNotNull(guests.submittedAt), eq(guests.reviewStatus, 'received')))
      .limit(3);
    const ids = rows.map((r) => r.id);
    const res = await staff.post('/api/person/resume/review', {
      json: { ids, status: 'shortlisted', note: 'مناسب' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ updated: 3 });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'resume.review'));
    expect(audits).toHaveLength(3);
    expect(audits[0]!.before).toEqual({ review_status: 'received', review_note: null });
    expect(audits[0]!.after).toEqual({ review_status: 'shortlisted', review_note: 'مناسب' });
    const [one] = await t.db.select().from(guests).where(eq(guests.id, ids[0]!));
    const view = await staff.get(`/api/person/resume/view/${one!.nationalCode}`);
    expect(view.body.data.review).toMatchObject({ status: 'shortlisted', note: 'مناسب' });
    expect(view.body.data.review.reviewed_by).toBeTruthy();
  });

  it('changes nothing when one id is not a submitted resume (422)', async () => {
    const [draft] = await t.db
      .select({ id: guests.id })
      .from(guests)
      .where(eq(guests.nationalCode, draftCode));
    const [ok] = await t.db.select().from(guests).where(isNotNull(guests.submittedAt)).limit(1);
    const before = await rowCounts(t.db, { auditLog });
    const res = await staff.post('/api/person/resume/review', {
      json: { ids: [ok!.id, draft!.id], status: 'rejected' },
    });
    expect(res.status).toBe(422);
    expect(isPersian(res.body.errors.ids[0])).toBe(true);
    const [after] = await t.db.select().from(guests).where(eq(guests.id, ok!.id));
    expect(after!.reviewStatus).toBe(ok!.reviewStatus);
    expect(await rowCounts(t.db, { auditLog })).toEqual(before);
    const empty = await staff.post('/api/person/resume/review', { json: { ids: [], status: 'rejected' } });
    expect(empty.status).toBe(422);
    const badStatus = await staff.post('/api/person/resume/review', {
      json: { ids: [ok!.id], status: 'hired' },
    });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors.status).toBeTruthy();
  });
});

describe('managed questions and provisions', () => {
  it('creates, changes, lists and deletes a question; an answered one cannot be deleted (409)', async () => {
    const created = await staff.post('/api/person/resume/term-conditions', {
      json: {
        question: 'آیا گواهی‌نامه حاکمیت شرکتی دارید؟',
        kind: 'yes_no',
        required: false,
        active: true,
        sort: 100,
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ kind: 'yes_no', answers: 0 });
    const changed = await staff.request('PUT', `/api/person/resume/term-conditions/${id}`, {
      json: {
        question: 'آیا گواهی‌نامه حاکمیت شرکتی دارید؟',
        kind: 'yes_no',
        required: true,
        active: false,
        sort: 5,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ required: true, active: false, sort: 5 });
    const all = await staff.get('/api/person/resume/term-conditions');
    expect(all.body.data.length).toBe(6);
    const answered = all.body.data.find((x: { answers: number }) => x.answers > 0);
    const refused = await staff.request('DELETE', `/api/person/resume/term-conditions/${answered.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('پاسخ داده شده است؛ به‌جای حذف آن را غیرفعال کنید');
    expect((await staff.request('DELETE', `/api/person/resume/term-conditions/${id}`)).status).toBe(200);
    expect(await t.db.select().from(resumeTerms).where(eq(resumeTerms.id, id))).toHaveLength(0);
    expect((await staff.request('DELETE', `/api/person/resume/term-conditions/${id}`)).status).toBe(404);
    const bad = await staff.post('/api/person/resume/term-conditions', {
      json: { question: 'کم', kind: 'many', required: 1 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(
      expect.arrayContaining(['question', 'kind', 'required', 'active']),
    );
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'resume_term'));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('does the same for provisions; a new active provision must be accepted by new applicants', async () => {
    const created = await staff.post('/api/person/resume/provisions', {
      json: {
        title: 'پایبندی به منشور اخلاقی',
        body: 'متعهد می‌شوم منشور اخلاقی مدیران را رعایت کنم.',
        active: true,
        sort: 60,
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const own = t.client({ ip: '10.50.2.1' });
    await verifyGuest(t, own, newNationalCode(), '09360000021');
    const detail = (await own.get('/api/person/resume')).body.data;
    expect(detail.provisions.map((p: { id: number }) => p.id)).toContain(id);
    const updated = await staff.request('PUT', `/api/person/resume/provisions/${id}`, {
      json: {
        title: 'پایبندی به منشور اخلاقی',
        body: 'متعهد می‌شوم منشور اخلاقی مدیران را همواره رعایت کنم.',
        active: false,
        sort: 60,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.active).toBe(false);
    const all = (await staff.get('/api/person/resume/provisions')).body.data;
    const accepted = all.find((p: { accepted_by: number }) => p.accepted_by > 0);
    const refused = await staff.request('DELETE', `/api/person/resume/provisions/${accepted.id}`);
    expect(refused.status).toBe(409);
    expect(isPersian(refused.body.message)).toBe(true);
    expect((await staff.request('DELETE', `/api/person/resume/provisions/${id}`)).status).toBe(200);
    expect(await t.db.select().from(resumeProvisions).where(eq(resumeProvisions.id, id))).toHaveLength(0);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'resume_provision'));
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('is refused to roles without resumes.manage (403) and to guests (401)', async () => {
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.50.3.1');
    expect((await viewer.get('/api/person/resume/provisions')).status).toBe(403);
    const guest = t.client({ ip: '10.50.3.2' });
    await verifyGuest(t, guest, newNationalCode(), '09360000031');
    expect((await guest.get('/api/person/resume/term-conditions')).status).toBe(401);
  });
});
