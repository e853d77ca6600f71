import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/list.ts';
import type { CompanyOwners } from '../../src/contract/ownership.ts';
import type {
  StructureApplyAnswer,
  StructureDraftDetail,
  StructureDraftRow,
} from '../../src/contract/structure.ts';
import { todayIso } from '../../src/domain/jalali.ts';
import { dayBefore } from '../../src/domain/ownership/structure.ts';
import { legalSearchText } from '../../src/domain/persian-text.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import {
  auditLog,
  roles,
  shareholdings,
  structureDrafts,
  userRoles,
  users,
} from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { refreshStateClassesIfStale } from '../../src/server/modules/ownership/classes.ts';
import { type ApiClient, DEMO_PASSWORD, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

/**
 * Drafts of a change of the corporate structure (issue 17) through the API, on a small portfolio
 * of its own inside the demo database:
 *   MIN (a state entity) —60%→ A —70%→ B;  P (a true person) —40%→ A;  Q (a true person) —30%→ B;
 *   R (a true person) —100%→ C.
 * Transferring 20% of A from MIN to P: A's state share 60% → 40% (state-owned → affiliated, its
 * controller MIN → P); B's 0.6·0.7 = 42% → 0.4·0.7 = 28% (affiliated, controller MIN → P, via A).
 */

let t: TestApp;
let analyst: ApiClient;
let second: ApiClient;
let auditor: ApiClient;
const id = {} as Record<'MIN' | 'A' | 'B' | 'C' | 'P' | 'Q' | 'R', number>;
const L = (n: 'MIN' | 'A' | 'B' | 'C') => `L${id[n]}`;
const T = (n: 'P' | 'Q' | 'R') => `T${id[n]}`;
const BASE = '/api/ownership/structure-drafts';

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.18.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.18.0.2');
  // a second analyst
  const [user] = await t.db
    .insert(users)
    .values({
      username: 'analyst_two',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'کاوه',
      lastName: 'رستمی',
      status: 'active',
    })
    .returning({ id: users.id });
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(sql`${roles.name} = 'analyst'`);
  await t.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  second = await clientAs(t, 'analyst_two', 'analyst', '10.18.0.3');

  for (const name of ['MIN', 'A', 'B', 'C'] as const) {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO legal_persons (name, kind, is_state_entity, search_text, share_count)
          VALUES (${`ساختار آزمون ${name}`}, ${name === 'MIN' ? 'ministry' : 'company'}, ${name === 'MIN'},
            ${legalSearchText(`ساختار آزمون ${name}`, null, null)}, ${name === 'A' ? 1_000_000 : null})
          RETURNING id`,
    );
    id[name] = row!.id;
  }
  for (const name of ['P', 'Q', 'R'] as const) {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO true_persons (first_name, last_name, search_text) VALUES ('سهامدار', ${name}, ${`سهامدار ${name}`}) RETURNING id`,
    );
    id[name] = row!.id;
  }
  const legal = (holder: 'MIN' | 'A', company: 'A' | 'B', pct: number) =>
    sql`(${id[company]}, 'legal', ${id[holder]}, NULL, ${pct})`;
  const natural = (holder: 'P' | 'Q' | 'R', company: 'A' | 'B' | 'C', pct: number) =>
    sql`(${id[company]}, 'true', NULL, ${id[holder]}, ${pct})`;
  await t.db.execute(sql`INSERT INTO shareholdings (company_id, holder_type, holder_legal_id, holder_true_id, percentage)
    VALUES ${sql.join(
      [
        legal('MIN', 'A', 0.6),
        natural('P', 'A', 0.4),
        legal('A', 'B', 0.7),
        natural('Q', 'B', 0.3),
        natural('R', 'C', 1),
      ],
      sql`, `,
    )}`);
  await refreshStateClassesIfStale(t.db);
});
afterAll(() => t.dispose());

const transfer = (share: number) => ({
  kind: 'transfer',
  company: L('A'),
  from: L('MIN'),
  to: T('P'),
  share,
});
let draft: StructureDraftDetail;
let rival: StructureDraftDetail;

