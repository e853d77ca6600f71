import { sql } from 'drizzle-orm';
import { formatReferenceNumber, jalaliYearOf, type LetterDirection } from '../../../domain/issues/letters.ts';
import { todayIso } from '../../../domain/jalali.ts';
import type { Db } from '../../db/client.ts';
import { issueLetters } from '../../db/schema/index.ts';
import { queryRows } from '../../http/list.ts';

/** A letter to register on an issue (the reference number is the product's to issue). */
export type LetterToRegister = {
  issueId: number;
  direction: LetterDirection;
  /** the date on the letter (ISO day) */
  letterDate: string;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  createdBy: number | null;
};

/**
 * Takes the next serial of a Jalali year and direction inside the caller's transaction: the
 * counter row is created at 1 or moved up by one, and stays locked until the transaction ends,
 * so concurrent letters of the same series wait for each other and a rolled-back letter gives
 * its number back (no gaps, no duplicates; the unique key on issue_letters (year, direction,
 * serial) stands guard as well).
 */
export async function nextLetterSerial(tx: Db, year: number, direction: LetterDirection): Promise<number> {
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`INSERT INTO letter_counters (year, direction, last) VALUES (${year}, ${direction}, 1)
        ON CONFLICT (year, direction) DO UPDATE SET last = letter_counters.last + 1
        RETURNING last`,
  );
  return Number(row!.last);
}

/**
 * Registers a letter of an issue in one transaction with the next reference number of its
 * series: the Jalali year of the day it is registered (`today`, ISO; the server's today by
 * default) and its direction (domain/issues/letters.ts). Returns the stored row.
 */
export async function registerLetter(db: Db, letter: LetterToRegister, today: string = todayIso()) {
  const year = jalaliYearOf(today);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const serial = await nextLetterSerial(t, year, letter.direction);
    const [row] = await t
      .insert(issueLetters)
      .values({
        ...letter,
        year,
        serial,
        referenceNumber: formatReferenceNumber(year, letter.direction, serial),
      })
      .returning();
    return row!;
  });
}
