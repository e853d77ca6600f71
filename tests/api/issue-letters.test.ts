import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { nextLetterSerial, registerLetter } from '../../src/server/modules/issues/letters.ts';
import { startTestApp } from '../support/api-client.ts';
import type { TestApp } from '../support/auth.ts';

/**
 * Issue 18: the reference numbers of official letters are issued per Jalali year and direction
 * without gaps or duplicates under concurrency, on the engine the suite runs on (PGlite, or
 * PostgreSQL with DATABASE_URL, where the 50 letters really run on several connections).
 */

let t: TestApp;
let issueId: number;

beforeAll(async () => {
  t = await startTestApp();
  const [issue] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO issues (object_type, object_id, issue_type_id, title)
        VALUES ('legal_person', 1, (SELECT min(id) FROM issue_types), 'آزمون شماره نامه') RETURNING id`,
  );
  issueId = issue!.id;
});
afterAll(() => t.dispose());

const letter = (direction: 'in' | 'out', n: number) => ({
  issueId,
  direction,
  letterDate: '2026-05-01',
  sender: 'دبیرخانه',
  recipient: `گیرنده ${n}`,
  subject: `نامه ${n}`,
  body: '',
  createdBy: null,
});

describe('letter reference numbers', () => {
  const last = async (year: number, direction: 'in' | 'out') => {
    const [row] = await queryRows<{ last: number }>(
      t.db,
      sql`SELECT last FROM letter_counters WHERE year = ${year} AND direction = ${direction}`,
    );
    return Number(row?.last ?? 0);
  };

  it('stay gapless and unique under 50 concurrent letters, with rolled-back ones among them', async () => {
    const day = '2026-05-01'; // 1405/02/11
    // the demo's letters have taken the first numbers of the year already
    const before = await last(1405, 'out');
    const failing = Array.from({ length: 5 }, () =>
      t.db
        .transaction(async (tx) => {
          await nextLetterSerial(tx as unknown as Db, 1405, 'out');
          throw new Error('rolled back after taking a number');
        })
        .catch((e: Error) => e.message),
    );
    const letters = Array.from({ length: 50 }, (_, i) => registerLetter(t.db, letter('out', i), day));
    const [rows, failures] = await Promise.all([Promise.all(letters), Promise.all(failing)]);
    expect(failures.every((m) => m === 'rolled back after taking a number')).toBe(true);
    const serials = rows.map((r) => r.serial).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    expect(new Set(rows.map((r) => r.referenceNumber)).size).toBe(50);
    expect(rows.find((r) => r.serial === before + 7)!.referenceNumber).toBe(`1405/ص/${before + 7}`);
    expect(await last(1405, 'out')).toBe(before + 50);
  });

  it('keeps one series per direction and per Jalali year (Nowruz starts a new one)', async () => {
    const [inBefore, outBefore, lastYearBefore] = [
      await last(1405, 'in'),
      await last(1405, 'out'),
      await last(1404, 'out'),
    ];
    const incoming = await registerLetter(t.db, letter('in', 1), '2026-05-01');
    expect(incoming.referenceNumber).toBe(`1405/و/${inBefore + 1}`);
    const lastYear = await registerLetter(t.db, letter('out', 1), '2026-03-20');
    expect(lastYear.referenceNumber).toBe(`1404/ص/${lastYearBefore + 1}`);
    const next = await registerLetter(t.db, letter('out', 2), '2026-03-21');
    expect(next.referenceNumber).toBe(`1405/ص/${outBefore + 1}`);
  });

  it('has the managed issue types seeded by the migration', async () => {
    const types = await queryRows<{ name: string }>(t.db, sql`SELECT name FROM issue_types ORDER BY sort`);
    expect(types.map((r) => r.name)).toContain('ماده ۱۴۱ قانون تجارت');
  });
});
