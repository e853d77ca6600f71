import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/list.ts';
import type {
  ChainsAnswer,
  CompanyOwners,
  CompareAnswer,
  HolderHoldings,
  OwnershipGraphAnswer,
  ReviewAnswer,
} from '../../src/contract/ownership.ts';
import { legalSearchText } from '../../src/domain/persian-text.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { refreshStateClassesIfStale } from '../../src/server/modules/ownership/classes.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Issue 17 through the API, on a small portfolio of its own inside the demo database (its
 * companies hold and are held only among themselves):
 *   MIN (a state entity) —60%→ HOLD —50%→ A —40%→ B —30%→ A (a cross-holding)
 *   X (a true person) —50%→ B;  P —?→ C (unknown share);  HOLD —70%→ C;  OLD —80%→ D until 2020-03-19,
 *   then HOLD —80%→ D from 2020-03-20;  Y —20%→ D.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
type Name = 'MIN' | 'HOLD' | 'A' | 'B' | 'C' | 'P' | 'OLD' | 'D' | 'X' | 'Y';
const id = {} as Record<Name, number>;
const L = (name: keyof typeof id) => `L${id[name]}`;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.17.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.17.0.2');
  for (const name of ['MIN', 'HOLD', 'A', 'B', 'C', 'P', 'OLD', 'D'] as const) {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO legal_persons (name, kind, is_state_entity, search_text)
          VALUES (${`مالکیت آزمون ${name}`}, ${name === 'MIN' ? 'ministry' : 'company'}, ${name === 'MIN'},
            ${legalSearchText(`مالکیت آزمون ${name}`, null, null)})
          RETURNING id`,
    );
    id[name] = row!.id;
  }
  const [x] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO true_persons (first_name, last_name, search_text) VALUES ('سهامدار', 'آزمون', 'سهامدار آزمون') RETURNING id`,
  );
  id.X = x!.id;
  const [y] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO true_persons (first_name, last_name, search_text) VALUES ('سهامدار', 'دوم', 'سهامدار دوم') RETURNING id`,
  );
  id.Y = y!.id;
  const legal = (
    holder: Name,
    company: Name,
    pct: number | null,
    from: string | null = null,
    to: string | null = null,
  ) => sql`(${id[company]}, 'legal', ${id[holder]}, NULL, ${pct}, ${from}::date, ${to}::date)`;
  const natural = (holder: Name, company: Name, pct: number) =>
    sql`(${id[company]}, 'true', NULL, ${id[holder]}, ${pct}, NULL, NULL)`;
  await t.db.execute(sql`INSERT INTO shareholdings (company_id, holder_type, holder_legal_id, holder_true_id, percentage, valid_from, valid_to)
    VALUES ${sql.join(
      [
        legal('MIN', 'HOLD', 0.6),
        legal('HOLD', 'A', 0.5),
        legal('A', 'B', 0.4),
        legal('B', 'A', 0.3),
        natural('X', 'B', 0.5),
        legal('P', 'C', null),
        legal('HOLD', 'C', 0.7),
        legal('OLD', 'D', 0.8, null, '2020-03-19'),
        legal('HOLD', 'D', 0.8, '2020-03-20'),
        natural('Y', 'D', 0.2),
      ],
      sql`, `,
    )}`);
});
afterAll(() => t.dispose());

/** Declared indirect interests, as an import of BODS keeps them (directness 'indirect'). */
async function declare(holder: 'legal' | 'true', holderId: number, company: number, share: number) {
  await t.db.execute(sql`INSERT INTO shareholdings (company_id, holder_type, holder_legal_id, holder_true_id, percentage, directness)
    VALUES (${company}, ${holder}, ${holder === 'legal' ? holderId : null}, ${holder === 'true' ? holderId : null}, ${share}, 'indirect')`);
}

describe('GET /api/ownership/legal-persons/:id/owners', () => {
  it('answers direct and integrated shares, corrected for the cross-holding, and the controller', async () => {
    const res = await auditor.get(`/api/ownership/legal-persons/${id.A}/owners`);
    expect(res.status).toBe(200);
    const d = res.body.data as CompanyOwners;
    const by = new Map(d.holders.map((h) => [h.holder.key, h]));
    // A: HOLD 50% directly; the A→B→A loop 0.12: HOLD's integrated 0.5/0.88; B's 0.3 (corrected);
    // MIN 0.6·0.5/0.88; X 0.5·0.3/0.88 (X → B → A, B in the cycle: X is not)
    expect(by.get(L('HOLD'))!.direct).toBeCloseTo(0.5, 9);
    expect(by.get(L('HOLD'))!.integrated).toBeCloseTo(0.5 / 0.88, 12);
    expect(by.get(L('B'))!.integrated).toBeCloseTo(0.3, 12);
    expect(by.get(L('MIN'))!.integrated).toBeCloseTo(0.3 / 0.88, 12);
    expect(by.get(L('MIN'))!.direct).toBeNull();
    expect(by.get(`T${id.X}`)!.integrated).toBeCloseTo(0.15 / 0.88, 12);
    expect(by.has(L('A'))).toBe(false);
    // sorted by integrated share
    const figures = d.holders.map((h) => h.integrated ?? -1);
    expect(figures).toEqual([...figures].sort((a, b) => b - a));
    // the state (MIN) holds 0.3/0.88 = 34%: affiliated; HOLD controls A with 50% + nothing? no:
    // 0.5 is not above 0.5, so nobody controls A
    expect(d.company.state_class).toBe('state-affiliated');
    expect(d.company.state_share).toBeCloseTo(0.3 / 0.88, 12);
    expect(d.controller.kind).toBe('none');
  });
  it('lets the threshold change the controller', async () => {
    const d = (await auditor.get(`/api/ownership/legal-persons/${id.A}/owners?threshold=0.45`)).body
      .data as CompanyOwners;
    expect(d.controller.kind).toBe('controller');
    if (d.controller.kind !== 'controller') return;
    // HOLD (50% > 45%) and MIN (60% of HOLD) above it: the ultimate controller is MIN, through HOLD
    expect(d.controller.controller.key).toBe(L('MIN'));
    expect(d.controller.path.map((n) => n.key)).toEqual([L('MIN'), L('HOLD'), L('A')]);
  });
  it('names the link of unknown share instead of a figure', async () => {
    const d = (await auditor.get(`/api/ownership/legal-persons/${id.C}/owners`)).body.data as CompanyOwners;
    const p = d.holders.find((h) => h.holder.key === L('P'))!;
    expect(p.integrated).toBeNull();
    expect(p.direct).toBeNull();
    expect(p.direct_unknown).toBe(true);
    expect(p.unknown_links.map((l) => [l.holder.key, l.company.key])).toEqual([[L('P'), L('C')]]);
    // the state's 0.6·0.7 = 42% through HOLD is known; P's unknown link does not reach the state
    expect(d.company.state_share).toBeCloseTo(0.42, 12);
  });
  it('reads the holdings valid on the date asked', async () => {
    const before = (await auditor.get(`/api/ownership/legal-persons/${id.D}/owners?as_of=2020-03-19`)).body
      .data as CompanyOwners;
    expect(before.holders.map((h) => h.holder.key).sort()).toEqual([L('OLD'), `T${id.Y}`].sort());
    expect(before.company.state_class).toBe('private');
    expect(before.controller.kind === 'controller' && before.controller.controller.key).toBe(L('OLD'));
    const after = (await auditor.get(`/api/ownership/legal-persons/${id.D}/owners?as_of=2020-03-20`)).body
      .data as CompanyOwners;
    expect(after.holders.map((h) => h.holder.key)).toContain(L('MIN'));
    expect(after.company.state_share).toBeCloseTo(0.48, 12);
    expect(after.company.state_class).toBe('state-affiliated');
    // HOLD controls D (80%) and MIN controls HOLD (60%): the state controls D
    expect(after.controlled_by_state).toBe(true);
    expect(after.controller.kind === 'controller' && after.controller.controller.key).toBe(L('MIN'));
  });
  it('refuses a bad date or threshold with a Persian 422, and an unknown company with 404', async () => {
    for (const q of [
      'as_of=1403-01-01x',
      'as_of=2024-02-30',
      'threshold=1',
      'threshold=0',
      'threshold=abc',
    ]) {
      const res = await auditor.get(`/api/ownership/legal-persons/${id.A}/owners?${q}`);
      expect(res.status, q).toBe(422);
      expect(isPersian(res.body.message), q).toBe(true);
    }
    expect((await auditor.get('/api/ownership/legal-persons/2147483000/owners')).status).toBe(404);
  });
});

describe('GET /api/ownership/holders/:key/holdings and /chains', () => {
  it('answers what a holder holds through every chain, and what it controls', async () => {
    const d = (await auditor.get(`/api/ownership/legal-persons/${id.MIN}/holdings`)).body
      .data as HolderHoldings;
    const by = new Map(d.holdings.map((h) => [h.company.key, h]));
    expect(by.get(L('HOLD'))!.integrated).toBeCloseTo(0.6, 12);
    expect(by.get(L('HOLD'))!.controls).toBe(true);
    expect(by.get(L('A'))!.integrated).toBeCloseTo(0.3 / 0.88, 12);
    expect(by.get(L('B'))!.integrated).toBeCloseTo(0.12 / 0.88, 12);
    expect(by.get(L('C'))!.integrated).toBeCloseTo(0.42, 12);
    expect(by.get(L('C'))!.controls).toBe(true);
    const person = (await auditor.get(`/api/ownership/true-persons/${id.X}/holdings`)).body
      .data as HolderHoldings;
    expect(person.holder.type).toBe('true');
    expect(person.holdings.map((h) => h.company.key).sort()).toEqual([L('A'), L('B')].sort());
    expect((await auditor.get('/api/ownership/legal-persons/2147483000/holdings')).status).toBe(404);
    expect((await auditor.get('/api/ownership/true-persons/99999999999/holdings')).status).toBe(422);
  });
  it('explains a figure: the chains, largest first, and what the cycle adds', async () => {
    const res = await auditor.get(`/api/ownership/chains?holder=${L('MIN')}&company=${L('B')}`);
    expect(res.status).toBe(200);
    const d = res.body.data as ChainsAnswer;
    expect(d.chains.map((c) => c.nodes.map((n) => n.key))).toEqual([[L('MIN'), L('HOLD'), L('A'), L('B')]]);
    expect(d.chains[0]!.product).toBeCloseTo(0.12, 12);
    expect(d.integrated).toBeCloseTo(0.12 / 0.88, 12);
    // the rest: the walks round the A–B loop
    expect(d.rest).toBeCloseTo(0.12 / 0.88 - 0.12, 12);
  });
});

describe('GET /api/ownership/graph/:key', () => {
  it('draws the owners upward with every link counted, and pages a node by "open"', async () => {
    const res = await analyst.get(`/api/ownership/graph/${id.A}?direction=up&depth=4`);
    expect(res.status).toBe(200);
    const g = res.body.data as OwnershipGraphAnswer;
    expect(g.nodes[0]!.key).toBe(L('A'));
    const keys = g.nodes.map((n) => n.key).sort();
    expect(keys).toEqual([L('A'), L('HOLD'), L('B'), L('MIN'), `T${id.X}`].sort());
    for (const n of g.nodes) expect(n.links_shown).toBeLessThanOrEqual(n.links_total);
    const a = g.nodes.find((n) => n.key === L('A'))!;
    expect([a.links_total, a.links_shown]).toEqual([2, 2]);
    // one link of A shown: the larger (HOLD 50%), one more counted
    const paged = (await analyst.get(`/api/ownership/graph/${id.A}?direction=up&open=${L('A')}:1`)).body
      .data as OwnershipGraphAnswer;
    expect(paged.nodes.map((n) => n.key)).toEqual([L('A'), L('HOLD')]);
    expect(paged.nodes[0]!.links_total - paged.nodes[0]!.links_shown).toBe(1);
    expect(paged.edges).toEqual([
      expect.objectContaining({ holder: L('HOLD'), company: L('A'), share: 0.5, ended: false }),
    ]);
  });
  it('shows ended holdings only when asked, and the control path downward', async () => {
    const g = (await analyst.get(`/api/ownership/graph/${id.D}?direction=up`)).body
      .data as OwnershipGraphAnswer;
    expect(g.edges.some((e) => e.ended)).toBe(false);
    const ended = (await analyst.get(`/api/ownership/graph/${id.D}?direction=up&include_ended=1`)).body
      .data as OwnershipGraphAnswer;
    expect(ended.edges.find((e) => e.holder === L('OLD'))).toMatchObject({
      ended: true,
      valid_to: '2020-03-19',
    });
    const down = (await analyst.get(`/api/ownership/graph/${id.MIN}?direction=down&depth=3`)).body
      .data as OwnershipGraphAnswer;
    const onPath = down.nodes
      .filter((n) => n.on_control_path)
      .map((n) => n.key)
      .sort();
    expect(onPath).toEqual([L('MIN'), L('HOLD'), L('C'), L('D')].sort());
  });
  it('refuses a malformed open list, and a role without the graph', async () => {
    expect((await auditor.get(`/api/ownership/graph/${id.A}`)).status).toBe(403);
    const res = await analyst.get(`/api/ownership/graph/${id.A}?open=A:1`);
    expect(res.status).toBe(422);
    expect(isPersian(res.body.message)).toBe(true);
  });
});

describe('the state class in the lists, and the state flag', () => {
  it('filters the legal persons by class, and a change of the flag reclassifies at once', async () => {
    const list = async (q: string) =>
      (
        (
          await auditor.get(
            `/api/person/legal-persons?q=${encodeURIComponent('مالکیت آزمون')}&${q}&per_page=50`,
          )
        ).body.data as ListPage<{ id: number; state_class: string }>
      ).data;
    await refreshStateClassesIfStale(t.db);
    const all = await list('');
    expect(all.map((r) => r.id).sort(), JSON.stringify(all)).toEqual(
      (['MIN', 'HOLD', 'A', 'B', 'C', 'P', 'OLD', 'D'] as const).map((n) => id[n]).sort(),
    );
    const cls = new Map(all.map((r) => [r.id, r.state_class]));
    expect(cls.get(id.MIN)).toBe('state');
    expect(cls.get(id.HOLD)).toBe('state-owned');
    expect(cls.get(id.A)).toBe('state-affiliated');
    expect(cls.get(id.P)).toBe('private');
    const owned = await list('state_class=state-owned');
    expect(owned.map((r) => r.id).sort()).toEqual([id.HOLD].sort());

    // the auditor may not change it; the analyst may
    expect(
      (
        await auditor.request('PUT', `/api/ownership/state-entities/${id.P}`, {
          json: { is_state_entity: true },
        })
      ).status,
    ).toBe(403);
    const res = await analyst.request('PUT', `/api/ownership/state-entities/${id.P}`, {
      json: { is_state_entity: true },
    });
    expect(res.status).toBe(200);
    const after = new Map((await list('')).map((r) => [r.id, r.state_class]));
    expect(after.get(id.P)).toBe('state');
    // C: P's unknown share now reaches the state, so its share is not computable; but the state
    // controls C (MIN holds 60% of HOLD, which holds 70% of C): affiliated, not unknown
    expect(after.get(id.C)).toBe('state-affiliated');
    const c = (await auditor.get(`/api/ownership/legal-persons/${id.C}/owners`)).body.data as CompanyOwners;
    expect([c.company.state_share, c.controlled_by_state]).toEqual([null, true]);
    const [audit] = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'legal_person' AND entity_id = ${String(id.P)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.action).toBe('state-entity');
    expect(
      (
        await analyst.request('PUT', `/api/ownership/state-entities/${id.P}`, {
          json: { is_state_entity: false },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await analyst.request('PUT', `/api/ownership/state-entities/${id.P}`, {
          json: { is_state_entity: 'yes' },
        })
      ).status,
    ).toBe(422);
  });
});

describe('declared versus computed, and two dates compared', () => {
  it('lists the declared indirect interests the computed figures disagree with, beside the holder view', async () => {
    await declare('legal', id.MIN, id.A, 0.3); // computed 0.3/0.88 = 34.09%: disagrees
    await declare('true', id.X, id.A, 0.15 / 0.88); // agrees
    const res = await auditor.get('/api/ownership/review');
    expect(res.status).toBe(200);
    const d = res.body.data as ReviewAnswer;
    const mine = d.rows.filter((r) => r.company.key === L('A'));
    expect(mine.map((r) => r.holder.key)).toEqual([L('MIN')]);
    expect(mine[0]!.declared).toBeCloseTo(0.3, 9);
    expect(mine[0]!.computed).toBeCloseTo(0.3 / 0.88, 12);
    expect(mine[0]!.difference).toBeCloseTo(0.3 / 0.88 - 0.3, 9);
    // the company's holders carry the declared figure beside the computed one
    const owners = (await auditor.get(`/api/ownership/legal-persons/${id.A}/owners`)).body
      .data as CompanyOwners;
    const min = owners.holders.find((h) => h.holder.key === L('MIN'))!;
    expect([min.declared_indirect, min.disagrees]).toEqual([0.3, true]);
    const x = owners.holders.find((h) => h.holder.key === `T${id.X}`)!;
    expect(x.disagrees).toBe(false);
    // a declared interest is never a link: A's direct holders are unchanged
    expect(min.direct).toBeNull();
  });
  it("compares two dates company by company: D's state share and control came with the transfer", async () => {
    const res = await auditor.get('/api/ownership/compare?from=2020-03-19&to=2020-03-20');
    expect(res.status).toBe(200);
    const d = res.body.data as CompareAnswer;
    const dRow = d.rows.find((r) => r.company.key === L('D'))!;
    expect(dRow.before).toEqual({ share: 0, class: 'private', controlled_by_state: false });
    expect(dRow.after.class).toBe('state-affiliated');
    expect(dRow.after.share).toBeCloseTo(0.48, 12);
    expect(dRow.share_change).toBeCloseTo(0.48, 12);
    expect([dRow.class_changed, dRow.control_changed]).toEqual([true, true]);
    // A did not change between the two days
    expect(d.rows.some((r) => r.company.key === L('A'))).toBe(false);
    const bad = await auditor.get('/api/ownership/compare?from=2020-03-21&to=2020-03-20');
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.message)).toBe(true);
  });
});
