import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardEntitlement,
  BoardInterlockRow,
  InterlockRow,
  ShareholdingInterlockRow,
} from '../../src/contract/board-ownership.ts';
import type { ListPage } from '../../src/contract/list.ts';
import { legalSearchText } from '../../src/domain/persian-text.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { interlocksAmong } from '../../src/server/modules/ownership/boards.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, grantRole, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Issue 17, "Boards tied to ownership", through the API on a small portfolio of its own inside
 * the demo database:
 *   MIN (a state entity) —60%→ HOLD;  HOLD —40%→ A;  MIN —10%→ A;  A —30%→ G;  HOLD —?→ B;
 *   MIN —20%→ C;  PRIV —15%→ A;  persons: P 5% of G, R 1% of HOLD.
 *   A's board now (5 main seats + 1 alternate): chairman HOLD (for it P), vice MIN (V), members
 *   Q, R, HOLD (U); alternate MIN (T). A's ended board 2018–2019: 3 seats, MIN (V), Q, PRIV (S).
 *   B's board now: Q, W, X.  C: no board.  E: a board with an alternate only.  F: a board, no holders.
 * The state's integrated share of A is 0.6·0.4 + 0.1 = 0.34 (cumulative: 2 of 5 seats, since
 * 2/6 < 0.34 ≤ 3/6); its votes in A's assembly are HOLD's and MIN's, 0.5 (exactly 3/6: 2 seats).
 */

let t: TestApp;
let auditor: ApiClient;
type Company = 'MIN' | 'HOLD' | 'A' | 'B' | 'C' | 'E' | 'F' | 'G' | 'PRIV';
type Person = 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X';
const id = {} as Record<Company | Person, number>;
const L = (name: Company) => `L${id[name]}`;
const T = (name: Person) => `T${id[name]}`;

