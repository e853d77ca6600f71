import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoardEditDetail,
  BoardInput,
  BoardRow,
  CompanyShareholders,
} from '../../src/contract/boards.ts';
import type { ListPage } from '../../src/contract/list.ts';
import { auditLog, boardSeats, boards } from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { BOARD_STALE_MESSAGE } from '../../src/server/modules/boards/save.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, grantRole, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
/** A company with no board yet, two other companies (legal holders) and five true persons. */
let company: number;
let legal: number[];
let people: number[];
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.21.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.21.0.2');
  const companies = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM legal_persons lp WHERE deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM boards b WHERE b.company_id = lp.id) ORDER BY id LIMIT 3`,
  );
  [company, ...legal] = companies.map((r) => r.id) as [number, ...number[]];
  people = (
    await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM true_persons WHERE deleted_at IS NULL ORDER BY id LIMIT 5`,
    )
  ).map((r) => r.id);
});
afterAll(() => t.dispose());

const tables = { boards, seats: boardSeats, audit: auditLog };
const counts = async () => (await rowCounts(t.db, tables)) as Record<keyof typeof tables, number>;

function body(extra: Partial<BoardInput> = {}): BoardInput {
  return {
    company_id: company,
    term_start: '۱۴۰۳/۰۴/۰۱',
    term_end: '1405/03/31',
    approved_by_assembly: true,
    ceo_id: people[0],
    seats: [
      {
        holder_type: 'true',
        holder_id: people[1]!,
        position: 'chairman',
        is_executive: false,
        is_independent: true,
      },
      {
        holder_type: 'legal',
        holder_id: legal[0]!,
        representative_id: people[2],
        position: 'vice_chairman',
        is_executive: true,
        start_date: '۱۴۰۳/۰۴/۰۱',
      },
    ],
    ...extra,
  };
}

