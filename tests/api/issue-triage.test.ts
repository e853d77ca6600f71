import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueBulkAnswer, IssueCounts, IssueRow } from '../../src/contract/issues.ts';
import type { ListPage } from '../../src/contract/list.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Issue 18's triage through the API: a verb on ids or on every issue matching a filter runs in one
 * transaction, audits each issue, leaves the issues it cannot change (with the statechart's
 * reason) and is undone in order; a refusal changes nothing; labels for issues; the counts.
 */

let t: TestApp;
let auditor: ApiClient;
let company: number;
let types: { id: number; name: string }[];
let analystId: number;

beforeAll(async () => {
  t = await startTestApp();
  auditor = await clientAs(t, 'auditor', 'auditor', '10.19.0.1');
  [{ id: company }] = (await queryRows<{ id: number }>(
    t.db,
    sql`SELECT min(id) AS id FROM legal_persons WHERE deleted_at IS NULL`,
  )) as [{ id: number }];
  [{ id: analystId }] = (await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM users WHERE username = 'analyst'`,
  )) as [{ id: number }];
  types = (await auditor.get('/api/issue-types')).body.data;
});
afterAll(() => t.dispose());

/** Raises `n` new issues of `type` and gives their ids. */
async function raise(n: number, type = types[0]!.id, title = 'موضوع آزمون بررسی'): Promise<number[]> {
  const ids: number[] = [];
  for (let k = 0; k < n; k++) {
    const res = await auditor.request('POST', '/api/issues', {
      json: {
        title: `${title} ${k}`,
        object_type: 'legal_person',
        object_id: company,
        issue_type: type,
        priority: '3',
      },
    });
    expect(res.status).toBe(200);
    ids.push(res.body.data.id);
  }
  return ids;
}
const bulk = (json: Record<string, unknown>) => auditor.request('POST', '/api/issues/bulk', { json });
const undo = (id: string) => auditor.request('POST', `/api/bulk-operations/${id}/undo`);
const statuses = async (ids: number[]) =>
  (
    await queryRows<{ id: number; status: string; assignee_id: number | null; priority: number }>(
      t.db,
      sql`SELECT id, status, assignee_id, priority FROM issues WHERE id = ANY(${sql.param(ids)}::int[]) ORDER BY id`,
    )
  ).map((r) => ({ ...r, priority: Number(r.priority) }));
const audits = (operation: string) =>
  queryRows<{ action: string; entity_id: number }>(
    t.db,
    sql`SELECT action, entity_id FROM audit_log WHERE entity = 'issue' AND after->>'bulk_operation' = ${operation} ORDER BY id`,
  );

describe('triage verbs', () => {
  it('accepts a selection in one call, audits each issue, and undoes it', async () => {
    const ids = await raise(3);
    const res = await bulk({ verb: 'move', move: { type: 'ACCEPT' }, ids });
    expect(res.status).toBe(200);
    const answer = res.body.data as IssueBulkAnswer;
    expect(answer).toMatchObject({ changed: 3, skipped: [] });
    expect((await statuses(ids)).map((r) => r.status)).toEqual(['accepted', 'accepted', 'accepted']);
    const written = await audits(answer.operation.id);
    expect(written.map((a) => a.action)).toEqual(['bulk_accept', 'bulk_accept', 'bulk_accept']);
    expect(written.map((a) => Number(a.entity_id)).sort()).toEqual([...ids].sort());

    const back = await undo(answer.operation.id);
    expect(back.status).toBe(200);
    expect(back.body.data.operation.undone_at).toBeTruthy();
    expect((await statuses(ids)).map((r) => r.status)).toEqual(['new', 'new', 'new']);
    expect((await audits(answer.operation.id)).filter((a) => a.action === 'undo_move')).toHaveLength(3);
    // an operation is undone once
    expect((await undo(answer.operation.id)).status).toBe(409);
  });

  it('undoes verbs in order, and leaves an issue changed since as it is', async () => {
    const ids = await raise(2);
    const first = (await bulk({ verb: 'priority', priority: '1', ids })).body.data as IssueBulkAnswer;
    const second = (await bulk({ verb: 'assign', assignee_id: analystId, ids })).body.data as IssueBulkAnswer;
    expect(first.changed).toBe(2);
    expect(second.changed).toBe(2);
    // someone changes the first issue's priority after the verb
    await t.db.execute(sql`UPDATE issues SET priority = 4, version = version + 1 WHERE id = ${ids[0]!}`);
    expect((await undo(second.operation.id)).status).toBe(200);
    expect((await undo(first.operation.id)).status).toBe(200);
    const now = await statuses(ids);
    // each undo gives back only its own verb's field, while that field is still what the verb
    // left: both assignees go back; the priority changed since by someone else stays (4), the
    // other goes back to 3
    expect(now.map((r) => r.assignee_id)).toEqual([null, null]);
    expect(now.map((r) => r.priority)).toEqual([4, 3]);
  });

  it('runs a verb on every issue matching a filter of several types, skipping those it cannot change', async () => {
    const [a, b] = [types[1]!.id, types[2]!.id];
    const mine = [...(await raise(2, a, 'موضوع فیلتر گروهی')), ...(await raise(1, b, 'موضوع فیلتر گروهی'))];
    // one of them is already declined: accepting it is refused by the statechart
    await bulk({ verb: 'move', move: { type: 'DECLINE', reason: 'خارج از حیطه' }, ids: [mine[0]!] });
    const all = { q: 'موضوع فیلتر گروهی', 'issue_type[]': [String(a), String(b)] };
    const matching = (
      await auditor.get(
        `/api/issues?q=${encodeURIComponent(all.q)}&issue_type[]=${a}&issue_type[]=${b}&per_page=100`,
      )
    ).body.data as ListPage<IssueRow>;
    expect(matching.total).toBe(3);
    const res = await bulk({ verb: 'move', move: { type: 'ACCEPT' }, all });
    expect(res.status).toBe(200);
    const answer = res.body.data as IssueBulkAnswer;
    expect(answer.changed).toBe(2);
    expect(answer.skipped).toEqual([{ reason: expect.stringContaining('ردشده'), count: 1 }]);
    expect((await statuses(mine)).map((r) => r.status)).toEqual(['declined', 'accepted', 'accepted']);
  });

  it('refuses a bad verb with a Persian 422 and changes nothing', async () => {
    const ids = await raise(2);
    const before = await statuses(ids);
    for (const body of [
      { verb: 'move', move: { type: 'DECLINE', reason: '  ' }, ids },
      { verb: 'move', move: { type: 'MARK_DUPLICATE', of: 99_999_999 }, ids },
      { verb: 'assign', assignee_id: 99_999, ids },
      { verb: 'move', ids },
      { verb: 'priority', priority: '9', ids },
      { verb: 'move', move: { type: 'ACCEPT' } },
      { verb: 'move', move: { type: 'ACCEPT' }, ids: Array.from({ length: 10_001 }, (_, k) => k + 1) },
    ]) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(isPersian(res.body.message)).toBe(true);
    }
    expect((await bulk({ verb: 'move', move: { type: 'ACCEPT' }, ids: [99_999_998] })).status).toBe(404);
    expect(await statuses(ids)).toEqual(before);
  });

  it('marks a selection as the duplicate of an original, never of itself', async () => {
    const [original, ...copies] = await raise(3);
    const res = await bulk({
      verb: 'move',
      move: { type: 'MARK_DUPLICATE', of: original },
      ids: [original!, ...copies],
    });
    const answer = res.body.data as IssueBulkAnswer;
    expect(answer.changed).toBe(2);
    expect(answer.skipped[0]!.reason).toContain('خودش');
    const rows = await queryRows<{ id: number; duplicate_of: number | null }>(
      t.db,
      sql`SELECT id, duplicate_of FROM issues WHERE id = ANY(${sql.param(copies)}::int[])`,
    );
    expect(rows.every((r) => Number(r.duplicate_of) === original)).toBe(true);
  });

  it('labels issues with a label made for issues only, filters by it, and undoes it', async () => {
    const ids = await raise(2, types[0]!.id, 'موضوع برچسب‌خورده');
    const labels = (await auditor.get('/api/labels/items?object_type=issue')).body.data as {
      id: number;
      name: string;
    }[];
    const forIssues = labels.find((l) => l.name === 'نیازمند مکاتبه')!;
    const personsOnly = (await auditor.get('/api/labels/items?object_type=legal_person')).body.data.find(
      (l: { name: string }) => l.name === 'مشمول ماده ۱۴۱',
    );
    const refused = await bulk({ verb: 'label', label_id: personsOnly.id, ids });
    expect(refused.status).toBe(422);
    const done = (await bulk({ verb: 'label', label_id: forIssues.id, ids })).body.data as IssueBulkAnswer;
    expect(done.changed).toBe(2);
    const listed = (
      await auditor.get(`/api/issues?label=${forIssues.id}&q=${encodeURIComponent('موضوع برچسب‌خورده')}`)
    ).body.data as ListPage<IssueRow>;
    expect(listed.data.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(listed.data[0]!.labels.map((l) => l.name)).toEqual(['نیازمند مکاتبه']);
    expect((await undo(done.operation.id)).status).toBe(200);
    const after = (
      await auditor.get(`/api/issues?label=${forIssues.id}&q=${encodeURIComponent('موضوع برچسب‌خورده')}`)
    ).body.data as ListPage<IssueRow>;
    expect(after.total).toBe(0);
  });

  it('lets only its author undo a verb, and refuses a role without issues', async () => {
    const ids = await raise(1);
    const op = (await bulk({ verb: 'move', move: { type: 'ACCEPT' }, ids })).body.data as IssueBulkAnswer;
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.19.0.2');
    expect((await analyst.request('POST', `/api/bulk-operations/${op.operation.id}/undo`)).status).toBe(403);
    const nomination = await clientAs(t, 'nomination', 'nomination', '10.19.0.3');
    const refused = await nomination.request('POST', '/api/issues/bulk', {
      json: { verb: 'move', move: { type: 'ACCEPT' }, ids },
    });
    expect(refused.status).toBe(403);
    expect((await nomination.get('/api/issues/counts')).status).toBe(403);
  });
});

describe('issue counts', () => {
  it('counts by status, type, company and province, agreeing with the list', async () => {
    const res = await auditor.get('/api/issues/counts');
    expect(res.status).toBe(200);
    const counts = res.body.data as IssueCounts;
    const list = (await auditor.get('/api/issues?per_page=1')).body.data as ListPage<IssueRow>;
    expect(counts.total).toBe(list.total);
    expect(counts.by_status.map((g) => g.key)).toEqual([
      'new',
      'accepted',
      'in_progress',
      'duplicate',
      'declined',
      'snoozed',
      'resolved',
      'closed',
    ]);
    for (const g of [counts.by_status, counts.by_type, counts.by_company, counts.by_province])
      expect(g.reduce((n, x) => n + x.count, 0)).toBe(counts.total);
    const newOnes = (await auditor.get('/api/issues?status=new&per_page=1')).body.data as ListPage<IssueRow>;
    expect(counts.by_status[0]!.count).toBe(newOnes.total);
    expect(counts.by_company.length).toBeLessThanOrEqual(21);
    // a filter narrows the counts as it narrows the list
    const filtered = (await auditor.get(`/api/issues/counts?issue_type=${types[0]!.id}`)).body
      .data as IssueCounts;
    const typed = (await auditor.get(`/api/issues?issue_type=${types[0]!.id}&per_page=1`)).body
      .data as ListPage<IssueRow>;
    expect(filtered.total).toBe(typed.total);
    expect(filtered.by_type).toEqual([
      { key: String(types[0]!.id), name: types[0]!.name, count: typed.total },
    ]);
    const bad = await auditor.get(
      `/api/issues/counts?advanceFilter=${encodeURIComponent(JSON.stringify([{ field: 'nonsense', op: 'eq', value: 1 }]))}`,
    );
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.message)).toBe(true);
  });
});