async function insertBoard(company: Company, start: string, end: string | null) {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO boards (company_id, term_start, term_end) VALUES (${id[company]}, ${start}::date, ${end}::date) RETURNING id`,
  );
  return row!.id;
}

type SeatSpec = [position: string, holder: Company | null, person: Person];
async function insertSeats(board: number, seats: SeatSpec[]) {
  for (const [position, holder, person] of seats)
    await t.db.execute(sql`INSERT INTO board_seats (board_id, holder_type, holder_legal_id, holder_true_id, representative_id, position)
      VALUES (${board}, ${holder ? 'legal' : 'true'}, ${holder ? id[holder] : null}, ${holder ? null : id[person]},
        ${holder ? id[person] : null}, ${position})`);
}

beforeAll(async () => {
  t = await startTestApp();
  auditor = await clientAs(t, 'auditor', 'auditor', '10.17.2.1');
  for (const name of ['MIN', 'HOLD', 'A', 'B', 'C', 'E', 'F', 'G', 'PRIV'] as const) {
    const title = `هیئت آزمون ${name}`;
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO legal_persons (name, kind, is_state_entity, search_text)
          VALUES (${title}, ${name === 'MIN' ? 'ministry' : 'company'}, ${name === 'MIN'}, ${legalSearchText(title, null, null)})
          RETURNING id`,
    );
    id[name] = row!.id;
  }
  for (const name of ['P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X'] as const) {
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO true_persons (first_name, last_name, search_text)
          VALUES ('عضوآزمون', ${`هیئت${name}`}, ${`عضوآزمونهیئت${name}`}) RETURNING id`,
    );
    id[name] = row!.id;
  }
  const legal = (holder: Company, company: Company, pct: number | null) =>
    sql`(${id[company]}, 'legal', ${id[holder]}, NULL, ${pct})`;
  const natural = (holder: Person, company: Company, pct: number) =>
    sql`(${id[company]}, 'true', NULL, ${id[holder]}, ${pct})`;
  await t.db.execute(sql`INSERT INTO shareholdings (company_id, holder_type, holder_legal_id, holder_true_id, percentage)
    VALUES ${sql.join(
      [
        legal('MIN', 'HOLD', 0.6),
        legal('HOLD', 'A', 0.4),
        legal('MIN', 'A', 0.1),
        legal('PRIV', 'A', 0.15),
        legal('A', 'G', 0.3),
        legal('HOLD', 'B', null),
        legal('MIN', 'C', 0.2),
        natural('P', 'G', 0.05),
        natural('R', 'HOLD', 0.01),
      ],
      sql`, `,
    )}`);
  await insertSeats(await insertBoard('A', '2018-01-01', '2019-12-31'), [
    ['chairman', 'MIN', 'V'],
    ['member', null, 'Q'],
    ['member', 'PRIV', 'S'],
  ]);
  await insertSeats(await insertBoard('A', '2024-01-01', null), [
    ['chairman', 'HOLD', 'P'],
    ['vice_chairman', 'MIN', 'V'],
    ['member', null, 'Q'],
    ['member', null, 'R'],
    ['member', 'HOLD', 'U'],
    ['alternate', 'MIN', 'T'],
  ]);
  await insertSeats(await insertBoard('B', '2024-01-01', null), [
    ['chairman', null, 'Q'],
    ['member', null, 'W'],
    ['member', null, 'X'],
  ]);
  await insertSeats(await insertBoard('E', '2024-01-01', null), [['alternate', null, 'W']]);
  await insertSeats(await insertBoard('F', '2024-01-01', null), [['chairman', null, 'X']]);
});
afterAll(() => t.dispose());

const entitlement = async (name: Company, query = '') => {
  const res = await auditor.get(`/api/ownership/legal-persons/${id[name]}/board-entitlement${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as BoardEntitlement;
};

describe('GET /api/ownership/legal-persons/:id/board-entitlement', () => {
  it("sets the state's entitled seats beside the seats held for it, with the representatives", async () => {
    const d = await entitlement('A');
    expect(d.board?.term_start).toBe('2024-01-01');
    expect(d.seats).toBe(5);
    expect(d.state_share).toBeCloseTo(0.34, 12);
    expect(d.entitled).toEqual({ cumulative: 2, majority: 0, next_above: 0.5 });
    // the votes of MIN and of HOLD (controlled: 60%) in A's assembly: 0.5, exactly 3/6: 2 seats
    expect(d.votes.share).toBeCloseTo(0.5, 12);
    expect(d.votes.seats?.cumulative).toBe(2);
    // HOLD's two seats and MIN's vice chair; MIN's alternate is listed but not counted
    expect(d.held).toBe(3);
    expect(d.difference).toBe(1);
    expect(d.reason).toBeNull();
    const seats = d.state_seats.map((s) => [s.position, s.holder.key, s.via, s.representative?.id]);
    expect(seats).toEqual([
      ['chairman', L('HOLD'), 'controlled', id.P],
      ['vice_chairman', L('MIN'), 'state-entity', id.V],
      ['member', L('HOLD'), 'controlled', id.U],
      ['alternate', L('MIN'), 'state-entity', id.T],
    ]);
    expect(d.state_seats[0]!.control_share).toBeCloseTo(0.6, 12);
    expect(d.state_seats[0]!.representative?.name).toBe('عضوآزمون هیئتP');
  });

  it('reads the board of the date asked, and the control threshold', async () => {
    const old = await entitlement('A', '?as_of=2019-06-01');
    expect(old.board?.term_end).toBe('2019-12-31');
    expect(old.seats).toBe(3);
    // 0.34 of 3 seats: 1/4 < 0.34 ≤ 2/4, one seat; MIN's chair is the state's
    expect(old.entitled?.cumulative).toBe(1);
    expect(old.held).toBe(1);
    expect(old.difference).toBe(0);
    // at a 65% threshold MIN's 60% does not control HOLD: HOLD's seats are not the state's
    const strict = await entitlement('A', '?threshold=0.65');
    expect(strict.held).toBe(1);
    expect(strict.votes.share).toBeCloseTo(0.1, 12);
    expect(strict.entitled?.cumulative).toBe(2);
  });

  it('says why a figure is not computable, in Persian, naming the link of unknown share', async () => {
    const b = await entitlement('B');
    expect(b.seats).toBe(3);
    expect(b.state_share).toBeNull();
    expect(b.entitled).toBeNull();
    expect(b.difference).toBeNull();
    expect(b.reason).toBe('unknown-share');
    expect(isPersian(b.reason_text)).toBe(true);
    expect(b.unknown_links.map((l) => [l.holder.key, l.company.key])).toContainEqual([L('HOLD'), L('B')]);
    const c = await entitlement('C');
    expect([c.reason, c.board, c.seats]).toEqual(['no-board', null, null]);
    expect(c.state_share).toBeCloseTo(0.2, 12);
    expect((await entitlement('E')).reason).toBe('no-seats');
    const f = await entitlement('F');
    expect([f.reason, f.seats, f.state_share]).toEqual(['no-holders', 1, null]);
    expect((await entitlement('MIN')).reason).toBe('no-board');
  });

  it('refuses a bad date or threshold (422) and an unknown company (404), in Persian', async () => {
    for (const q of ['?as_of=2024-02-30', '?threshold=2']) {
      const res = await auditor.get(`/api/ownership/legal-persons/${id.A}/board-entitlement${q}`);
      expect(res.status, q).toBe(422);
      expect(isPersian(res.body.message), q).toBe(true);
    }
    const res = await auditor.get('/api/ownership/legal-persons/2147483000/board-entitlement');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('شخص حقوقی یافت نشد');
  });
});

const interlocks = async (query: string) => {
  const res = await auditor.get(`/api/ownership/interlocks?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ListPage<InterlockRow>;
};

describe('GET /api/ownership/interlocks', () => {
  it('lists a person on several current boards with every seat (ended boards not counted)', async () => {
    const page = await interlocks(`kind=board&company_id=${id.B}`);
    // two boards each, by name: Q (A, B), W (B, and E as an alternate), X (B, F)
    expect(page.data.map((r) => r.id)).toEqual([T('Q'), T('W'), T('X')]);
    const q = page.data[0] as BoardInterlockRow;
    expect(q.boards).toBe(2);
    expect(q.seats.map((s) => [s.company.key, s.position, s.for?.key ?? null])).toEqual([
      [L('A'), 'member', null],
      [L('B'), 'chairman', null],
    ]);
    // V sat for MIN on A's ended board and sits on A's current one: one board, no interlock
    expect((await interlocks(`kind=board&company_id=${id.A}`)).data.map((r) => r.id)).toEqual([T('Q')]);
    // on the ended board's day, Q sat on A only (B's board began in 2024)
    expect((await interlocks(`kind=board&company_id=${id.A}&as_of=2019-06-01`)).total).toBe(0);
  });

  it("lists board members holding shares in a company tied to their board's company", async () => {
    const rows = (await interlocks(`kind=shareholding&company_id=${id.A}`))
      .data as ShareholdingInterlockRow[];
    const found = rows.map((r) => [r.person.key, r.seat.company.key, r.seat.position, r.related.key]);
    // P sits on A (for HOLD) and holds 5% of G, which A holds 30% of;
    // R sits on A and holds 1% of HOLD, which holds 40% of A
    expect(found).toEqual([
      [T('P'), L('A'), 'chairman', L('G')],
      [T('R'), L('A'), 'member', L('HOLD')],
    ]);
    const [p, r] = rows;
    expect(p!.person_share).toBeCloseTo(0.05, 9);
    expect(p!.seat.for?.key).toBe(L('HOLD'));
    expect(p!.ties.map((x) => [x.holder.key, x.company.key, x.share])).toEqual([[L('A'), L('G'), 0.3]]);
    expect(r!.ties.map((x) => [x.holder.key, x.company.key, x.share])).toEqual([[L('HOLD'), L('A'), 0.4]]);
    // filtered by the related company
    expect((await interlocks(`kind=shareholding&company_id=${id.G}`)).data.map((x) => x.person.key)).toEqual([
      T('P'),
    ]);
  });

  it('answers the whole portfolio, searched, sorted and paged; and measures it', async () => {
    const started = performance.now();
    const first = await interlocks('kind=board&per_page=500');
    const ms = performance.now() - started;
    const block = performance.now();
    await interlocks('kind=board&per_page=100&offset=300');
    const blockMs = performance.now() - block;
    console.info(
      `board interlocks of the portfolio: ${first.total} persons, first 500 in ${ms.toFixed(0)} ms, a block of 100 in ${blockMs.toFixed(0)} ms`,
    );
    expect(first.total).toBeGreaterThan(1);
    const counts = first.data.map((r) => (r as BoardInterlockRow).boards);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    if (first.next_cursor) {
      const next = await interlocks(`kind=board&per_page=500&cursor=${first.next_cursor}`);
      expect(next.data[0]?.id).not.toBe(first.data[0]?.id);
      expect(first.data.length + next.data.length).toBe(Math.min(first.total, 1000));
    }
    const searched = await interlocks(`kind=board&q=${encodeURIComponent('عضوآزمون هیئتQ')}`);
    expect(searched.data.map((r) => r.id)).toEqual([T('Q')]);
    // a company's name finds the persons on its board
    const byCompany = await interlocks(`kind=shareholding&q=${encodeURIComponent('هیئت آزمون G')}`);
    expect(byCompany.data.map((r) => r.person.key)).toEqual([T('P')]);
    const byName = await interlocks('kind=board&sortBy=person&per_page=200');
    const names = byName.data.map((r) => r.person.name);
    const collator = new Intl.Collator('fa');
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it('refuses a bad kind, sort, cursor or date (422) and an unknown company (404), in Persian', async () => {
    for (const q of [
      'kind=trade',
      'kind=board&sortBy=related',
      'sortBy=person,person',
      'cursor=abc',
      'as_of=2024-13-01',
    ]) {
      const res = await auditor.get(`/api/ownership/interlocks?${q}`);
      expect(res.status, q).toBe(422);
      expect(isPersian(res.body.message), q).toBe(true);
    }
    const res = await auditor.get('/api/ownership/interlocks?company_id=2147483000');
    expect(res.status).toBe(404);
    expect(isPersian(res.body.message)).toBe(true);
  });

  it('is refused to a role without the view of legal persons', async () => {
    const role = await grantRole(t, 'auditor', 'boards_no_view', ['dashboard']);
    const other = await clientAs(t, 'auditor', role, '10.17.2.2');
    expect((await other.get('/api/ownership/interlocks')).status).toBe(403);
    expect((await other.get(`/api/ownership/legal-persons/${id.A}/board-entitlement`)).status).toBe(403);
    expect((await other.get(`/api/ownership/graph/${id.HOLD}/interlocks`)).status).toBe(403);
  });
});

describe('GET /api/ownership/graph/:id/interlocks (the graph screens)', () => {
  type Among = { as_of: string; board: BoardInterlockRow[]; shareholding: ShareholdingInterlockRow[] };
  const among = async (query: Record<string, string>) => {
    const res = await auditor.get(`/api/ownership/graph/${id.HOLD}/interlocks?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    const body = res.body as { data: Among };
    return {
      board: body.data.board.map((r) => [r.person.key, r.seats.map((s) => s.company.key)]),
      shareholding: body.data.shareholding.map((r) => [r.person.key, r.seat.company.key, r.related.key]),
    };
  };

  it('answers the interlocks among the nodes of the same graph, whatever its parameters', async () => {
    // HOLD's subsidiaries two levels down: A, B and G (through A)
    expect(await among({ direction: 'down', depth: '2' })).toEqual({
      board: [[T('Q'), [L('A'), L('B')]]],
      // P on A's board holds G, which A holds; R on A's board holds HOLD, which holds A
      shareholding: [
        [T('P'), L('A'), L('G')],
        [T('R'), L('A'), L('HOLD')],
      ],
    });
    // one level: G is not drawn, so P's tie is not either
    expect(await among({ direction: 'down', depth: '1' })).toEqual({
      board: [[T('Q'), [L('A'), L('B')]]],
      shareholding: [[T('R'), L('A'), L('HOLD')]],
    });
    // only A opened, one link: B is not drawn, so Q sits on one board of the graph
    expect(await among({ direction: 'down', open: `${L('HOLD')}:1` })).toEqual({
      board: [],
      shareholding: [[T('R'), L('A'), L('HOLD')]],
    });
  });

  it('refuses what the graph refuses (422) and an unknown company (404), in Persian', async () => {
    const bad = await auditor.get(`/api/ownership/graph/${id.HOLD}/interlocks?depth=9`);
    expect(bad.status).toBe(422);
    expect(isPersian(JSON.stringify(bad.body))).toBe(true);
    const missing = await auditor.get('/api/ownership/graph/999999999/interlocks');
    expect(missing.status).toBe(404);
  });
});

describe('interlocksAmong (for the graph screens)', () => {
  it('keeps the seats and ties among the companies given', async () => {
    const among = await interlocksAmong(t.db, [id.A, id.B, id.G]);
    expect(among.board.map((r) => [r.person.key, r.seats.map((s) => s.company.key)])).toEqual([
      [T('Q'), [L('A'), L('B')]],
    ]);
    // P (A → G) is inside; R's HOLD is not among them
    expect(among.shareholding.map((r) => [r.person.key, r.related.key])).toEqual([[T('P'), L('G')]]);
    const without = await interlocksAmong(t.db, [id.A, id.G]);
    expect(without.board).toEqual([]);
  });
});