describe('boards API', () => {
  let id: number;
  let etag: string;

  it('creates a board with its seats, audited on the company, and lists it', async () => {
    const before = await counts();
    const res = await analyst.post('/api/person/boards', { json: body() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ({ id, etag } = res.body.data);
    // one board, two seats; audit: the board and each seat
    expect(await counts()).toEqual({
      boards: before.boards + 1,
      seats: before.seats + 2,
      audit: before.audit + 3,
    });

    const one = (await analyst.get(`/api/person/boards/${id}`)).body.data as BoardEditDetail;
    expect(one).toMatchObject({
      company: { id: company },
      term_start: '2024-06-21',
      term_end: '2026-06-21',
      approved_by_assembly: true,
      ceo: { id: people[0] },
      etag,
    });
    expect(
      one.seats.map((s) => [s.position, s.holder_type, s.holder.id, s.representative?.id ?? null]),
    ).toEqual([
      ['chairman', 'true', people[1], null],
      ['vice_chairman', 'legal', legal[0], people[2]],
    ]);
    expect(one.seats[1]!.start_date).toBe('2024-06-21');

    const history = (await analyst.get(`/api/logs/view-entity/${company}/legal_person`)).body.data as {
      entity: string;
    }[];
    expect(history.map((h) => h.entity).sort()).toEqual(['board', 'board_seat', 'board_seat']);

    const list = (await analyst.get(`/api/person/boards?company_id=${company}`)).body
      .data as ListPage<BoardRow>;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id, company_id: company, seat_count: 2, ceo_id: people[0] });
  });

  it('lists with paging, sorting and filtering; 422 on an unknown sort', async () => {
    const page = (await analyst.get('/api/person/boards?per_page=5&sortBy=seat_count&descending=true')).body
      .data as ListPage<BoardRow>;
    expect(page.data).toHaveLength(5);
    const counts = page.data.map((r) => r.seat_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const past = (await analyst.get('/api/person/boards?is_current=false&per_page=20')).body
      .data as ListPage<BoardRow>;
    expect(past.data.every((r) => !r.is_current)).toBe(true);
    const bad = await analyst.get('/api/person/boards?sortBy=nope');
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.errors.sortBy[0])).toBe(true);
  });

  it('updates (keeps, changes, adds and removes seats) with the etag, and refuses a stale one with 409', async () => {
    const one = (await analyst.get(`/api/person/boards/${id}`)).body.data as BoardEditDetail;
    const chair = one.seats.find((s) => s.position === 'chairman')!;
    const next = body({
      approved_by_assembly: false,
      seats: [
        {
          id: chair.id,
          holder_type: 'true',
          holder_id: people[1]!,
          position: 'chairman',
          is_independent: false,
        },
        { holder_type: 'true', holder_id: people[3]!, position: 'member' },
      ],
    });
    const before = await counts();
    const res = await analyst.request('PUT', `/api/person/boards/${id}`, { json: { ...next, etag } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.etag).not.toBe(etag);
    // board row changed (approved, seat count), chair changed, one seat added, one removed
    expect(await counts()).toEqual({ ...before, audit: before.audit + 4 });
    const after = (await analyst.get(`/api/person/boards/${id}`)).body.data as BoardEditDetail;
    expect(after.seats.map((s) => [s.id === chair.id, s.holder.id, s.is_independent])).toEqual([
      [true, people[1], false],
      [false, people[3], false],
    ]);

    const stale = await analyst.request('PUT', `/api/person/boards/${id}`, {
      json: { ...next, approved_by_assembly: true, etag },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ stale: true, message: BOARD_STALE_MESSAGE });
    expect(
      ((await analyst.get(`/api/person/boards/${id}`)).body.data as BoardEditDetail).approved_by_assembly,
    ).toBe(false);
    etag = res.body.data.etag;
  });

  it('answers 422 per field in Persian and writes nothing', async () => {
    const seat = (extra: object) => ({
      holder_type: 'true',
      holder_id: people[3]!,
      position: 'member',
      ...extra,
    });
    const cases: [Partial<BoardInput>, string][] = [
      [{ term_end: '۱۴۰۳/۰۱/۰۱' }, 'term_end'],
      [{ term_start: '۱۴۰۳/۱۳/۰۱' }, 'term_start'],
      [{ company_id: 99_999_999 }, 'company_id'],
      [{ ceo_id: 99_999_999 }, 'ceo_id'],
      [{ seats: [seat({ holder_id: 99_999_999 })] as never }, 'seats.0.holder_id'],
      [
        { seats: [seat({ holder_type: 'legal', holder_id: legal[1] })] as never },
        'seats.0.representative_id',
      ],
      [
        {
          seats: [
            seat({ position: 'chairman' }),
            seat({ holder_id: people[4], position: 'chairman' }),
          ] as never,
        },
        'seats.1.position',
      ],
      [{ seats: [seat({}), seat({})] as never }, 'seats.1.holder_id'],
      [
        {
          seats: [
            seat({}),
            seat({ holder_type: 'legal', holder_id: legal[1], representative_id: people[3] }),
          ] as never,
        },
        'seats.1.representative_id',
      ],
    ];
    const before = await counts();
    for (const [change, field] of cases) {
      const res = await analyst.post('/api/person/boards', { json: body(change) });
      expect([field, res.status]).toEqual([field, 422]);
      expect([field, Object.keys(res.body.errors)]).toEqual([field, [field]]);
      expect(isPersian(res.body.errors[field][0])).toBe(true);
    }
    const put = await analyst.request('PUT', `/api/person/boards/${id}`, {
      json: { ...body({ term_end: '۱۴۰۲/۰۱/۰۱' }), etag },
    });
    expect(put.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('refuses a role without person.board (403) and answers 404 for an unknown board', async () => {
    for (const res of [
      await auditor.get('/api/person/boards'),
      await auditor.get(`/api/person/boards/${id}`),
      await auditor.post('/api/person/boards', { json: body() }),
      await auditor.request('PUT', `/api/person/boards/${id}`, { json: { ...body(), etag } }),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await analyst.get('/api/person/boards/99999999')).status).toBe(404);
  });

  it("shows true persons' national codes only to a role holding person.true.view", async () => {
    const seen = (await analyst.get(`/api/person/boards/${id}`)).body.data as BoardEditDetail;
    const trueRefs = (d: BoardEditDetail) =>
      [
        d.ceo,
        ...d.seats.flatMap((s) => [s.holder_type === 'true' ? s.holder : null, s.representative]),
      ].filter((p) => p !== null);
    expect(trueRefs(seen).every((p) => p.national_id)).toBe(true);
    const boardOnly = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'board_only', ['person.board']),
      '10.21.0.3',
    );
    const blind = (await boardOnly.get(`/api/person/boards/${id}`)).body.data as BoardEditDetail;
    expect(trueRefs(blind).length).toBe(trueRefs(seen).length);
    expect(trueRefs(blind).map((p) => p.national_id)).toEqual(trueRefs(seen).map(() => null));
    // the company's national id is public register data, and the etag is the same board's
    expect(blind.company.national_id).toBe(seen.company.national_id);
    expect(blind.etag).toBe(seen.etag);
  });
});

describe('GET /api/person/shareholders/:id', () => {
  it("answers the company's shareholders, largest first, with the total and free float", async () => {
    const [row] = await queryRows<{ company_id: number }>(
      t.db,
      sql`SELECT company_id FROM shareholdings GROUP BY company_id HAVING count(*) > 2 ORDER BY company_id LIMIT 1`,
    );
    const res = await auditor.get(`/api/person/shareholders/${row!.company_id}`);
    expect(res.status).toBe(200);
    const d = res.body.data as CompanyShareholders;
    expect(d.company.id).toBe(row!.company_id);
    const pcts = d.shareholders.map((s) => Number(s.percentage));
    expect(pcts).toEqual([...pcts].sort((a, b) => b - a));
    const sum = pcts.reduce((a, b) => a + b, 0);
    expect(Number(d.total_percentage)).toBeCloseTo(sum, 5);
    expect(Number(d.free_float)).toBeCloseTo(Math.max(0, 1 - sum), 5);
    expect((await auditor.get('/api/person/shareholders/99999999')).status).toBe(404);
  });
});