describe('drafting a change', () => {
  it('creates a draft and previews the state share, class and controller of A and of B downstream', async () => {
    const res = await analyst.post(BASE, {
      json: { title: 'واگذاری بخشی از الف', operations: [transfer(0.2)] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    draft = res.body.data as StructureDraftDetail;
    expect(draft).toMatchObject({
      status: 'draft',
      version: 1,
      mine: true,
      effective_on: null,
      errors: [],
      others: [],
    });
    expect(draft.author?.name).toBe('سارا محمدی');
    expect(draft.companies.map((c) => c.key).sort()).toEqual([L('MIN'), L('A')].sort());
    expect(draft.nodes.find((n) => n.key === T('P'))?.name).toBe('سهامدار P');
    const p = draft.preview!;
    expect(p.as_of).toBe(todayIso());
    expect([p.ended, p.added]).toEqual([2, 2]);
    expect(p.companies.map((c) => c.company.key)).toEqual([L('A'), L('B')]);
    const [a, b] = p.companies;
    expect(a).toMatchObject({ touched: true, changed: true, class_changed: true, controller_changed: true });
    expect(a!.before).toMatchObject({ state_class: 'state-owned', controlled_by_state: true });
    expect(a!.before.state_share).toBeCloseTo(0.6, 12);
    expect(a!.after).toMatchObject({ state_class: 'state-affiliated', controlled_by_state: false });
    expect(a!.after.state_share).toBeCloseTo(0.4, 12);
    expect(a!.share_change).toBeCloseTo(-0.2, 12);
    expect(a!.before.controller).toMatchObject({
      kind: 'controller',
      holders: [{ holder: { key: L('MIN') } }],
    });
    expect(a!.after.controller.holders[0]).toMatchObject({
      holder: { key: T('P'), name: 'سهامدار P' },
      share: 0.6,
    });
    expect(a!.holders.map((h) => [h.holder.key, h.before, h.after])).toEqual([
      [L('MIN'), 0.6, 0.4],
      [T('P'), 0.4, 0.6],
    ]);
    expect(b).toMatchObject({
      touched: false,
      changed: true,
      class_changed: false,
      controller_changed: true,
    });
    expect(b!.before.state_share).toBeCloseTo(0.42, 12);
    expect(b!.after.state_share).toBeCloseTo(0.28, 12);
    expect(b!.after.controller.holders[0]!.holder.key).toBe(T('P'));
  });

  it('saves with the version read; a stale version is a Persian 409 and changes nothing', async () => {
    const ok = await analyst.request('PUT', `${BASE}/${draft.id}`, {
      json: { title: 'واگذاری بیست درصد الف', operations: [transfer(0.2)], version: 1 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    draft = ok.body.data as StructureDraftDetail;
    expect([draft.version, draft.title]).toEqual([2, 'واگذاری بیست درصد الف']);
    const stale = await analyst.request('PUT', `${BASE}/${draft.id}`, {
      json: { title: 'نسخه کهنه', operations: [], version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(isPersian(stale.body.message)).toBe(true);
    const again = (await analyst.get(`${BASE}/${draft.id}`)).body.data as StructureDraftDetail;
    expect([again.version, again.title, again.operations.length]).toEqual([2, 'واگذاری بیست درصد الف', 1]);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'structure_draft' AND entity_id = ${String(draft.id)}`,
    );
    expect(audit!.n).toBe(2);
  });

  it('tells two analysts drafting on the same company about each other', async () => {
    const res = await second.post(BASE, {
      json: {
        title: 'واگذاری نیمی از الف',
        effective_on: todayIso(),
        operations: [transfer(0.5)],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rival = res.body.data as StructureDraftDetail;
    expect(rival.others).toEqual([
      expect.objectContaining({
        id: draft.id,
        title: draft.title,
        author: { id: expect.any(Number), name: 'سارا محمدی' },
      }),
    ]);
    const mine = (await analyst.get(`${BASE}/${draft.id}`)).body.data as StructureDraftDetail;
    expect(mine.others.map((o) => [o.id, o.author?.name])).toEqual([[rival.id, 'کاوه رستمی']]);
    // a draft on another company alone is told of nobody
    const apart = (
      await second.post(BASE, {
        json: {
          title: 'شرکت ج',
          operations: [{ kind: 'divest', company: L('C'), holder: T('R'), share: 0.1 }],
        },
      })
    ).body.data as StructureDraftDetail;
    expect(apart.others).toEqual([]);
    // the list: both analysts' drafts, with the warning
    const list = (await analyst.get(`${BASE}?status=draft`)).body.data as StructureDraftRow[];
    const row = list.find((r) => r.id === draft.id)!;
    expect(row.others.map((o) => o.id)).toEqual([rival.id]);
    expect(list.find((r) => r.id === rival.id)!.mine).toBe(false);
    const onlyMine = (await analyst.get(`${BASE}?author=me`)).body.data as StructureDraftRow[];
    expect(onlyMine.every((r) => r.mine)).toBe(true);
    expect(onlyMine.map((r) => r.id)).toContain(draft.id);
  });
});

describe('applying and discarding', () => {
  it('applies in one transaction: holdings, audit rows, and the class in the lists', async () => {
    const today = todayIso();
    const res = await analyst.post(`${BASE}/${draft.id}/apply`, { json: { version: draft.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data as StructureApplyAnswer;
    expect([d.ended, d.added]).toEqual([2, 2]);
    expect(d.reclassified).toBeGreaterThan(0);
    expect(d.draft).toMatchObject({ status: 'applied', effective_on: today, preview: null, others: [] });
    expect(d.draft.closed_by?.name).toBe('سارا محمدی');
    const rows = await queryRows<{
      holder: string;
      pct: string;
      valid_from: string | null;
      valid_to: string | null;
      share_count: string | null;
    }>(
      t.db,
      sql`SELECT COALESCE('L' || holder_legal_id, 'T' || holder_true_id) AS holder, percentage::text AS pct,
            valid_from::text AS valid_from, valid_to::text AS valid_to, share_count::text AS share_count
          FROM shareholdings WHERE company_id = ${id.A} ORDER BY id`,
    );
    expect(rows).toEqual([
      { holder: L('MIN'), pct: '0.600000', valid_from: null, valid_to: dayBefore(today), share_count: null },
      { holder: T('P'), pct: '0.400000', valid_from: null, valid_to: dayBefore(today), share_count: null },
      { holder: L('MIN'), pct: '0.400000', valid_from: today, valid_to: null, share_count: '400000' },
      { holder: T('P'), pct: '0.600000', valid_from: today, valid_to: null, share_count: '600000' },
    ]);
    const audits = await queryRows<{ action: string; entity: string }>(
      t.db,
      sql`SELECT action, entity FROM audit_log
          WHERE (entity = 'shareholding' AND (after->>'structure_draft_id' = ${String(draft.id)} OR before->>'structure_draft_id' = ${String(draft.id)}))
             OR (entity = 'structure_draft' AND entity_id = ${String(draft.id)} AND action = 'apply')
          ORDER BY id`,
    );
    expect(audits.map((a) => `${a.entity}:${a.action}`)).toEqual([
      'shareholding:update',
      'shareholding:update',
      'shareholding:create',
      'shareholding:create',
      'structure_draft:apply',
    ]);
    // the company's history shows the change of its shareholdings
    const history = (await auditor.get(`/api/logs/view-entity/${id.A}/legal_person`)).body.data as {
      entity: string;
    }[];
    expect(history.filter((h) => h.entity === 'shareholding')).toHaveLength(4);
    // the list of legal persons filters by the new class at once
    const list = async (cls: string) =>
      (
        (
          await auditor.get(
            `/api/person/legal-persons?q=${encodeURIComponent('ساختار آزمون')}&state_class=${cls}`,
          )
        ).body.data as ListPage<{ id: number }>
      ).data.map((r) => r.id);
    expect(await list('state-owned')).not.toContain(id.A);
    expect(await list('state-affiliated')).toEqual(expect.arrayContaining([id.A, id.B]));
    const owners = (await auditor.get(`/api/ownership/legal-persons/${id.A}/owners`)).body
      .data as CompanyOwners;
    expect(owners.controller.kind === 'controller' && owners.controller.controller.key).toBe(T('P'));
    // closed: no second application
    const twice = await analyst.post(`${BASE}/${draft.id}/apply`, { json: { version: d.draft.version } });
    expect(twice.status).toBe(409);
  });

  it('refuses a draft that no longer applies with a 409 naming the operation, and writes nothing', async () => {
    const fresh = (await second.get(`${BASE}/${rival.id}`)).body.data as StructureDraftDetail;
    expect(fresh.preview).toBeNull();
    expect(fresh.errors).toEqual([{ index: 0, message: expect.stringContaining('تنها ۴۰٪') }]);
    // the applied draft is closed: the rival is told of nobody now
    expect(fresh.others).toEqual([]);
    const before = await rowCounts(t.db, { shareholdings, auditLog, structureDrafts });
    const res = await second.post(`${BASE}/${rival.id}/apply`, { json: { version: fresh.version } });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('عملیات ۱ (انتقال سهم)');
    expect(res.body.message).toContain('«ساختار آزمون MIN» تنها ۴۰٪ از «ساختار آزمون A» دارد');
    expect(await rowCounts(t.db, { shareholdings, auditLog, structureDrafts })).toEqual(before);
    expect(((await second.get(`${BASE}/${rival.id}`)).body.data as StructureDraftDetail).status).toBe(
      'draft',
    );
  });

  it('discards a draft without touching holdings', async () => {
    const [{ n: holdings }] = (await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM shareholdings`,
    )) as [{ n: number }];
    const stale = await second.post(`${BASE}/${rival.id}/discard`, { json: { version: rival.version + 5 } });
    expect(stale.status).toBe(409);
    const res = await second.post(`${BASE}/${rival.id}/discard`, { json: { version: rival.version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as StructureDraftDetail).status).toBe('discarded');
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM shareholdings`);
    expect(after!.n).toBe(holdings);
    const discarded = (await analyst.get(`${BASE}?status=discarded`)).body.data as StructureDraftRow[];
    expect(discarded.map((r) => r.id)).toContain(rival.id);
    const edit = await second.request('PUT', `${BASE}/${rival.id}`, {
      json: { title: 'دوباره', operations: [], version: rival.version + 1 },
    });
    expect(edit.status).toBe(409);
    expect(isPersian(edit.body.message)).toBe(true);
  });
});

describe('two applications at once', () => {
  it('applies one and refuses the other when both move the same holding', async () => {
    // MIN holds 40% of A now: each draft moves 30% of it, only one can
    const make = async (c: ApiClient, title: string) =>
      (await c.post(BASE, { json: { title, operations: [transfer(0.3)] } })).body
        .data as StructureDraftDetail;
    const one = await make(analyst, 'نخستین');
    const two = await make(second, 'دومین');
    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
    const answers = await Promise.all([
      analyst.post(`${BASE}/${one.id}/apply`, { json: { version: one.version } }),
      second.post(`${BASE}/${two.id}/apply`, { json: { version: two.version } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [held] = await queryRows<{ pct: string }>(
      t.db,
      sql`SELECT sum(percentage)::text AS pct FROM shareholdings
          WHERE company_id = ${id.A} AND holder_legal_id = ${id.MIN} AND valid_to IS NULL`,
    );
    expect(Number(held!.pct)).toBeCloseTo(0.1, 9);
  });
});

describe('refusals', () => {
  it('lets only ownership.manage in: the auditor is refused', async () => {
    expect((await auditor.get(BASE)).status).toBe(403);
    expect((await auditor.post(BASE, { json: { title: 'x', operations: [] } })).status).toBe(403);
    expect((await auditor.get(`${BASE}/${draft.id}`)).status).toBe(403);
    expect((await auditor.post(`${BASE}/${draft.id}/apply`, { json: { version: 1 } })).status).toBe(403);
  });

  it('refuses bad input with a Persian 422 and writes nothing', async () => {
    const before = await rowCounts(t.db, { structureDrafts, auditLog });
    const bad = [
      { title: '', operations: [] },
      { title: 'سهم بیش از یک', operations: [transfer(1.5)] },
      { title: 'سهم صفر', operations: [transfer(0)] },
      { title: 'کلید نادرست', operations: [{ ...transfer(0.1), from: 'X12' }] },
      { title: 'شرکت حقیقی', operations: [{ kind: 'remove', company: T('P'), holder: L('MIN') }] },
      { title: 'نوع نادرست', operations: [{ kind: 'split', company: L('A') }] },
      { title: 'تاریخ نادرست', effective_on: '1404/01/01', operations: [] },
      { title: 'ادغام', operations: [{ kind: 'merge', absorbed: L('B'), into: L('A'), ratio: 2 }] },
    ];
    for (const body of bad) {
      const res = await analyst.post(BASE, { json: body });
      expect(res.status, body.title).toBe(422);
      expect(isPersian(res.body.message), body.title).toBe(true);
    }
    const missing = await analyst.post(BASE, {
      json: { title: 'شخص ناموجود', operations: [{ ...transfer(0.1), to: 'T2147483000' }] },
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['operations.0.to']);
    expect(isPersian(missing.body.message)).toBe(true);
    expect(await rowCounts(t.db, { structureDrafts, auditLog })).toEqual(before);
    expect((await analyst.get(`${BASE}?status=open`)).status).toBe(422);
    expect((await analyst.get(`${BASE}/2147483000`)).status).toBe(404);
  });
});
