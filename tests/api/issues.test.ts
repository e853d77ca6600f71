import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueDetail, IssueRow } from '../../src/contract/issues.ts';
import type { ListPage } from '../../src/contract/list.ts';
import { tehranTimestamp } from '../../src/domain/jalali.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Issue 18 through the API: an auditor raises issues about companies, lists them by one type or
 * several (`issue_type[]`), changes one, moves its status through the statechart (refusals are a
 * Persian 422 and change nothing), registers letters with reference numbers, and deletes it.
 */

let t: TestApp;
let auditor: ApiClient;
let company: number;
let types: { id: number; name: string }[];
let auditorId: number;

beforeAll(async () => {
  t = await startTestApp();
  auditor = await clientAs(t, 'auditor', 'auditor', '10.18.0.1');
  [{ id: company }] = (await queryRows<{ id: number }>(
    t.db,
    sql`SELECT min(id) AS id FROM legal_persons WHERE deleted_at IS NULL`,
  )) as [{ id: number }];
  [{ id: auditorId }] = (await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM users WHERE username = 'auditor'`,
  )) as [{ id: number }];
  types = (await auditor.get('/api/issue-types')).body.data;
});
afterAll(() => t.dispose());

const raise = (over: Record<string, unknown> = {}) =>
  auditor.request('POST', '/api/issues', {
    json: {
      title: 'عدم ارسال صورت‌های مالی سال ۱۴۰۴',
      object_type: 'legal_person',
      object_id: company,
      issue_type: types[0]!.id,
      priority: '2',
      ...over,
    },
  });
const move = (id: number, json: Record<string, unknown>) =>
  auditor.request('POST', `/api/issues/${id}/moves`, { json });

describe('issues', () => {
  it('raises an issue about a company, and reads it back with its allowed moves', async () => {
    const res = await raise({ description: '**مهلت** گذشته است', assignee_id: auditorId });
    expect(res.status).toBe(200);
    const issue = res.body.data as IssueDetail;
    expect(issue).toMatchObject({
      status: 'new',
      priority: '2',
      issue_type: types[0]!.id,
      assignee_id: auditorId,
    });
    expect(issue.object).not.toBe('');
    expect(issue.allowed_moves).toEqual(['ACCEPT', 'MARK_DUPLICATE', 'DECLINE', 'SNOOZE']);
    const again = await auditor.get(`/api/issues/${issue.id}`);
    expect(again.body.data.description).toBe('**مهلت** گذشته است');
    const [audit] = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'issue' AND entity_id = ${String(issue.id)}`,
    );
    expect(audit!.action).toBe('create');
  });

  it('lists by one issue type or several (issue_type[]), and by status', async () => {
    // among the demo's issues, three of this test's own (found by a word of their titles)
    await raise({ issue_type: types[1]!.id, title: 'مغایرت سهامداری زرافه' });
    await raise({ issue_type: types[2]!.id, title: 'ترکیب هیئت مدیره زرافه' });
    await raise({ issue_type: types[3]!.id, title: 'مجمع زرافه' });
    const q = encodeURIComponent('زرافه');
    const list = async (query: string) =>
      (await auditor.get(`/api/issues?${query}`)).body.data as ListPage<IssueRow>;
    const one = await list(`q=${q}&issue_type=${types[1]!.id}`);
    expect(one.data.map((r) => r.issue_type)).toEqual([types[1]!.id]);
    const several = await list(
      `q=${q}&issue_type[]=${types[1]!.id}&issue_type[]=${types[2]!.id}&sortBy=title&descending=false`,
    );
    expect(several.data.map((r) => r.title)).toEqual(['ترکیب هیئت مدیره زرافه', 'مغایرت سهامداری زرافه']);
    const all = await list(`issue_type[]=${types[1]!.id}&issue_type[]=${types[2]!.id}&per_page=500`);
    expect(new Set(all.data.map((r) => r.issue_type))).toEqual(new Set([types[1]!.id, types[2]!.id]));
    const fresh = await list('status=new&per_page=500');
    expect(fresh.data.length).toBeGreaterThanOrEqual(3);
    expect(new Set(fresh.data.map((r) => r.status))).toEqual(new Set(['new']));
  });

  it('moves the status through the statechart, and refuses in Persian what it refuses', async () => {
    const { id } = (await raise()).body.data as IssueDetail;
    // a blank reason, the issue as its own duplicate, a snooze to today: 422, nothing changed
    for (const bad of [
      { type: 'DECLINE', reason: '   ' },
      { type: 'MARK_DUPLICATE', of: id },
      { type: 'SNOOZE', until: tehranTimestamp(new Date()).slice(0, 10) },
      { type: 'RESOLVE' },
    ]) {
      const res = await move(id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(isPersian(res.body.errors.type[0])).toBe(true);
    }
    expect((await auditor.get(`/api/issues/${id}`)).body.data.status).toBe('new');
    const accepted = await move(id, { type: 'ACCEPT' });
    expect(accepted.body.data).toMatchObject({ status: 'accepted' });
    expect(accepted.body.data.allowed_moves).toContain('START');
    const declined = await move(id, { type: 'DECLINE', reason: 'خارج از حوزهٔ نظارت' });
    expect(declined.body.data).toMatchObject({ status: 'declined', decline_reason: 'خارج از حوزهٔ نظارت' });
    const missing = await move(id, { type: 'REOPEN', reason: 'بازبینی' });
    expect(missing.body.data.status).toBe('new');
    const original = (await raise()).body.data as IssueDetail;
    const dup = await move(id, { type: 'MARK_DUPLICATE', of: original.id });
    expect(dup.body.data).toMatchObject({ status: 'duplicate', duplicate_of: original.id });
    expect((await move(id, { type: 'MARK_DUPLICATE', of: 999_999 })).status).toBe(422);
    const moves = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'issue' AND action = 'move' AND entity_id = ${String(id)}`,
    );
    expect(moves[0]!.n).toBe(4);
  });

  it('registers letters in and out with their reference numbers, and shows them on the issue', async () => {
    const { id } = (await raise()).body.data as IssueDetail;
    const letter = (direction: 'in' | 'out') =>
      auditor.request('POST', `/api/issues/${id}/letters`, {
        json: {
          direction,
          letter_date: '2026-11-20',
          sender: 'سازمان',
          recipient: 'شرکت',
          subject: 'درخواست صورت‌های مالی',
          body: 'با سلام',
        },
      });
    const out1 = await letter('out');
    const out2 = await letter('out');
    const in1 = await letter('in');
    expect(out1.status).toBe(200);
    const year = out1.body.data.reference_number.split('/')[0];
    expect(out2.body.data.reference_number).toBe(
      `${year}/ص/${Number(out1.body.data.reference_number.split('/')[2]) + 1}`,
    );
    expect(in1.body.data.reference_number).toMatch(new RegExp(`^${year}/و/\\d+$`));
    const detail = (await auditor.get(`/api/issues/${id}`)).body.data as IssueDetail;
    expect(detail.letters.map((l) => l.direction)).toEqual(['out', 'out', 'in']);
    const bad = await auditor.request('POST', `/api/issues/${id}/letters`, {
      json: { direction: 'sideways', letter_date: '1404/01/01', sender: '', recipient: 'x', subject: 'y' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['direction', 'letter_date', 'sender']);
  });

  it('changes and deletes an issue; refuses a missing person, type or assignee, and an unknown issue', async () => {
    const { id } = (await raise()).body.data as IssueDetail;
    const changed = await auditor.request('PUT', `/api/issues/${id}`, {
      json: {
        title: 'عنوان تازه',
        object_type: 'legal_person',
        object_id: company,
        issue_type: types[3]!.id,
        priority: '1',
        due_date: '2026-12-31',
      },
    });
    expect(changed.body.data).toMatchObject({ title: 'عنوان تازه', priority: '1', due_date: '2026-12-31' });
    const wrong = await raise({ object_id: 999_999_999, issue_type: 999_999, assignee_id: 999_999 });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['assignee_id', 'issue_type', 'object_id']);
    expect((await auditor.request('DELETE', `/api/issues/${id}`)).body.data).toEqual({ deleted: true });
    expect((await auditor.get(`/api/issues/${id}`)).status).toBe(404);
    expect((await move(id, { type: 'ACCEPT' })).status).toBe(404);
  });

  it("keeps details, each with its own status, in order; refuses a blank one and another issue's", async () => {
    const id = (await raise()).body.data.id as number;
    const other = (await raise()).body.data.id as number;
    const add = (issue: number, title: unknown) =>
      auditor.request('POST', `/api/issues/${issue}/details`, { json: { title } });
    const first = (await add(id, 'دریافت صورت‌های مالی حسابرسی‌شده')).body.data;
    const second = (await add(id, 'مکاتبه با حسابرس')).body.data;
    expect(first).toMatchObject({ title: 'دریافت صورت‌های مالی حسابرسی‌شده', done: false });
    const blank = await add(id, '   ');
    expect(blank.status).toBe(422);
    expect(isPersian(blank.body.message)).toBe(true);
    expect((await add(99_999_999, 'x')).status).toBe(404);
    const done = await auditor.request('PATCH', `/api/issues/${id}/details/${second.id}`, {
      json: { done: true },
    });
    expect(done.body.data).toMatchObject({ id: second.id, done: true });
    // a detail is reached only through its own issue
    expect(
      (await auditor.request('PATCH', `/api/issues/${other}/details/${second.id}`, { json: { done: false } }))
        .status,
    ).toBe(404);
    const issue = (await auditor.get(`/api/issues/${id}`)).body.data as IssueDetail;
    expect(issue.details.map((d) => [d.title, d.done])).toEqual([
      ['دریافت صورت‌های مالی حسابرسی‌شده', false],
      ['مکاتبه با حسابرس', true],
    ]);
    expect((await auditor.request('DELETE', `/api/issues/${id}/details/${first.id}`)).status).toBe(200);
    expect((await auditor.get(`/api/issues/${id}`)).body.data.details).toHaveLength(1);
  });

  it('is refused to a role without issues', async () => {
    const nomination = await clientAs(t, 'nomination', 'nomination', '10.18.0.2');
    expect((await nomination.get('/api/issues')).status).toBe(403);
    expect((await nomination.get('/api/issue-types')).status).toBe(403);
  });
});
